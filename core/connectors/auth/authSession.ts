/** A window the social login opened (only what the epics touch). */
export interface PopupLike {
  readonly closed: boolean
  readonly location: { href: string }
  close(): void
}

/**
 * Per-instance memory of the login in progress that must stay out of state and the event log:
 * the email (SPEC: redacted), and the popup window the click opened (popup blockers allow
 * `window.open` only inside the click, before the redirect URL is known).
 */
export interface AuthSession {
  email: string | null
  popup: PopupLike | null
}

const sessions = new WeakMap<object, AuthSession>()

/**
 * The session of one Airlock instance, keyed by its deps' provider registry.
 * @example authSession(airlock.deps.providers).email
 */
export function authSession(key: object): AuthSession {
  let session = sessions.get(key)
  if (!session) sessions.set(key, (session = { email: null, popup: null }))
  return session
}

/** The auth connector's id in `connectors`, `connection` and `deps.providers`. */
export const AUTH_CONNECTOR_ID = 'auth'
