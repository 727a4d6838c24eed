// The Airlock app of the WalletConnect timing (tests/bench/walletConnect.ts): the same page as
// airlock.tsx, with WalletConnect's relay on this machine. Its port is known only at run time, so
// the page URL carries it (`?relay=ws://127.0.0.1:P`). Built beside airlock.tsx, never measured for size.
import { createRoot } from 'react-dom/client'
import { createAirlock, mainnet } from 'airlock-kit'
import { AirlockProvider, ConnectButton } from 'airlock-kit/react'
import { BENCH_METADATA, BENCH_PROJECT_ID } from './constants.js'

/** The `?relay=` of the page URL, refused unless it is a ws:// URL on 127.0.0.1. */
function localRelay(): string {
  const relay = new URLSearchParams(window.location.search).get('relay') ?? ''
  let url: URL | undefined
  try {
    url = new URL(relay)
  } catch {}
  if (url?.protocol !== 'ws:' || url.hostname !== '127.0.0.1' || url.pathname !== '/' || url.search !== '') throw new Error(`?relay= must be ws://127.0.0.1:<port>, got "${relay}"`)
  return relay
}

const airlock = createAirlock({ projectId: BENCH_PROJECT_ID, networks: [mainnet], metadata: BENCH_METADATA, relayUrl: localRelay() })

createRoot(document.getElementById('root')!).render(
  <AirlockProvider airlock={airlock}>
    <ConnectButton />
  </AirlockProvider>,
)
