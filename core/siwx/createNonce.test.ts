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

  test.each([7, 129, 16.5, Number.NaN])('parameters: length %s is refused, naming what was given', (length) => {
    expect(() => createNonce(length)).toThrow(expect.objectContaining({ shortMessage: 'A nonce has 8 to 128 characters', details: `got ${length}` }))
  })

  test('behavior: bytes 248 to 255 are drawn again, so every one of the 62 characters is equally likely', () => {
    // 248 = 4 * 62: a byte below it maps onto the alphabet evenly; one at or above it would favour 'A' to 'H'.
    const bytes = [248, 255, 0, 249, 61, 247, 62, 250, 123, 124, 185, 186, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    // One draw: these bytes, then 255s (always drawn again); a second draw means too many were taken as rejected.
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
      const view = array as unknown as Uint8Array
      for (let i = 0; i < view.length; i++) view[i] = bytes[i] ?? 255
      return array
    }).mockImplementation(() => {
      throw new Error('a second draw')
    })
    expect(createNonce(16)).toBe('A99A9A9ABCDEFGHI')
  })

  test('behavior: one draw of twice the length is almost always enough (a redraw needs over half the bytes rejected)', () => {
    const csprng = vi.spyOn(globalThis.crypto, 'getRandomValues')
    createNonce(16)
    expect(csprng).toHaveBeenCalledTimes(1)
    expect((csprng.mock.calls[0]![0] as Uint8Array).length).toBe(32)
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
