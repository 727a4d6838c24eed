import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, test, vi } from 'vitest'
import { createLazyStorage } from './createLazyStorage.js'
import { STORAGE_KEYS } from './keys.js'
import { MapStorage } from './testing/MapStorage.js'

describe('createLazyStorage', () => {
  test.each([
    ['indexeddb', { indexedDB: new IDBFactory(), localStorage: new MapStorage() }],
    ['localStorage', { localStorage: new MapStorage() }],
    ['memory', {}],
  ] as const)('default: before anything loads, backend is the guess for the window (%s)', (kind, window) => {
    expect(createLazyStorage({ window }).backend).toBe(kind)
  })

  test('default: without parameters it is auto on globalThis (no browser storage in Node: memory)', async () => {
    const storage = createLazyStorage()
    expect(storage.backend).toBe('memory')
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
  })

  test('behavior: once loaded, backend is the one really in use, not the guess', async () => {
    // Safari private mode: localStorage exists (so it is the guess) but refuses writes.
    const localStorage = new MapStorage()
    localStorage.failWrites = 'always'
    const onFallback = vi.fn()
    const storage = createLazyStorage({ window: { localStorage }, onFallback })
    expect(storage.backend).toBe('localStorage')
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    expect(storage.backend).toBe('memory')
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('memory', expect.objectContaining({ name: 'QuotaExceededError' }))
  })

  test('behavior: every operation goes to one real storage, created once', async () => {
    // In memory, a value read back proves the write went to the same instance.
    const storage = createLazyStorage({ backend: 'memory' })
    // Started together, before the storage code is loaded: all wait for the same instance.
    await Promise.all([storage.save({ activeNamespace: 'solana' }), storage.setItem('walletEmail', 'ada@example.com')])
    await expect(storage.getItem('walletEmail')).resolves.toBe('ada@example.com')
    await storage.removeItem('walletEmail')
    await expect(storage.getItem('walletEmail')).resolves.toBeUndefined()
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'solana' }, backend: 'memory' })
  })

  test('behavior: writes reach the storage of the given window', async () => {
    const localStorage = new MapStorage()
    const storage = createLazyStorage({ window: { localStorage } })
    await storage.setItem('walletEmail', 'ada@example.com')
    expect(localStorage.getItem(STORAGE_KEYS.walletEmail.key)).toBe('"ada@example.com"')
  })
})
