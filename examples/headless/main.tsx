// A connect page of the host's own (issue 18 point 2), served by `npm start` at /headless/: no
// modal, no ConnectButton, only the headless hooks of airlock-kit/react (see ConnectPage.tsx).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAirlock, type Airlock } from 'airlock-kit'
import { AirlockProvider } from 'airlock-kit/react'
import { installDevWallet } from '../devnet/devWallet/index.js'
import { loadDevnetConfig } from '../react-dapp/config.js'
import { devnetNetworks, devnetServices, startPage } from '../react-dapp/devnetPage.js'
import { ConnectPage } from './ConnectPage.js'
import '../react-dapp/styles.css'
import './headless.css'

declare global {
  interface Window {
    airlock?: Airlock
  }
}

async function boot(root: HTMLElement): Promise<void> {
  const config = await loadDevnetConfig()
  // The demo's dev wallet, unless `?devWallet=0` (the browser tests inject their own).
  if (new URLSearchParams(location.search).get('devWallet') !== '0') installDevWallet({ chains: config.chains, knownChainIds: [config.chains[0]!.chainId] })
  const airlock = createAirlock({
    ...devnetServices(config),
    // EVM only: this page is about connecting.
    networks: devnetNetworks(config, { local: false }),
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

startPage('The example', boot)
