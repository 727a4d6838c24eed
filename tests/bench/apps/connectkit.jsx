// The minimal ConnectKit app: provider + connect button, mainnet.
// Built from .cache/bench/apps/connectkit/ (its own node_modules), by Vite and by esbuild.
import { createRoot } from 'react-dom/client'
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit'
import { createConfig, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BENCH_METADATA, BENCH_PROJECT_ID } from './constants.js'

const config = createConfig(getDefaultConfig({ appName: BENCH_METADATA.name, walletConnectProjectId: BENCH_PROJECT_ID, chains: [mainnet] }))
const queryClient = new QueryClient()

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
