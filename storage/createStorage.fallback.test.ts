import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createStorage } from './createStorage.js'
import { STORAGE_KEYS, STORAGE_VERSION_KEY } from './keys.js'
import { failingIndexedDB } from './testing/failingIndexedDB.js'
import { MapStorage } from './testing/MapStorage.js'

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => void unhandled.push(reason)
beforeEach(() => {
  unhandled.length = 0
  process.on('unhandledRejection', onUnhandled)
})
afterEach(async () => {
  // Let any stray rejection surface before checking.
  await new Promise((resolve) => setImmediate(resolve))
  process.off('unhandledRejection', onUnhandled)
  expect(unhandled).toEqual([])
})

describe('createStorage on localStorage', () => {
  test('default: auto picks localStorage when there is no IndexedDB, values as JSON strings', async () => {
    const localStorage = new MapStorage()
    const storage = createStorage({ window: { localStorage } })
    expect(storage.backend).toBe('localStorage')
    await storage.save({ activeNamespace: 'eip155', connectionStatus: { eip155: 'connected' } })
    expect(localStorage.getItem(STORAGE_KEYS.connectionStatus.key)).toBe('{"eip155":"connected"}')
    await expect(storage.load()).resolves.toEqual({
      values: { activeNamespace: 'eip155', connectionStatus: { eip155: 'connected' } },
      backend: 'localStorage',
    })
  })

  test('behavior: unparsable JSON is absent and removed', async () => {
    const localStorage = new MapStorage()
    localStorage.setItem(STORAGE_KEYS.activeNamespace.key, '{not json')
    localStorage.setItem(STORAGE_KEYS.connections.key, 'undefined')
    localStorage.setItem(STORAGE_KEYS.activeCaipNetworkId.key, '"eip155:1"')
    const storage = createStorage({ window: { localStorage } })
    await expect(storage.load()).resolves.toEqual({ values: { activeCaipNetworkId: 'eip155:1' }, backend: 'localStorage' })
    expect(localStorage.getItem(STORAGE_KEYS.activeNamespace.key)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.connections.key)).toBeNull()
  })

  test('behavior: a quota error moves to memory with the values known so far', async () => {
    const localStorage = new MapStorage()
    const onFallback = vi.fn()
    const storage = createStorage({ window: { localStorage }, onFallback })
    await storage.save({ activeNamespace: 'eip155', recentWallets: [{ id: 'a', name: 'A' }] })
    await storage.setItem('connectedSocial', 'google')
    localStorage.failWrites = 'quota'

    await expect(storage.save({ activeCaipNetworkId: 'eip155:10' })).resolves.toBeUndefined()
    expect(localStorage.failures).toBe(1)
    expect(storage.backend).toBe('memory')
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('memory', expect.objectContaining({ name: 'QuotaExceededError' }))
    await expect(storage.load()).resolves.toEqual({
      values: { activeNamespace: 'eip155', activeCaipNetworkId: 'eip155:10', recentWallets: [{ id: 'a', name: 'A' }] },
      backend: 'memory',
    })
    await expect(storage.getItem('connectedSocial')).resolves.toBe('google')
    // Memory from now on: localStorage is not touched again.
    await storage.save({ activeNamespace: 'solana' })
    expect(localStorage.failures).toBe(1)
  })

  test('behavior: Safari private mode (every setItem throws) falls back to memory at start', async () => {
    const localStorage = new MapStorage()
    localStorage.failWrites = 'always'
    const onFallback = vi.fn()
    const storage = createStorage({ window: { localStorage }, onFallback })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('memory', expect.objectContaining({ name: 'QuotaExceededError' }))
    await storage.save({ activeNamespace: 'eip155' })
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'eip155' }, backend: 'memory' })
  })

  test('behavior: a throwing localStorage getter (cookies blocked) falls back to memory', async () => {
    const env = {
      get localStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    }
    const onFallback = vi.fn()
    const storage = createStorage({ window: env, onFallback })
    expect(storage.backend).toBe('memory')
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    expect(onFallback).toHaveBeenCalledWith('memory', expect.objectContaining({ name: 'SecurityError' }))
  })

  test('behavior: operations failing together move to memory once, and every value lands there', async () => {
    const localStorage = new MapStorage()
    const onFallback = vi.fn()
    const storage = createStorage({ window: { localStorage }, onFallback })
    await storage.load()
    localStorage.failWrites = 'quota'
    // Both writes are under way on localStorage when the first failure swaps in memory: the second uses that memory.
    await Promise.all([storage.save({ activeNamespace: 'solana' }), storage.setItem('walletEmail', 'ada@example.com')])
    expect(localStorage.failures).toBe(2)
    expect(onFallback).toHaveBeenCalledOnce()
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'solana' }, backend: 'memory' })
    await expect(storage.getItem('walletEmail')).resolves.toBe('ada@example.com')
  })

  test('behavior: a throwing onFallback does not break storage', async () => {
    const localStorage = new MapStorage()
    localStorage.failWrites = 'always'
    const storage = createStorage({ window: { localStorage }, onFallback: () => { throw new Error('host bug') } })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
  })
})

describe('createStorage on a failing IndexedDB', () => {
  test.each(['throws', 'errors', 'blocked'] as const)('behavior: open %s → falls back to localStorage', async (mode) => {
    const localStorage = new MapStorage()
    const onFallback = vi.fn()
    const storage = createStorage({ window: { indexedDB: failingIndexedDB(mode), localStorage }, onFallback })
    await storage.save({ activeNamespace: 'solana' })
    expect(storage.backend).toBe('localStorage')
    expect(localStorage.getItem(STORAGE_KEYS.activeNamespace.key)).toBe('"solana"')
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('localStorage', expect.anything())
  })

  test('behavior: asked for IndexedDB only, a failing open falls back to memory', async () => {
    const onFallback = vi.fn()
    const storage = createStorage({ backend: 'indexeddb', window: { indexedDB: failingIndexedDB('throws') }, onFallback })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('memory', expect.objectContaining({ name: 'SecurityError' }))
  })

  test('behavior: asked for a backend that does not exist → memory, with the reason', async () => {
    const onFallback = vi.fn()
    const storage = createStorage({ backend: 'localStorage', window: {}, onFallback })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    expect(onFallback).toHaveBeenCalledWith('memory', expect.objectContaining({ message: 'localStorage is not available' }))
  })

  test('behavior: IndexedDB failing at run time moves to memory and keeps every value', async () => {
    const real = new IDBFactory()
    const databases: IDBDatabase[] = []
    // A factory that hands out real databases, so the test can break them later.
    const indexedDB = {
      open: (name: string) => {
        const request = real.open(name)
        request.addEventListener('success', () => databases.push(request.result))
        return request
      },
    } as unknown as IDBFactory
    const onFallback = vi.fn()
    const storage = createStorage({ window: { indexedDB }, onFallback })
    await storage.save({ activeNamespace: 'eip155', connectedNamespaces: ['eip155'] })
    await storage.setItem('walletEmail', 'ada@example.com')
    for (const database of databases) {
      database.transaction = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
    }

    await expect(storage.save({ activeCaipNetworkId: 'eip155:1' })).resolves.toBeUndefined()
    expect(storage.backend).toBe('memory')
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('memory', expect.objectContaining({ name: 'QuotaExceededError' }))
    await expect(storage.load()).resolves.toEqual({
      values: { activeNamespace: 'eip155', connectedNamespaces: ['eip155'], activeCaipNetworkId: 'eip155:1' },
      backend: 'memory',
    })
    await expect(storage.getItem('walletEmail')).resolves.toBe('ada@example.com')
  })

  test('behavior: an empty save touches no backend, so a broken IndexedDB goes unnoticed until a real write', async () => {
    const real = new IDBFactory()
    const databases: IDBDatabase[] = []
    const indexedDB = {
      open: (name: string) => {
        const request = real.open(name)
        request.addEventListener('success', () => databases.push(request.result))
        return request
      },
    } as unknown as IDBFactory
    const onFallback = vi.fn()
    const storage = createStorage({ window: { indexedDB }, onFallback })
    await storage.load()
    const transactions = databases.map((database) => vi.spyOn(database, 'transaction').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }))
    await expect(storage.save({})).resolves.toBeUndefined()
    expect(transactions.flatMap((transaction) => transaction.mock.calls)).toEqual([])
    expect(storage.backend).toBe('indexeddb')
    expect(onFallback).not.toHaveBeenCalled()
  })

  test('behavior: without any browser storage (a server) it is memory, silently', async () => {
    const onFallback = vi.fn()
    const storage = createStorage({ window: {}, onFallback })
    expect(storage.backend).toBe('memory')
    await storage.save({ activeNamespace: 'eip155' })
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'eip155' }, backend: 'memory' })
    expect(onFallback).not.toHaveBeenCalled()
  })

  test('behavior: the version key is carried into memory, so nothing is migrated twice', async () => {
    const localStorage = new MapStorage()
    const migrate = vi.fn((_: number, values: Record<string, unknown>) => values)
    localStorage.setItem(STORAGE_KEYS.activeNamespace.key, '"eip155"')
    const storage = createStorage({ window: { localStorage }, migrate })
    await storage.load()
    localStorage.failWrites = 'quota'
    await storage.save({ activeNamespace: 'solana' })
    await storage.load()
    expect(migrate).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(STORAGE_VERSION_KEY)).toBe('1')
  })
})

describe('createStorage when memory itself fails', () => {
  // Memory is the last resort; only a value it cannot clone can make it fail, simulated here.
  const failNextClone = (): void => {
    vi.spyOn(globalThis, 'structuredClone').mockImplementationOnce(() => {
      throw new DOMException('The object could not be cloned.', 'DataCloneError')
    })
  }
  afterEach(() => vi.restoreAllMocks())

  test('behavior: a failing memory write rejects with its error, and is not reported as a fallback', async () => {
    const onFallback = vi.fn()
    const storage = createStorage({ backend: 'memory', onFallback })
    await storage.save({ activeNamespace: 'eip155' })
    failNextClone()
    await expect(storage.save({ activeNamespace: 'solana' })).rejects.toMatchObject({ name: 'DataCloneError' })
    expect(onFallback).not.toHaveBeenCalled()
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'eip155' }, backend: 'memory' })
  })

  test('behavior: a later load whose read fails resolves empty instead of rejecting', async () => {
    const storage = createStorage({ backend: 'memory' })
    await storage.save({ activeNamespace: 'eip155' })
    failNextClone()
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    // The values were not lost: the next load sees them.
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'eip155' }, backend: 'memory' })
  })
})
