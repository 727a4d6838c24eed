/** Keys whose values never reach the event log (matched case-insensitively). */
export const REDACTED_KEYS: readonly string[] = [
  'otp',
  'signature',
  'token',
  'email',
  'newemail',
  'password',
  'privatekey',
  'mnemonic',
  'seed',
  'secret',
  'authorization',
  'cookie',
]

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

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      // Booleans are flags (`features.email: true`), never secrets; everything else under a secret key goes.
      out[key] = redactedSet.has(key.toLowerCase()) && inner !== undefined && inner !== null && typeof inner !== 'boolean' ? REDACTED : redactValue(inner)
    }
    return out
  }
  return value
}
