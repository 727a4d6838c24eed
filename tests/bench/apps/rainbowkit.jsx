// The minimal RainbowKit app: provider + connect button, mainnet.
// Built from .cache/bench/apps/rainbowkit/ (its own node_modules), by Vite and by esbuild.
import '@rainbow-me/rainbowkit/styles.css'
import { createRoot } from 'react-dom/client'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BENCH_METADATA, BENCH_PROJECT_ID } from './constants.js'

const config = getDefaultConfig({ appName: BENCH_METADATA.name, projectId: BENCH_PROJECT_ID, chains: [mainnet] })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
