import { airlockBitcoinRegtest, airlockDevnet, airlockDevnet2, airlockSolanaLocal, type CreateAirlockParameters, type Network } from 'airlock-kit'
import type { DevnetPageConfig } from './config.js'

// What the demo and the headless example (examples/headless/) both need from the dev stack: its
// networks, its service hosts, and a page that says why it could not start.

/** The catalogue's devnet networks, pointed at the RPC ports this stack actually uses; with `local`, its Solana cluster and Bitcoin chain too. */
export function devnetNetworks(config: DevnetPageConfig, { local = true } = {}): Network[] {
  const catalogue: Record<number, Network> = { 31337: airlockDevnet, 31338: airlockDevnet2 }
  const evm = config.chains.map((chain): Network => {
    const base = catalogue[chain.chainId]
    const rpcUrls = { default: { http: [chain.rpcUrl] } }
    return base
      ? { ...base, rpcUrls }
      : { id: chain.chainId, name: chain.name, chainNamespace: 'eip155', caipNetworkId: `eip155:${chain.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls, testnet: true }
  })
  if (!local) return evm
  // The local Solana cluster (litesvm) and Bitcoin regtest chain when the stack runs them: those wallets connect to them.
  const on = (network: Network, url: string | undefined): Network[] => (url ? [{ ...network, rpcUrls: { default: { http: [url] } } }] : [])
  return [...evm, ...on(airlockSolanaLocal, config.solanaRpcUrl), ...on(airlockBitcoinRegtest, config.bitcoinApiUrl)]
}

/** The dev stack's hosts for `createAirlock`, so no request leaves the machine. */
export function devnetServices(config: DevnetPageConfig): CreateAirlockParameters {
  return {
    projectId: config.projectId,
    apiUrl: config.gatewayUrl,
    analyticsUrl: config.gatewayUrl,
    blockchainApiUrl: config.gatewayUrl,
    // WalletConnect pairs through the dev stack's relay.
    ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
    // Email and social login go through the dev frame on its own origin (examples/devnet/frame).
    ...(config.secureSiteUrl ? { secureSiteUrl: config.secureSiteUrl } : {}),
  }
}

/** Runs the page's start-up in `#root`; when it fails, the page says so (in place of the app) and how to start it. */
export function startPage(what: string, boot: (root: HTMLElement) => Promise<void>): void {
  const root = document.getElementById('root')
  if (!root) return
  boot(root).catch((error: unknown) => {
    const message = document.createElement('p')
    message.className = 'boot error'
    message.textContent = `${what} could not start: ${error instanceof Error ? error.message : String(error)}. Start it with \`npm start\`.`
    root.replaceChildren(message)
    console.error(error)
  })
}
