import { lazy, Suspense, useEffect, useState } from 'react'

// As a host adds the devtools for development: a lazy import, fetched only when asked for (here,
// `#devtools` in the URL), so none of it is in the page's initial JavaScript (checked by hosts.test.ts).
const Devtools = lazy(() => import('airlock-kit/devtools').then((m) => ({ default: m.AirlockDevtools })))

export function DevtoolsOnDemand() {
  // Read after hydration: the server and the first client render agree (nothing).
  const [wanted, setWanted] = useState(false)
  useEffect(() => setWanted(window.location.hash === '#devtools'), [])
  return wanted ? (
    <Suspense fallback={null}>
      <Devtools defaultOpen />
    </Suspense>
  ) : null
}
