import { afterEach, describe, expect, test, vi } from 'vitest'
import { createNonce } from './createNonce.js'

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
