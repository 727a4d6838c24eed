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

/** In `REDACTED_PAYLOAD_KEYS`: the whole payload goes, not some of its keys. */
export const WHOLE_PAYLOAD = '*'

/**
 * Secret fields with names too common to redact everywhere (`uri`, `url`, `params`): redacted
 * only in the `payload` of these objects, keyed by their `type`, or by `type` and `name` for the
 * frame's replies (`frame/requestSucceeded`). Redaction is by message type: what a request or
 * reply of that kind carries is a secret whatever it looks like.
 */
export const REDACTED_PAYLOAD_KEYS: ReadonlyMap<string, readonly string[]> = new Map([
  // The provider's result URI (with its one-time code) that completes a social login.
  ['@airlock-app/CONNECT_SOCIAL', ['uri']],
  // The provider URL, with the login's anti-forgery state in it.
  ['frame/requestSucceeded GET_SOCIAL_REDIRECT_URI', ['uri']],
  // The Farcaster channel URL: its token lets the holder follow the login (SIWF channelToken).
  ['frame/requestSucceeded GET_FARCASTER_URI', ['url']],
  // What the embedded wallet is asked to sign or send (messages, typed data, transactions): the
  // method and chain stay, as for browser wallets (`wallet/requestSent` logs the method only).
  ['@airlock-app/RPC_REQUEST', ['params']],
  // Its answer: signatures (sign-in, permits, orders are bearer authorisations) and results.
  ['frame/requestSucceeded RPC_REQUEST', [WHOLE_PAYLOAD]],
])

export const REDACTED = '[redacted]'

const redactedSet = new Set(REDACTED_KEYS)

/**
 * Whether a key names a secret, case-insensitively. Every action passes through here on its way to
 * the log, so answers are remembered (bounded: keys from outside cannot grow it without end).
 */
const secretKeys = new Map<string, boolean>()
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key)
  if (secret === undefined) {
    secret = redactedSet.has(key.toLowerCase())
    if (secretKeys.size >= 1024) secretKeys.clear()
    secretKeys.set(key, secret)
  }
  return secret
}

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
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key]
      // Booleans are flags (`features.email: true`), never secrets; everything else under a secret key goes.
      const secret = isSecretKey(key) || payloadKeys?.includes(key) === true || (key === 'payload' && secretsInPayload?.includes(WHOLE_PAYLOAD) === true)
      out[key] = secret && inner !== undefined && inner !== null && typeof inner !== 'boolean' ? REDACTED : redactValue(inner, key === 'payload' ? secretsInPayload : undefined)
    }
    return out
  }
  return value
}
