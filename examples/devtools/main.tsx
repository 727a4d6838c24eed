// The standalone log viewer (issue 16, part 3), served by `npm start` at /devtools/: drop a log
// exported by `airlock.log.export()` (the demo's "Export log", or a user's bug report) and scrub
// through it. No app and no wallet: the panel renders each state read-only.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AirlockDevtools } from 'airlock-kit/devtools'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AirlockDevtools docked={false} />
  </StrictMode>,
)
