import { Suspense } from 'react'
import type { ConnectMethod } from '../../../core/options/features.js'
import { lazyView } from '../lazyView.js'

const EmbeddedLogin = lazyView<{ method: Exclude<ConnectMethod, 'wallet'> }>(() => import('./EmbeddedLogin.js').then((m) => ({ default: m.EmbeddedLogin })))

// Fetched with the modal chunk (this module is part of it), not at page start.
void EmbeddedLogin.preload().catch(() => undefined)

/**
 * The email or social section of the Connect view, fetched on demand (SPEC 2: email and social
 * login load on demand); the wallet list shows meanwhile.
 * @example <LazyEmbeddedLogin method="email" />
 */
export function LazyEmbeddedLogin({ method }: { method: Exclude<ConnectMethod, 'wallet'> }) {
  return (
    // A placeholder of about the section's height, so the list below does not jump when it arrives.
    <Suspense fallback={<div aria-hidden="true" style={{ minHeight: method === 'email' ? 96 : 112 }} />}>
      <EmbeddedLogin method={method} />
    </Suspense>
  )
}
