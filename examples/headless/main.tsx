// A connect page of the host's own (issue 18 point 2), served by `npm start` at /headless/: no
// modal, no ConnectButton, only the headless hooks of airlock-kit/react (see ConnectPage.tsx).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { airlockDevnet, airlockDevnet2, createAirlock, type Airlock, type Network } from 'airlock-kit'
import { AirlockProvider } from 'airlock-kit/react'
import { installDevWallet } from '../devnet/devWallet/index.js'
import { loadDevnetConfig, type DevnetPageConfig } from '../react-dapp/config.js'
import { ConnectPage } from './ConnectPage.js'
import '../react-dapp/styles.css'
import './headless.css'

declare global {
  interface Window {
    airlock?: Airlock
  }
}

/** The devnet chains at the RPC ports this stack uses (EVM only: this page is about connecting). */
function devnetNetworks(config: DevnetPageConfig): Network[] {
  const catalogue: Record<number, Network> = { 31337: airlockDevnet, 31338: airlockDevnet2 }
  return config.chains.flatMap((chain) => {
    const base = catalogue[chain.chainId]
    return base ? [{ ...base, rpcUrls: { default: { http: [chain.rpcUrl] } } }] : []
  })
}

async function boot(root: HTMLElement): Promise<void> {
  const config = await loadDevnetConfig()
  // The demo's dev wallet, unless `?devWallet=0` (the browser tests inject their own).
  if (new URLSearchParams(location.search).get('devWallet') !== '0') installDevWallet({ chains: config.chains, knownChainIds: [config.chains[0]!.chainId] })
  const airlock = createAirlock({
    projectId: config.projectId,
    networks: devnetNetworks(config),
    apiUrl: config.gatewayUrl,
    analyticsUrl: config.gatewayUrl,
    blockchainApiUrl: config.gatewayUrl,
    ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
    ...(config.secureSiteUrl ? { secureSiteUrl: config.secureSiteUrl } : {}),
    // No modal on this page: the connect UI is the page's own.
    disableAppend: true,
    metadata: { name: 'Airlock headless example', description: 'A connect page built with the headless hooks', url: location.origin, icons: [] },
  })
  window.airlock = airlock
  createRoot(root).render(
    <StrictMode>
      <AirlockProvider airlock={airlock}>
        <ConnectPage />
      </AirlockProvider>
    </StrictMode>,
  )
}

const root = document.getElementById('root')
if (root) {
  boot(root).catch((error: unknown) => {
    const message = document.createElement('p')
    message.className = 'boot error'
    message.textContent = `The example could not start: ${error instanceof Error ? error.message : String(error)}. Start it with \`npm start\`.`
    root.replaceChildren(message)
    console.error(error)
  })
}
