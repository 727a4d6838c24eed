// The minimal AppKit app (React, wagmi adapter): provider + connect button, mainnet.
// Built from .cache/bench/apps/appkit/ (its own node_modules), by Vite and by esbuild.
import { createRoot } from 'react-dom/client'
import { createAppKit } from '@reown/appkit/react'
import { mainnet } from '@reown/appkit/networks'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { WagmiProvider } from 'wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BENCH_METADATA, BENCH_PROJECT_ID } from './constants.js'

const networks = [mainnet]
const wagmiAdapter = new WagmiAdapter({ networks, projectId: BENCH_PROJECT_ID })
createAppKit({ adapters: [wagmiAdapter], networks, projectId: BENCH_PROJECT_ID, metadata: BENCH_METADATA })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
