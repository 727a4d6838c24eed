/** Keys whose values never reach the event log (matched case-insensitively). */
export const REDACTED_KEYS: readonly string[] = [
  'otp',
  'signature',
  'token',
  'email',
  'newemail',
  'walletemail',
  'password',
  'privatekey',
  'mnemonic',
  'seed',
  'secret',
  'authorization',
  'cookie',
  // OAuth results: whoever holds one can finish that login (SPEC 3 `socialUri`; the popup's `resultUri`).
  'socialuri',
  'resulturi',
]

/**
 * Secret fields with names too common to redact everywhere (`uri` is also a WalletConnect pairing
 * URI kept in state): redacted only in the `payload` of these objects, keyed by their `type`, or
 * by `type` and `name` for the frame's replies (`frame/requestSucceeded`).
 */
export const REDACTED_PAYLOAD_KEYS: ReadonlyMap<string, readonly string[]> = new Map([
  // The provider's result URI (with its one-time code) that completes a social login.
  ['@airlock-app/CONNECT_SOCIAL', ['uri']],
  // The provider URL, with the login's anti-forgery state in it.
  ['frame/requestSucceeded GET_SOCIAL_REDIRECT_URI', ['uri']],
])

export const REDACTED = '[redacted]'

const redactedSet = new Set(REDACTED_KEYS)

/**
 * Returns a deep copy of `value` with secret fields replaced by `[redacted]`.
 * Shares nothing with the input, so the log can never be mutated through it.
 * @example redact({ type: 'frame/otpSubmitted', otp: '123456' }) // { type: ..., otp: '[redacted]' }
 */
export function redact<T>(value: T): T {
  return redactValue(value) as T
}

function redactValue(value: unknown, payloadKeys?: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((inner) => redactValue(inner))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    const { type, name } = value as { type?: unknown; name?: unknown }
    // A Map: outside strings such as '__proto__' must not find anything.
    const secretsInPayload = typeof type === 'string' ? REDACTED_PAYLOAD_KEYS.get(typeof name === 'string' ? `${type} ${name}` : type) : undefined
    for (const [key, inner] of Object.entries(value)) {
      // Booleans are flags (`features.email: true`), never secrets; everything else under a secret key goes.
      const secret = redactedSet.has(key.toLowerCase()) || payloadKeys?.includes(key) === true
      out[key] = secret && inner !== undefined && inner !== null && typeof inner !== 'boolean' ? REDACTED : redactValue(inner, key === 'payload' ? secretsInPayload : undefined)
    }
    return out
  }
  return value
}
