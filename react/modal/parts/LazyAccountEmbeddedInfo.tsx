import { Suspense } from 'react'
import { AUTH_CONNECTOR_ID } from '../../../core/connectors/auth/authSession.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { LoadBoundary } from '../LoadBoundary.js'
import { lazyView } from '../lazyView.js'
import { EmailLoginLoadError } from './LazyEmbeddedLogin.js'

// The code behind it is fetched only when an email or social account is shown.
const AccountEmbeddedInfo = lazyView(() => import('./AccountEmbeddedInfo.js').then((m) => ({ default: m.AccountEmbeddedInfo })))

/**
 * The Account view's email or social section, rendered (and its chunk fetched) only when the
 * active connection is the auth connector; nothing otherwise.
 * @example <LazyAccountEmbeddedInfo />
 */
export function LazyAccountEmbeddedInfo() {
  const auth = useAirlockSelector((s) => {
    const ns = s.connection.activeNamespace
    return Boolean(ns && s.connection.namespaces[ns]?.connectorId === AUTH_CONNECTOR_ID)
  })
  if (!auth) return null
  return (
    <LoadBoundary fallback={<EmailLoginLoadError />}>
      <Suspense fallback={<div aria-hidden="true" style={{ minHeight: 24 }} />}>
        <AccountEmbeddedInfo />
      </Suspense>
    </LoadBoundary>
  )
}
