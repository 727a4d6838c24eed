import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CHAIN_NAMESPACES } from '../chains/types.js'
import { NETWORKS, ethereum } from '../chains/networks.js'
import { CONNECT_METHODS, SOCIAL_PROVIDERS, WALLET_FEATURES } from './features.js'
import { optionsSchema } from './optionsSchema.js'
import { ACCOUNT_TYPES, optionsValidator } from './optionsValidator.js'
import { resolveOptions } from './resolveOptions.js'
import { CLEARTEXT_HOST_MESSAGE } from './serviceUrl.js'
import type { Issue } from './validator.js'

/**
 * `createAirlock` checks options with the zod-free `optionsValidator` (issue #7: no zod before the
 * first render) while `optionsSchema` stays the public contract. These hold the two together:
 * same accept/reject, same output (frozen where zod freezes), same issues in the same order.
 */

const noop = async () => undefined
const siwx = { createMessage: noop, addSession: noop, getSessions: noop, revokeSession: noop, setSessions: noop, getRequired: () => false }
const siwe = { getNonce: noop, verifyMessage: noop, getSession: noop, signOut: noop, required: false }
const URLS = ['https://api.example', 'http://127.0.0.1:8787/', 'wss://relay.example', 'javascript:alert(1)', 'not a url', 'ftp://files.example', '', 'http://api.example', 'ws://relay.example', 'ws://localhost:8788', 'http://[::1]:1/', 'http://127.9.0.1', 'http://localhost.evil.example', 'HTTP://api.example']
/** Odd values a host might pass by mistake, or that sit on a check's edge. */
const ODD: unknown[] = [undefined, null, '', ' ', 'x', 'eip155:1', 0, -1, 1.5, 256, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, -(2 ** 60), true, false, [], [''], ['x', 'x'], {}, { x: 1 }, noop, new Date(0), new Map(), Promise.resolve(), 'javascript:alert(1)', 'https://ok.example']

const optional = { requiredKeys: [] as never[] }
const features = fc.record(
  {
    email: fc.boolean(),
    socials: fc.oneof(fc.boolean(), fc.subarray([...SOCIAL_PROVIDERS])),
    swaps: fc.oneof(fc.boolean(), fc.array(fc.string({ minLength: 1 }), { maxLength: 2 })),
    onramp: fc.oneof(fc.boolean(), fc.array(fc.string({ minLength: 1 }), { maxLength: 2 })),
    activity: fc.boolean(),
    history: fc.boolean(),
    analytics: fc.boolean(),
    pay: fc.boolean(),
    connectMethodsOrder: fc.shuffledSubarray([...CONNECT_METHODS], { minLength: 1 }),
    walletFeaturesOrder: fc.shuffledSubarray([...WALLET_FEATURES], { minLength: 1 }),
  },
  optional,
)
const validOptions = fc.record(
  {
    projectId: fc.string({ maxLength: 6 }),
    networks: fc.array(fc.constantFrom(...NETWORKS), { minLength: 1, maxLength: 3 }),
    defaultNetwork: fc.constantFrom(...NETWORKS),
    metadata: fc.record({ name: fc.string(), description: fc.string(), url: fc.string(), icons: fc.array(fc.string(), { maxLength: 2 }) }, optional),
    features,
    themeMode: fc.constantFrom('light', 'dark', 'system'),
    themeVariables: fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string(), fc.double()), { maxKeys: 3 }),
    excludeWalletIds: fc.array(fc.string(), { maxLength: 2 }),
    allowUnsupportedChain: fc.boolean(),
    defaultAccountTypes: fc.dictionary(fc.constantFrom(...CHAIN_NAMESPACES), fc.constantFrom(...ACCOUNT_TYPES)),
    debug: fc.boolean(),
    enableEIP6963: fc.boolean(),
    apiUrl: fc.constantFrom(...URLS),
    relayUrl: fc.constantFrom(...URLS),
    onrampProviders: fc.record({ meld: fc.record({ publicKey: fc.string({ maxLength: 6 }), url: fc.constantFrom(...URLS) }, { requiredKeys: ['publicKey'] }) }, optional),
    termsConditionsUrl: fc.constantFrom(...URLS),
    privacyPolicyUrl: fc.constantFrom(...URLS),
    allowedOrigins: fc.array(fc.string(), { maxLength: 2 }),
    logSize: fc.integer({ min: 1, max: 100_000 }),
    sdkVersion: fc.string(),
    siwx: fc.constant(siwx),
    siweConfig: fc.constant(siwe),
  },
  optional,
)

/** Plain objects, the null-prototype ones fast-check also makes included. */
const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))

/** A copy the mutations may change (functions are shared). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy)
  if (isPlain(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copy(entry)]))
  }
  return value
}

/** Every object or array inside `value`, where a mutation may land. */
function containers(value: unknown, found: (Record<string, unknown> | unknown[])[] = []): (Record<string, unknown> | unknown[])[] {
  if (Array.isArray(value) || isPlain(value)) {
    found.push(value)
    for (const entry of Object.values(value as object)) containers(entry, found)
  }
  return found
}

const mutation = fc.record({ at: fc.nat(), key: fc.oneof(fc.nat(), fc.constantFrom('extra', 'name', 'id', 'http', 'chainNamespace')), value: fc.oneof(fc.constantFrom(...ODD), fc.anything()) })
const mutatedOptions = fc.tuple(validOptions, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([options, mutations]) => {
  const target = copy(options) as Record<string, unknown>
  for (const { at, key, value } of mutations) {
    const all = containers(target)
    const container = all[at % all.length]!
    const keys = Object.keys(container)
    const name = typeof key === 'number' ? (keys.length > 0 ? keys[key % keys.length]! : 'extra') : key
    ;(container as Record<string, unknown>)[name] = copy(value)
  }
  return target
})

/** Where the output is frozen (zod's `.readonly()`), so the two agree on that too. */
function frozenMap(value: unknown): unknown {
  if (!value || typeof value !== 'object' || typeof value === 'function') return null
  return { frozen: Object.isFrozen(value), entries: Object.entries(value).map(([key, entry]) => [key, frozenMap(entry)]) }
}

function compare(input: unknown): void {
  const zod = optionsSchema.safeParse(input)
  const issues: Issue[] = []
  const [status, output] = optionsValidator(input, [], issues)
  expect(status === 0, JSON.stringify(zod.error?.issues ?? issues)).toBe(zod.success)
  if (zod.success) {
    expect(output).toEqual(zod.data)
    expect(frozenMap(output)).toEqual(frozenMap(zod.data))
  } else {
    expect(issues).toEqual(zod.error.issues.map(({ path, message }) => ({ path, message })))
  }
}

describe('optionsValidator agrees with optionsSchema', () => {
  test('property: valid options: same output', () => {
    fc.assert(fc.property(validOptions, compare), { numRuns: 300 })
  })

  test('property: mutated options: same accept/reject and the same issues', () => {
    fc.assert(fc.property(mutatedOptions, compare), { numRuns: 1000 })
  })

  test('property: any value at all', () => {
    fc.assert(fc.property(fc.anything(), compare), { numRuns: 300 })
  })

  test.each<[string, unknown]>([
    ['a string flag', { features: { email: 'yes' } }],
    ['an unknown key', { x: 1, y: 2 }],
    ['an unknown theme mode', { themeMode: 'blue' }],
    ['a bad host', { apiUrl: 'not a url' }],
    ['a script host', { apiUrl: 'javascript:alert(1)' }],
    ['a cleartext secure site', { secureSiteUrl: 'http://secure.example' }],
    ['a cleartext relay', { relayUrl: 'ws://relay.example' }],
    ['a loopback relay', { relayUrl: 'ws://127.0.0.1:8788' }],
    ['no networks', { networks: [] }],
    ['a network with extras and a mismatch', { networks: [{ ...ethereum, caipNetworkId: 'eip155:10', extra: 1 }] }],
    ['a network missing fields', { defaultNetwork: { id: 1 } }],
    ['a fractional log size', { logSize: 0.5 }],
    ['a blank project id', { projectId: '   ' }],
    ['an unknown social', { features: { socials: ['myspace'] } }],
    ['duplicate connect methods', { features: { connectMethodsOrder: ['wallet', 'wallet'] } }],
    ['a siwx without methods', { siwx: {} }],
    ['options that are not an object', 'options'],
  ])('behavior: %s: the same issues as zod', (_, input) => {
    compare(input)
  })

  test('behavior: resolveOptions reports them in zod 3 wording', () => {
    expect(() => resolveOptions({ features: { email: 'yes' } } as never)).toThrow('Invalid options: features.email: Expected boolean, received string')
    expect(() => resolveOptions({ themeMode: 'blue' } as never)).toThrow("Invalid options: themeMode: Invalid enum value. Expected 'light' | 'dark' | 'system', received 'blue'")
    expect(() => resolveOptions({ apiUrl: 'javascript:alert(1)' })).toThrow('Invalid options: apiUrl: Invalid url')
    expect(() => resolveOptions({ x: 1 } as never)).toThrow("Invalid options: options: Unrecognized key(s) in object: 'x'")
  })

  test('behavior: service hosts are https or wss; plain http and ws only to loopback (review L-10)', () => {
    for (const key of ['apiUrl', 'blockchainApiUrl', 'analyticsUrl', 'secureSiteUrl', 'relayUrl'] as const) {
      for (const url of ['http://secure.example', 'ws://relay.example', 'http://10.0.0.5:8787', 'http://192.168.1.2', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'ws://[::2]']) {
        expect(() => resolveOptions({ [key]: url }), `${key} ${url}`).toThrow(`Invalid options: ${key}: ${CLEARTEXT_HOST_MESSAGE}`)
      }
      for (const url of ['https://api.example', 'wss://relay.example', 'http://localhost:8787', 'ws://localhost:8788', 'http://127.0.0.1:8787', 'http://127.1.2.3', 'ws://[::1]:8788']) {
        expect(resolveOptions({ [key]: url }).options[key], `${key} ${url}`).toBe(url)
      }
    }
    expect(CLEARTEXT_HOST_MESSAGE).toContain('https://')
    expect(CLEARTEXT_HOST_MESSAGE).toContain('127.0.0.0/8')
    expect(resolveOptions({ projectId: ' abc ' }).options.projectId).toBe('abc')
  })
})
