// The minimal Airlock app of the benchmark: provider + connect button, mainnet.
// Built from .cache/bench/apps/airlock/, where `airlock-kit` is this checkout's `npm pack` tarball, by Vite and by esbuild.
import { createRoot } from 'react-dom/client'
import { createAirlock, mainnet } from 'airlock-kit'
import { AirlockProvider, ConnectButton } from 'airlock-kit/react'
import { BENCH_METADATA, BENCH_PROJECT_ID } from './constants.js'

const airlock = createAirlock({ projectId: BENCH_PROJECT_ID, networks: [mainnet], metadata: BENCH_METADATA })

createRoot(document.getElementById('root')!).render(
  <AirlockProvider airlock={airlock}>
    <ConnectButton />
  </AirlockProvider>,
)
