import { afterEach, describe, expect, test, vi } from 'vitest'
import { createNonce } from './createNonce.js'
import { createNonceLedger } from './nonceLedger.js'

afterEach(() => vi.restoreAllMocks())

describe('createNonce', () => {
  test('default: 16 letters and digits from crypto.getRandomValues, never Math.random', () => {
    const random = vi.spyOn(Math, 'random')
    const csprng = vi.spyOn(globalThis.crypto, 'getRandomValues')
    const nonces = new Set(Array.from({ length: 200 }, () => createNonce()))
    expect(nonces.size).toBe(200)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(csprng).toHaveBeenCalled()
    expect(random).not.toHaveBeenCalled()
  })

  test('parameters: length is 8 to 128', () => {
    expect(createNonce(8)).toHaveLength(8)
    expect(createNonce(128)).toHaveLength(128)
    expect(() => createNonce(7)).toThrow('A nonce has 8 to 128 characters')
  })

  test('behavior: no CSPRNG, no nonce (no fallback)', () => {
    vi.stubGlobal('crypto', undefined)
    try {
      expect(() => createNonce()).toThrow(/secure random/)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('createNonceLedger', () => {
  test('default: a nonce is accepted once, and forgotten after its message expired', () => {
    const ledger = createNonceLedger()
    expect(ledger.consume('abcdefgh1', { now: 0, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('abcdefgh1', { now: 500, expiresAt: 1_000 })).toBe(false)
    expect(ledger.size).toBe(1)
  })

  test('behavior: when full it prunes expired entries, then refuses rather than forget a live one', () => {
    const ledger = createNonceLedger({ maxEntries: 2 })
    expect(ledger.consume('n1aaaaaa', { now: 0, expiresAt: 100 })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 0, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('n3aaaaaa', { now: 50, expiresAt: 1_000 })).toBe(false)
    expect(ledger.consume('n3aaaaaa', { now: 100, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 100, expiresAt: 1_000 })).toBe(false)
  })
})
