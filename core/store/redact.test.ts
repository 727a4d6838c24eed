import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test, vi } from 'vitest'
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

describe('redact: secrets known by the message that carries them', () => {
  const account = privateKeyToAccount(generatePrivateKey())
  const siwe = `app.example wants you to sign in with your Ethereum account:\n${account.address}\n\nNonce: 8f3kQ2mZ`

  test('behavior: each listed message loses its secret payload field, and nothing else', async () => {
    const signature = await account.signMessage({ message: siwe })
    const socialResult = 'https://app.example/auth?code=4/0AfJohXn1aB&state=st4t3'
    const actions = [
      // The page's requests, as `frame/requestSent` carries them.
      [
        { type: 'frame/requestSent', id: '1', name: 'CONNECT_SOCIAL', timeoutMs: null, message: { type: '@airlock-app/CONNECT_SOCIAL', payload: { uri: socialResult, chainId: 'eip155:1' } } },
        { type: 'frame/requestSent', id: '1', name: 'CONNECT_SOCIAL', timeoutMs: null, message: { type: '@airlock-app/CONNECT_SOCIAL', payload: { uri: REDACTED, chainId: 'eip155:1' } } },
      ],
      [
        { type: 'frame/requestSent', id: '2', name: 'RPC_REQUEST', timeoutMs: null, message: { type: '@airlock-app/RPC_REQUEST', payload: { method: 'personal_sign', params: [siwe, account.address], chainId: 1 } } },
        { type: 'frame/requestSent', id: '2', name: 'RPC_REQUEST', timeoutMs: null, message: { type: '@airlock-app/RPC_REQUEST', payload: { method: 'personal_sign', params: REDACTED, chainId: 1 } } },
      ],
      // The frame's replies.
      [
        { type: 'frame/requestSucceeded', id: '3', name: 'GET_SOCIAL_REDIRECT_URI', payload: { uri: 'https://accounts.google.com/o/oauth2/auth?state=st4t3' } },
        { type: 'frame/requestSucceeded', id: '3', name: 'GET_SOCIAL_REDIRECT_URI', payload: { uri: REDACTED } },
      ],
      [
        { type: 'frame/requestSucceeded', id: '4', name: 'GET_FARCASTER_URI', payload: { url: 'https://warpcast.com/~/siwf?channelToken=0c8a1b2e' } },
        { type: 'frame/requestSucceeded', id: '4', name: 'GET_FARCASTER_URI', payload: { url: REDACTED } },
      ],
      // A signature is a bearer authorisation: the whole reply goes, its id and name stay.
      [
        { type: 'frame/requestSucceeded', id: '5', name: 'RPC_REQUEST', payload: signature },
        { type: 'frame/requestSucceeded', id: '5', name: 'RPC_REQUEST', payload: REDACTED },
      ],
    ] as const
    for (const [action, redacted] of actions) {
      expect(redact(action), action.type).toStrictEqual(redacted)
    }
    expect(JSON.stringify(actions.map(([action]) => redact(action)))).not.toMatch(/code=|state=|channelToken|Nonce|0x[0-9a-f]{130}/)
  })

  test('behavior: a listed field is a secret only directly in that message`s payload, not beside it', () => {
    // `uri`, `url` and `params` are too common to go everywhere: a docs link next to the payload stays.
    const action = { type: 'frame/requestSucceeded', id: '6', name: 'GET_FARCASTER_URI', payload: { url: 'https://warpcast.com/~/siwf?channelToken=0c8a1b2e' }, help: { url: 'https://docs.example/farcaster' } }
    expect(redact(action)).toStrictEqual({ type: 'frame/requestSucceeded', id: '6', name: 'GET_FARCASTER_URI', payload: { url: REDACTED }, help: { url: 'https://docs.example/farcaster' } })
    // Another reply of the frame keeps its payload (but not its secret-named keys).
    const user = { type: 'frame/requestSucceeded', id: '7', name: 'GET_USER', payload: { address: account.address, email: 'ada@example.com', uri: 'https://app.example/' } }
    expect(redact(user)).toStrictEqual({ type: 'frame/requestSucceeded', id: '7', name: 'GET_USER', payload: { address: account.address, email: REDACTED, uri: 'https://app.example/' } })
  })

  test('edge: a missing secret (null, undefined) is kept as missing, not shown as redacted', () => {
    // `[redacted]` would claim a value was there; a debugger needs to see "no code was sent".
    expect(redact({ type: 'frame/otpSubmitted', otp: null, signature: undefined, token: '' })).toStrictEqual({ type: 'frame/otpSubmitted', otp: null, signature: undefined, token: REDACTED })
  })

  test('edge: an object whose `type` cannot be turned into a string does not break logging', () => {
    // Payloads are outside data (typed data, wallet results): a `type` that is an object must
    // not be stringified to look it up, which throws for these.
    const hostile = [
      [Object.create(null) as object, {}],
      [JSON.parse('{"toString":1}') as object, { toString: 1 }],
    ] as const
    for (const [type, copy] of hostile) {
      expect(redact({ type: 'x', payload: { type, name: 'Mail', password: 'hunter2' } })).toStrictEqual({ type: 'x', payload: { type: copy, name: 'Mail', password: REDACTED } })
    }
  })
})

describe('redact: the remembered answers per key', () => {
  // The answer per key is remembered, and the memory is cleared once it holds 1024 keys, so keys
  // from outside cannot grow it without end. Seen through the lower-casing a fresh answer needs.
  const fresh = async () => {
    vi.resetModules()
    return (await import('./redact.js')).redact
  }
  const lowered = (spy: { mock: { contexts: unknown[] } }, key: string) => spy.mock.contexts.filter((c) => String(c) === key).length

  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('behavior: a key is lower-cased once, then answered from memory, also among other keys', async () => {
    const redactFresh = await fresh()
    const spy = vi.spyOn(String.prototype, 'toLowerCase')
    for (let i = 0; i < 3; i++) expect(redactFresh({ Alpha: 'a', Beta: 'b' })).toStrictEqual({ Alpha: 'a', Beta: 'b' })
    expect([lowered(spy, 'Alpha'), lowered(spy, 'Beta')]).toEqual([1, 1])
  })

  test('behavior: the memory is cleared when it holds 1024 keys, not before and not later', async () => {
    const redactFresh = await fresh()
    const spy = vi.spyOn(String.prototype, 'toLowerCase')
    redactFresh({ First: 1 })
    for (let i = 1; i < 1024; i++) redactFresh({ [`k${i}`]: 1 })
    // 1024 keys remembered: `First` is still known.
    redactFresh({ First: 1 })
    expect(lowered(spy, 'First')).toBe(1)
    // The 1025th key clears the memory: `First` is asked afresh.
    redactFresh({ k1024: 1 })
    redactFresh({ First: 1 })
    expect(lowered(spy, 'First')).toBe(2)
  })
})
