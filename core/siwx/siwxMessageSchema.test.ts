import { afterEach, describe, expect, test, vi } from 'vitest'
import { describeIssues, isSiwxDomain, pickMessageData, rfc3339ToMillis, siwxMessageDataSchema } from './siwxMessageSchema.js'
import type { SiwxMessageData } from './types.js'

const evm: SiwxMessageData = {
  domain: 'dapp.example',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  uri: 'https://dapp.example/login',
  version: '1',
  nonce: 'k3Xq9ZpA7wT2',
}

/** A DNS name of exactly `length` characters (63-character labels, then a shorter last one). */
const hostOfLength = (length: number) => {
  const labels: string[] = []
  let left = length
  while (left > 64) {
    labels.push('a'.repeat(63))
    left -= 64
  }
  return [...labels, 'b'.repeat(left)].join('.')
}

describe('isSiwxDomain', () => {
  test.each(['dapp.example', '127.0.0.1:5173', '[::1]:8080', 'localhost', hostOfLength(260)])('behavior: %j is a host', (value) => {
    expect(value.length).toBeLessThanOrEqual(260)
    expect(isSiwxDomain(value)).toBe(true)
  })

  test('behavior: 260 characters is the longest domain; 261 is refused though the shape fits', () => {
    expect(hostOfLength(260)).toHaveLength(260)
    expect(isSiwxDomain(hostOfLength(260))).toBe(true)
    expect(isSiwxDomain(hostOfLength(261))).toBe(false)
  })

  test.each(['not a host', 'https://dapp.example', 'dapp.example/path', 'user@dapp.example', ''])('behavior: the string %j is not a host', (value) => {
    expect(isSiwxDomain(value)).toBe(false)
  })

  // A one-element array stringifies to its element, and null has no length: only strings are hosts.
  test.each([null, undefined, 42, ['dapp.example'], { length: 3 }])('behavior: the non-string %j is not a host (and does not throw)', (value) => {
    expect(isSiwxDomain(value)).toBe(false)
  })
})

describe('rfc3339ToMillis', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test.each([
    ['2026-01-01T00:00:00Z', 1767225600000],
    ['2026-01-01t00:00:00z', 1767225600000],
    ['2026-01-01T00:00:00.123456789Z', 1767225600123],
    ['2026-01-01T00:00:00+05:30', 1767205800000],
    ['2026-01-01T00:00:00+23:59', 1767139260000],
    ['2026-01-01T00:00:00-23:59', 1767311940000],
    ['2026-01-01T00:00:00+00:59', 1767222060000],
    ['2026-12-31T23:59:59Z', 1798761599000],
    ['2024-02-29T00:00:00Z', 1709164800000],
  ])('behavior: %s is %d ms', (value, millis) => {
    expect(rfc3339ToMillis(value)).toBe(millis)
  })

  test.each(['2026-02-30T00:00:00Z', '2026-02-29T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01 00:00:00Z', '2026-01-01T00:00:00', 'tomorrow'])('behavior: %s is refused', (value) => {
    expect(rfc3339ToMillis(value)).toBeUndefined()
  })

  // The function runs on the page, and engines differ in what Date.parse lets through (V8 takes
  // `T24:00:00` and rolls `02-30` over). Its own range checks must refuse whatever the engine says:
  // with a Date.parse that accepts everything, only the function stands between a bad date and a session.
  test.each([
    '2026-00-01T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-32T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T23:59:60Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00-24:00',
    '2026-01-01T00:00:00+00:60',
  ])('behavior: %s is refused even by a lenient engine', (value) => {
    vi.spyOn(Date, 'parse').mockReturnValue(0)
    expect(rfc3339ToMillis(value)).toBeUndefined()
  })

  test.each(['2026-01-01T00:00:00Z', '2026-12-31T23:59:59Z', '2026-01-31T00:00:00+23:59', '2026-01-01T00:00:00-00:00'])('behavior: the edges of every range, %s, pass the function\'s own checks', (value) => {
    vi.spyOn(Date, 'parse').mockReturnValue(0)
    expect(rfc3339ToMillis(value)).toBe(0)
  })
})

describe('pickMessageData', () => {
  test('behavior: keeps the defined fields only, and drops toString and unknown keys', () => {
    const message = { ...evm, statement: undefined, toString: () => 'text', extra: 1 } as unknown as SiwxMessageData
    expect(pickMessageData(message)).toStrictEqual(evm)
  })

  test('behavior: the resources list is a copy, so later changes to the caller\'s array do not reach the picked data', () => {
    const resources = ['https://dapp.example/terms']
    const picked = pickMessageData({ ...evm, resources })
    expect(picked.resources).toEqual(['https://dapp.example/terms'])
    expect(picked.resources).not.toBe(resources)
    resources.push('https://evil.example/')
    expect(picked.resources).toEqual(['https://dapp.example/terms'])
  })
})

describe('describeIssues', () => {
  const describe_ = (input: unknown) => {
    const parsed = siwxMessageDataSchema.safeParse(input)
    if (parsed.success) throw new Error('expected a failure')
    return describeIssues(parsed.error)
  }

  test('behavior: one issue is "<path>: <message>"', () => {
    expect(describe_({ ...evm, nonce: 'short' })).toBe('nonce: must be at least 8 letters or digits')
  })

  test('behavior: a nested path is dotted, and several issues are joined with "; "', () => {
    expect(describe_({ ...evm, domain: 'a b', resources: ['https://ok.example', 'not a uri'] })).toBe('domain: must be a host, with an optional port; resources.1: must be a URI')
  })

  test('behavior: an issue about the whole message (no path) is named "message"', () => {
    expect(describe_(null)).toBe('message: Expected object, received null')
    expect(describe_({ ...evm, extra: 1 })).toBe("message: Unrecognized key(s) in object: 'extra'")
  })
})
