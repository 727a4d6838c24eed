import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { airlockBitcoinRegtest, airlockDevnet, airlockDevnet2, airlockSolanaLocal, createAirlock, type Airlock, type Network } from 'airlock-kit'
import { createDefaultSiwx, createServerSiwx, type SiwxConfig } from 'airlock-kit/siwx'
import { devOnrampProviders } from '../devnet/devAggregator.js'
import { AirlockProvider } from 'airlock-kit/react'
import { installDevWallet } from '../devnet/devWallet/index.js'
import { installChainDevWallets } from '../devnet/wallets/installChainDevWallets.js'
import { App } from './App.js'
import { loadDevnetConfig, type DevnetPageConfig } from './config.js'
import './styles.css'

declare global {
  interface Window {
    /** The demo's Airlock instance, for poking at it from the console (`airlock.getState()`). */
    airlock?: Airlock
  }
}

/** The catalogue's devnet networks, pointed at the RPC ports this stack actually uses. */
function devnetNetworks(config: DevnetPageConfig): Network[] {
  const catalogue: Record<number, Network> = { 31337: airlockDevnet, 31338: airlockDevnet2 }
  const evm = config.chains.map((chain): Network => {
    const base = catalogue[chain.chainId]
    const rpcUrls = { default: { http: [chain.rpcUrl] } }
    return base
      ? { ...base, rpcUrls }
      : { id: chain.chainId, name: chain.name, chainNamespace: 'eip155', caipNetworkId: `eip155:${chain.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls, testnet: true }
  })
  // The local Solana cluster (litesvm) and Bitcoin regtest chain when the stack runs them: those wallets connect to them.
  const on = (network: Network, url: string | undefined): Network[] => (url ? [{ ...network, rpcUrls: { default: { http: [url] } } }] : [])
  return [...evm, ...on(airlockSolanaLocal, config.solanaRpcUrl), ...on(airlockBitcoinRegtest, config.bitcoinApiUrl)]
}

/**
 * `?siwx=required` or `?siwx=optional` turns sign-in with the wallet on, verified in the page;
 * `?siwx=server` signs in against the reference back end (examples/siwx-server/) that the dev
 * stack serves at this origin's `/siwx/` (anything else: off).
 */
function siwxFromUrl(config: DevnetPageConfig): SiwxConfig | undefined {
  const mode = new URLSearchParams(location.search).get('siwx')
  if (mode === 'server') return createServerSiwx({ url: location.origin, statement: 'Sign in to the Airlock demo.' })
  if (mode !== 'required' && mode !== 'optional') return undefined
  // Smart accounts verify through the chain, so the default config gets each devnet RPC.
  const rpcUrls = Object.fromEntries(config.chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl]))
  return createDefaultSiwx({ required: mode === 'required', statement: 'Sign in to the Airlock demo.', rpcUrls })
}

async function boot(root: HTMLElement): Promise<void> {
  const config = await loadDevnetConfig()
  const devWallet = new URLSearchParams(location.search).get('devWallet') !== '0'
  // Before createAirlock, so the first EIP-6963 round already sees it (it also answers later requests).
  if (devWallet) {
    installDevWallet({ chains: config.chains, knownChainIds: [config.chains[0]!.chainId] })
    installChainDevWallets({ solanaRpcUrl: config.solanaRpcUrl, solanaChain: airlockSolanaLocal.caipNetworkId, bitcoinApiUrl: config.bitcoinApiUrl })
  }

  const airlock = createAirlock({
    projectId: config.projectId,
    networks: devnetNetworks(config),
    apiUrl: config.gatewayUrl,
    analyticsUrl: config.gatewayUrl,
    blockchainApiUrl: config.gatewayUrl,
    // Buy's aggregator opens the dev stack's own page, which sells ETH and SOL on the local chains.
    onrampProviders: devOnrampProviders(config.gatewayUrl),
    // WalletConnect pairs through the dev stack's relay, so no request leaves the machine.
    ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
    // Email and social login go through the dev frame on its own origin (examples/devnet/frame).
    ...(config.secureSiteUrl ? { secureSiteUrl: config.secureSiteUrl } : {}),
    metadata: { name: 'Airlock demo', description: 'The Airlock demo dapp on the local dev stack', url: location.origin, icons: [] },
    siwx: siwxFromUrl(config),
  })
  window.airlock = airlock

  createRoot(root).render(
    <StrictMode>
      <AirlockProvider airlock={airlock}>
        <App airlock={airlock} config={config} devWallet={devWallet} />
      </AirlockProvider>
    </StrictMode>,
  )
}

const root = document.getElementById('root')
if (root) {
  boot(root).catch((error: unknown) => {
    const message = document.createElement('p')
    message.className = 'boot error'
    message.textContent = `The demo could not start: ${error instanceof Error ? error.message : String(error)}. Start it with \`npm start\`.`
    root.replaceChildren(message)
    console.error(error)
  })
}
