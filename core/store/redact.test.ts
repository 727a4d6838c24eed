import { describe, expect, test } from 'vitest'
import { REDACTED, REDACTED_KEYS, redact } from './redact.js'

/**
 * Each secret key as it is really spelled where it turns up (frame payloads, storage names, HTTP
 * headers). REDACTED_KEYS lists them in lower case, so a check that forgot to lower-case the key
 * would pass a lower-case-only test and log `newEmail` or `privateKey` in clear.
 */
const REAL_CASING: Record<string, string> = {
  otp: 'otp',
  signature: 'signature',
  token: 'token',
  email: 'email',
  newemail: 'newEmail',
  walletemail: 'walletEmail',
  password: 'password',
  privatekey: 'privateKey',
  mnemonic: 'mnemonic',
  seed: 'seed',
  secret: 'secret',
  authorization: 'Authorization',
  cookie: 'Cookie',
  socialuri: 'socialUri',
  resulturi: 'resultUri',
}

const casings = (entry: string): string[] => {
  const real = REAL_CASING[entry]!
  return [...new Set([real, entry, entry.toUpperCase(), `${real[0]!.toUpperCase()}${real.slice(1)}`])]
}

describe('redact', () => {
  test('behavior: every redacted key has a real casing listed here, so a new secret key gets checked too', () => {
    expect(Object.keys(REAL_CASING).sort()).toEqual([...REDACTED_KEYS].sort())
  })

  test.each(REDACTED_KEYS.map((entry) => [entry, casings(entry)] as const))('behavior: %s is redacted in any casing (%j)', (_, keys) => {
    for (const key of keys) {
      const action = { type: 'x', payload: { [key]: 'SECRET-value', nested: [{ [key]: 'SECRET-value' }] }, [key]: 'SECRET-value' }
      const out = redact(action)
      expect(out, key).toEqual({ type: 'x', payload: { [key]: REDACTED, nested: [{ [key]: REDACTED }] }, [key]: REDACTED })
      expect(JSON.stringify(out), key).not.toContain('SECRET-value')
    }
  })

  test('behavior: keys that only resemble a secret key, and booleans under one, are kept', () => {
    // Exact names only: `emailVerified` is not the email; `features.email: true` is a flag, not a secret.
    expect(redact({ type: 'x', emailVerified: 'yes', tokens: 3, features: { email: true, EMAIL: false } })).toEqual({ type: 'x', emailVerified: 'yes', tokens: 3, features: { email: true, EMAIL: false } })
  })
})
