import { Suspense } from 'react'
import type { ConnectMethod } from '../../../core/options/features.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useT } from '../../i18n/useT.js'
import { LoadBoundary } from '../LoadBoundary.js'
import { lazyView } from '../lazyView.js'

/**
 * The SPEC 8 message in place of a section whose chunk failed; the rest of the view stays usable.
 * What shows when the email and social login code cannot be fetched (offline, a removed chunk):
 * 'Unable to load email login dependency' (`flows.EmailLoginLoadError.text`).
 */
export function EmailLoginLoadError() {
  const t = useT()
  return (
    <p className="error" role="alert" data-airlock="email-login-load-error">
      {t('flows.EmailLoginLoadError.text')}
    </p>
  )
}

const EmbeddedLogin = lazyView<{ method: Exclude<ConnectMethod, 'wallet'> }>(() => import('./EmbeddedLogin.js').then((m) => ({ default: m.EmbeddedLogin })))

// Fetched with the modal chunk (this module is part of it), not at page start.
void EmbeddedLogin.preload().catch(() => undefined)

/**
 * The email or social section of the Connect view, fetched on demand (SPEC 2: email and social
 * login load on demand); the wallet list shows meanwhile.
 * @example <LazyEmbeddedLogin method="email" />
 */
export function LazyEmbeddedLogin({ method }: { method: Exclude<ConnectMethod, 'wallet'> }) {
  // Both sections share the chunk: when it fails, the email section alone says so.
  const emailShown = useAirlockSelector((s) => Boolean(s.options.features.email))
  return (
    // A placeholder of about the section's height, so the list below does not jump when it arrives.
    <LoadBoundary fallback={method === 'email' || !emailShown ? <EmailLoginLoadError /> : null}>
      <Suspense fallback={<div aria-hidden="true" style={{ minHeight: method === 'email' ? 96 : 112 }} />}>
        <EmbeddedLogin method={method} />
      </Suspense>
    </LoadBoundary>
  )
}
