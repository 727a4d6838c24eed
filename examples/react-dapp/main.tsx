import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { airlockSolanaLocal, createAirlock, type Airlock } from 'airlock-kit'
import { createDefaultSiwx, createServerSiwx, type SiwxConfig } from 'airlock-kit/siwx'
import { devOnrampProviders } from '../devnet/devAggregator.js'
import { AirlockProvider } from 'airlock-kit/react'
import { installDevWallet } from '../devnet/devWallet/index.js'
import { installChainDevWallets } from '../devnet/wallets/installChainDevWallets.js'
import { App } from './App.js'
import { loadDevnetConfig, type DevnetPageConfig } from './config.js'
import { devnetNetworks, devnetServices, startPage } from './devnetPage.js'
import './styles.css'

declare global {
  interface Window {
    /** The demo's Airlock instance, for poking at it from the console (`airlock.getState()`). */
    airlock?: Airlock
  }
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
    ...devnetServices(config),
    networks: devnetNetworks(config),
    // Buy's aggregator opens the dev stack's own page, which sells ETH and SOL on the local chains.
    onrampProviders: devOnrampProviders(config.gatewayUrl),
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

startPage('The demo', boot)
