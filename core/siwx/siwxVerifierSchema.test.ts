import { describe, expect, test } from 'vitest'
import { describeVerifierIssues, siwxVerifierOptionsSchema, verifySiwxInputSchema } from './siwxVerifierSchema.js'

const TRUST_NOTE = '(trust settings such as rpcUrls, nonces, maxAgeMs and clockToleranceMs are fixed by createSiwxVerifier, never passed per call)'

/** What a back end sees in `details`: the schema's issues as one line. */
function described(schema: { safeParse(value: unknown): { success: boolean; error?: Parameters<typeof describeVerifierIssues>[0] } }, value: unknown): string {
  const result = schema.safeParse(value)
  expect(result.success).toBe(false)
  return describeVerifierIssues(result.error!)
}

describe('siwxVerifierOptionsSchema', () => {
  test('a nonce store is anything with a consume function', () => {
    expect(siwxVerifierOptionsSchema.safeParse({ nonces: { consume: () => true } }).success).toBe(true)
  })

  // null is an object to typeof; the check must refuse it, not throw a TypeError on `.consume`.
  test.each([['null', null], ['a string', 'ledger'], ['an object without consume', {}], ['a non-function consume', { consume: true }]])(
    'nonces given as %s is refused with its own message',
    (_name, nonces) => {
      expect(described(siwxVerifierOptionsSchema, { nonces })).toBe('nonces: must be a NonceStore (with a consume function)')
    },
  )
})

describe('siwxVerifierOptionsSchema: a nonce store\'s own lifetime', () => {
  test.each([['60000', '60000'], ['null', null], ['zero', 0], ['negative', -1], ['NaN', Number.NaN]])('a store whose maxAgeMs is %s is refused', (_name, maxAgeMs) => {
    expect(described(siwxVerifierOptionsSchema, { nonces: { consume: () => true, maxAgeMs } })).toBe('nonces: its maxAgeMs must be a positive number of milliseconds')
  })

  test.each([['no maxAgeMs', {}], ['1 ms', { maxAgeMs: 1 }], ['forever', { maxAgeMs: Number.POSITIVE_INFINITY }]])('a store with %s is accepted', (_name, extra) => {
    expect(siwxVerifierOptionsSchema.safeParse({ nonces: { consume: () => true, ...extra } }).success).toBe(true)
  })
})

describe('describeVerifierIssues', () => {
  test('an issue inside a record names its full dotted path', () => {
    expect(described(siwxVerifierOptionsSchema, { rpcUrls: { 'eip155:1': 'ftp://node.example' } })).toBe('rpcUrls.eip155:1: must be an http(s) URL')
  })

  test('several issues are joined with "; "', () => {
    expect(described(siwxVerifierOptionsSchema, { nonces: {}, maxAgeMs: 0 })).toBe(
      'nonces: must be a NonceStore (with a consume function); maxAgeMs: Number must be greater than 0',
    )
  })

  test('an issue about the whole call (no path) is said of "parameters"', () => {
    expect(described(verifySiwxInputSchema, null)).toBe('parameters: Expected object, received null')
  })

  test('unknown keys are listed, comma-separated, with where trust settings belong', () => {
    const input = { message: 'm', signature: '0x00', domain: 'dapp.example', nonce: 'n1234567', now: 0, chainId: 'any', rpcUrls: {}, maxAgeMs: 1 }
    expect(described(verifySiwxInputSchema, input)).toBe(`unknown keys rpcUrls, maxAgeMs ${TRUST_NOTE}`)
  })
})
