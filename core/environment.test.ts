import { describe, expect, test } from 'vitest'
import type { WindowLike } from './deps.js'
import { readEnvironment, RETURNING_KEY } from './environment.js'

const page = (localStorage?: WindowLike['localStorage']): WindowLike => ({ location: { origin: 'https://shop.example', href: 'https://shop.example/pay?token=secret#x', pathname: '/pay' }, navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' }, ...(localStorage ? { localStorage } : {}) })
const storageWith = (value: string | null): WindowLike['localStorage'] => ({ getItem: (key: string) => (key === RETURNING_KEY ? value : null), setItem: () => {}, removeItem: () => {} })

describe('readEnvironment', () => {
  test('default: origin and page URL without query or hash; no hint means not returning', () => {
    expect(readEnvironment(page(storageWith(null)))).toEqual({ origin: 'https://shop.example', pageUrl: 'https://shop.example/pay', isMobile: false, ssr: false, returning: false })
  })

  test('behavior: the returning-visitor hint is read synchronously, and only its exact value counts', () => {
    expect(readEnvironment(page(storageWith('1'))).returning).toBe(true)
    for (const other of ['0', 'true', '11', ' 1', '']) expect(readEnvironment(page(storageWith(other))).returning, other).toBe(false)
  })

  test('edge: storage that throws (blocked cookies), a storage without getItem and no storage at all read as no hint; on a server nothing is read', () => {
    const throwing = { getItem: () => { throw new DOMException('The operation is insecure.', 'SecurityError') }, setItem: () => {}, removeItem: () => {} }
    expect(readEnvironment(page(throwing)).returning).toBe(false)
    expect(readEnvironment(page({ setItem: () => {}, removeItem: () => {} })).returning).toBe(false)
    expect(readEnvironment(page()).returning).toBe(false)
    expect(readEnvironment(undefined)).toEqual({ origin: null, pageUrl: null, isMobile: false, ssr: true })
  })
})
