// The same app with the devtools panel added as a host adds it for development: lazily. Built by
// hosts.test.ts to check that none of the devtools (nor what they use) reaches the initial JavaScript.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { DevtoolsOnDemand } from './DevtoolsOnDemand'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <DevtoolsOnDemand />
  </StrictMode>,
)
