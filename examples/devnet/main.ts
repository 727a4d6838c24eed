import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from './anvil.js'
import { buildDapp, type DappBundle } from './buildDapp.js'
import { DEFAULT_DEV_PROJECT_ID, DEFAULT_PROJECTS, startGateway, type Gateway } from './gateway.js'
import { DEV_ORIGINS_ENV, readDevOrigins } from './devOrigins.js'
import { hostOptions, type DevHostOptions } from './hostOptions.js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { buildMobileWallet, MOBILE_WALLET_PATH, mobileWalletConfigFile } from './mobileWallet/build.js'
import { assertPortFree, PortConfigError, PORTS, readPorts, STARTED_SERVICES, type DevnetPorts, type PortName } from './ports.js'
import { startRelay, type Relay } from './relay.js'
import { startEsplora, type EsploraServer } from './bitcoin/esploraServer.js'
import { startSolanaRpc, type SolanaRpc } from './solana/solanaRpc.js'
import { DEV_SPL_EACH, DEV_SPL_MINT, giveDevTokens } from './solana/devSplToken.js'
import { DEV_BITCOIN_SATS, DEV_SOLANA_LAMPORTS, devBitcoinAddress, devSolanaKeypair } from './wallets/devChainKeys.js'
import { startDevFrame, type DevFrame } from './frame/startFrameServer.js'
import { airlockSolanaLocal } from '../../core/chains/networks.js'
import { deployDevAssets, type DevAssets } from './contracts/deployDevAssets.js'
import { createBlockchainApi, type DataChain } from './blockchainApi.js'
import { createConvertApi } from './convertApi.js'
import { createOnrampApi } from './onrampApi.js'
import { litesvmTreasury, type TreasuryCluster } from './onrampTreasury.js'
import { createNameRegistry } from './nameRegistry.js'
import { createPublicClient, http } from 'viem'
import { createMailbox } from './mailbox.js'
import { startStaticServer, type StaticFile, type StaticServer } from './staticServer.js'
import { createMemoryNonceStore, createMemorySessionStore } from '../../core/siwx/server/index.js'
import { createSiwxRoutes } from '../siwx-server/siwxRoutes.js'

export { PORTS, PortConfigError, readPorts, type DevnetPorts } from './ports.js'
export { hostOptionsSnippet } from './hostOptions.js'

/** What the dapp page reads from `/devnet-config.json` to build its `createAirlock` call. */
export interface DevnetConfig {
  projectId: string
  gatewayUrl: string
  /** Each anvil chain, with the dev tokens and NFT collection deployed on it at start (examples/devnet/contracts/). */
  chains: { chainId: number; name: string; rpcUrl: string; assets?: DevAssets }[]
  /** The dev wallet's account (the first anvil account) and where funds go in the demo (the second). */
  devAccount: string
  recipient: string
  /** The local WalletConnect relay (`ws://127.0.0.1:P`), the SDK's `relayUrl`. */
  relayUrl: string
  /** The dev secure frame on its own origin (a second port), the SDK's `secureSiteUrl`. */
  secureSiteUrl: string
  /** The Bitcoin regtest chain's Esplora API (examples/devnet/bitcoin/). */
  bitcoinApiUrl: string
  /** The local Solana cluster's JSON-RPC (litesvm, examples/devnet/solana/). */
  solanaRpcUrl: string
}

export interface Devnet {
  readonly ports: Pick<DevnetPorts, (typeof STARTED_SERVICES)[number]>
  readonly urls: { dapp: string; gateway: string; anvil: string; anvil2: string; relay: string; mobileWallet: string; frame: string; bitcoin: string; solana: string }
  readonly config: DevnetConfig
  readonly anvils: readonly [Anvil, Anvil]
  readonly gateway: Gateway
  readonly relay: Relay
  /** The dev secure frame (email, social and farcaster login; keys in its own IndexedDB). */
  readonly frame: DevFrame
  /** The Bitcoin regtest chain behind its Esplora API; `bitcoin.chain.fund(address, sats)` pays an address. */
  readonly bitcoin: EsploraServer
  /** The local Solana cluster (litesvm) behind web3.js's JSON-RPC; `solana.svm.airdrop(address, lamports)` funds an account. */
  readonly solana: SolanaRpc
  readonly bundle: DappBundle
  /** Milliseconds from the call to everything answering. */
  readonly startupMs: number
  /** Closes the servers and stops both anvils; safe to call twice. */
  stop(): Promise<void>
}

export interface StartDevnetOptions {
  /**
   * Ports to use; missing ones come from the environment (`ANVIL_PORT`...) or the defaults.
   * When `ports` is given without `relay`, `frame`, `bitcoin` or `solana`, those take any free port
   * (tests that pick their own ports then never collide on the defaults).
   */
  ports?: Partial<DevnetPorts>
  /** The repository root (default: found from this file). */
  root?: string
  env?: Record<string, string | undefined>
}

/**
 * Starts the local dev stack: two anvil chains (31337, 31338), the API
 * gateway, the WalletConnect relay, and the demo dapp plus the dev mobile
 * wallet page at `/mobile-wallet/` (bundled now with esbuild, served from memory).
 * Every port is checked first, so a busy one fails fast with the env var to
 * change; on any failure whatever already started is stopped again.
 * @example const devnet = await startDevnet({ ports: { dapp: await freePort() } }); await devnet.stop()
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const started = performance.now()
  const ports = { ...readPorts(options.env ?? process.env), ...(options.ports && options.ports.relay === undefined ? { relay: 0 } : {}), ...(options.ports && options.ports.frame === undefined ? { frame: 0 } : {}), ...(options.ports && options.ports.bitcoin === undefined ? { bitcoin: 0 } : {}), ...(options.ports && options.ports.solana === undefined ? { solana: 0 } : {}), ...options.ports }
  const root = options.root ?? findRoot(dirname(fileURLToPath(import.meta.url)))
  // Every busy port at once, so one run tells you all the env vars to change.
  const checks = await Promise.allSettled(STARTED_SERVICES.map((name) => assertPortFree(name, ports[name])))
  const busy = checks.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error)
  if (busy.length === 1) throw busy[0]
  if (busy.length > 1) throw new PortConfigError(busy.map((error) => error.message).join('\n  '))

  const stops: (() => Promise<void>)[] = []
  const track = <T extends { stop?: () => Promise<void>; close?: () => Promise<void> }>(service: T): T => {
    stops.push(() => (service.stop ?? service.close)!.call(service))
    return service
  }
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= Promise.allSettled(stops.splice(0).map((fn) => fn())).then((results) => {
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed) throw failed.reason
    }))

  try {
    const startService = <T>(name: PortName, start: Promise<T>): Promise<T> =>
      start.catch((error: unknown) => {
        throw new Error(`Could not start the ${PORTS[name].what} on port ${ports[name]} (${PORTS[name].env}): ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      })
    const extraOrigins = readDevOrigins(options.env ?? process.env)
    // `GET /dev/options`: the createAirlock options of this stack for a host app on any port (set once everything runs).
    let devOptions: DevHostOptions | null = null
    const devOptionsRoute = (req: IncomingMessage, url: URL, res: ServerResponse): boolean => {
      if (req.method !== 'GET' || url.pathname !== '/dev/options') return false
      res.writeHead(devOptions ? 200 : 503, { 'content-type': 'application/json' })
      res.end(JSON.stringify(devOptions ?? { message: 'The dev stack is still starting' }))
      return true
    }
    const blockchainApi = createBlockchainApi()
    // Swaps (`/v1/convert/*`), settled by the DevSwap pools deployed with the dev assets.
    const convertApi = createConvertApi()
    // The dev on-ramp provider sells on the anvil chains once they run (set below); until then it sells nowhere.
    let onrampChains: { chainId: number; name: string; rpcUrl: string }[] = []
    // …and its aggregator sells SOL on the local Solana cluster once that runs.
    let onrampSolana: TreasuryCluster | null = null
    const onrampApi = createOnrampApi({ chains: () => onrampChains, solana: () => onrampSolana })
    const nameRegistry = createNameRegistry()
    // allSettled, not all: whatever did start must be tracked before a failure stops everything.
    const [anvil, anvil2, gateway, relay, bitcoin, solana, bundle, mobileWallet] = settled(
      await Promise.allSettled([
        startService('anvil', startAnvil({ port: ports.anvil, chainId: 31337 }).then(track)),
        startService('anvil2', startAnvil({ port: ports.anvil2, chainId: 31338 }).then(track)),
        startService(
          'gateway',
          startGateway({
            port: ports.gateway,
            host: '127.0.0.1',
            mailbox: createMailbox({ log: (line) => console.log(line) }),
            // The dev project allows any origin on this machine, and those of AIRLOCK_DEV_ORIGINS.
            projects: { ...DEFAULT_PROJECTS, [DEFAULT_DEV_PROJECT_ID]: { ...DEFAULT_PROJECTS[DEFAULT_DEV_PROJECT_ID], allowedOrigins: [...(DEFAULT_PROJECTS[DEFAULT_DEV_PROJECT_ID]!.allowedOrigins ?? []), ...extraOrigins] } },
            onRefusedOrigin: (origin, projectId) => console.log(`[gateway] ${origin} is not an allowed origin of project ${projectId}: email and social login will refuse it. Allow it with ${DEV_ORIGINS_ENV}=${origin} npm start`),
            routes: async (req, url, res) => devOptionsRoute(req, url, res) || (await blockchainApi.route(req, url, res)) || (await convertApi.route(req, url, res)) || (await onrampApi.route(req, url, res)) || nameRegistry.route(req, url, res),
          }).then(track),
        ),
        startService('relay', startRelay({ port: ports.relay, host: '127.0.0.1' }).then(track)),
        startService('bitcoin', startEsplora({ port: ports.bitcoin, host: '127.0.0.1' }).then(track)),
        startService('solana', startSolanaRpc({ port: ports.solana, host: '127.0.0.1' }).then(track)),
        buildDapp(root).catch((error: unknown) => {
          throw new Error(`Could not bundle the demo dapp: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
        }),
        buildMobileWallet(root).catch((error: unknown) => {
          throw new Error(`Could not bundle the mobile wallet page: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
        }),
      ] as const),
    )
    // The demo's dev Solana and Bitcoin wallets start funded, as anvil's dev accounts do.
    solana.svm.airdrop(devSolanaKeypair().publicKey.toBase58() as never, DEV_SOLANA_LAMPORTS as never)
    // …and hold the dev SPL token (dUSD, 6 decimals), which the data service reads back from the cluster.
    giveDevTokens(solana.svm, devSolanaKeypair().publicKey.toBase58(), DEV_SPL_EACH * 10n ** BigInt(DEV_SPL_MINT.decimals))
    blockchainApi.setSolanaChains([{ caipNetworkId: airlockSolanaLocal.caipNetworkId, svm: solana.svm, mints: [DEV_SPL_MINT] }])
    onrampSolana = litesvmTreasury(solana.svm, airlockSolanaLocal)
    bitcoin.chain.fund(devBitcoinAddress(), DEV_BITCOIN_SATS)
    // The frame's allowed page origins are set once the dapp server has its port (below).
    const frame = await startService('frame', startDevFrame({ port: ports.frame, root, allowedOrigins: extraOrigins, allowLoopback: true, gatewayUrl: gateway.url, chains: [{ chainId: 31337, name: 'Airlock Devnet', rpcUrl: anvil.rpcUrl }, { chainId: 31338, name: 'Airlock Devnet 2', rpcUrl: anvil2.rpcUrl }], solanaChains: [{ caipNetworkId: airlockSolanaLocal.caipNetworkId, name: airlockSolanaLocal.name, rpcUrl: solana.url }] }).then(track))
    // Tokens (one of 6 decimals, one spam) and an NFT collection on both chains, held by the dev accounts.
    const [assets, assets2] = await Promise.all([
      deployDevAssets(anvil.rpcUrl, 31337, `${gateway.url}/dev/nft/31337/`, root),
      deployDevAssets(anvil2.rpcUrl, 31338, `${gateway.url}/dev/nft/31338/`, root),
    ])
    // The gateway's name service checks smart accounts' signatures (ERC-1271) on these chains.
    nameRegistry.setClients(new Map([anvil, anvil2].map((node) => [node.chainId, createPublicClient({ transport: http(node.rpcUrl) })])))
    // The gateway's data service (balances, history, NFTs, prices, their icons and images) reads these chains.
    const dataChains: DataChain[] = [
      { chainId: 31337, rpcUrl: anvil.rpcUrl, assets },
      { chainId: 31338, rpcUrl: anvil2.rpcUrl, assets: assets2 },
    ]
    blockchainApi.setChains(dataChains)
    // …and so does its swap service, on each chain's DevSwap pools.
    convertApi.setChains(dataChains)
    onrampChains = [{ chainId: 31337, name: 'Airlock Devnet', rpcUrl: anvil.rpcUrl }, { chainId: 31338, name: 'Airlock Devnet 2', rpcUrl: anvil2.rpcUrl }]
    const config: DevnetConfig = {
      projectId: DEFAULT_DEV_PROJECT_ID,
      gatewayUrl: gateway.url,
      chains: [
        { chainId: 31337, name: 'Airlock Devnet', rpcUrl: anvil.rpcUrl, assets },
        { chainId: 31338, name: 'Airlock Devnet 2', rpcUrl: anvil2.rpcUrl, assets: assets2 },
      ],
      devAccount: ANVIL_ACCOUNTS[0].address,
      recipient: ANVIL_ACCOUNTS[1].address,
      relayUrl: relay.url,
      secureSiteUrl: frame.url,
      bitcoinApiUrl: bitcoin.url,
      solanaRpcUrl: solana.url,
    }
    const configFile: StaticFile = { body: JSON.stringify(config, null, 2), type: 'application/json; charset=utf-8' }
    const files = new Map<string, StaticFile>([...bundle.files, ['/devnet-config.json', configFile], ...mobileWallet.files, mobileWalletConfigFile(config)])
    // The reference sign-in back end (examples/siwx-server/) on the demo's own origin, for `?siwx=server`;
    // its origins are set once the dapp server has its port, like the frame's.
    let siwxOrigins: string[] = []
    const siwx = createSiwxRoutes({ nonces: createMemoryNonceStore(), sessions: createMemorySessionStore(), get allowedOrigins() { return siwxOrigins }, rpcUrls: Object.fromEntries(config.chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl])) })
    const dapp: StaticServer = await startService('dapp', startStaticServer({ port: ports.dapp, host: '127.0.0.1', root: join(root, 'examples', 'react-dapp'), files: () => files, routes: siwx }).then(track))
    const pageOrigins = [dapp.url, dapp.url.replace('//127.0.0.1:', '//localhost:'), ...extraOrigins]
    frame.setAllowedOrigins(pageOrigins)
    siwxOrigins = pageOrigins
    devOptions = hostOptions(config)
    return {
      ports: { anvil: anvil.port, anvil2: anvil2.port, gateway: gateway.port, relay: relay.port, frame: frame.port, bitcoin: bitcoin.port, solana: solana.port, dapp: dapp.port },
      urls: { dapp: dapp.url, gateway: gateway.url, anvil: anvil.rpcUrl, anvil2: anvil2.rpcUrl, relay: relay.url, mobileWallet: `${dapp.url}${MOBILE_WALLET_PATH}`, frame: frame.url, bitcoin: bitcoin.url, solana: solana.url },
      config,
      anvils: [anvil, anvil2],
      gateway,
      relay,
      frame,
      bitcoin,
      solana,
      bundle,
      startupMs: Math.round(performance.now() - started),
      stop,
    }
  } catch (error) {
    await stop().catch(() => {})
    throw error
  }
}

/** The values of settled promises, or the first failure thrown. */
function settled<T extends readonly unknown[]>(results: { [K in keyof T]: PromiseSettledResult<T[K]> }): T {
  const failure = (results as readonly PromiseSettledResult<unknown>[]).find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failure) throw failure.reason
  return (results as readonly PromiseFulfilledResult<unknown>[]).map((r) => r.value) as unknown as T
}

/** The repository root: the nearest folder up from `from` whose package.json is Airlock's. */
export function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json')
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'airlock-kit') return dir
      } catch {
        // not ours; keep going up
      }
    }
    if (dirname(dir) === dir) throw new Error(`Cannot find the Airlock repository above ${from}`)
  }
}
