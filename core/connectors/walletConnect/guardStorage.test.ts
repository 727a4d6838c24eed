import 'fake-indexeddb/auto'
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb'
import { describe, expect, test } from 'vitest'
import { failingIndexedDB } from '../../../storage/testing/failingIndexedDB.js'
import { guardStorage, isQuotaError, type KeyValueStorageLike, type StorageFallbackCause } from './guardStorage.js'
import { openSdkStorage, SDK_DATABASE, SDK_STORE, type SdkStorageModule } from './openSdkStorage.js'

/**
 * The guard in front of the WalletConnect SDK's storage (issue 21, faults 6e and 6g). The SDK's
 * browser store (its IndexedDB build, loaded here in Node) runs on fake-indexeddb; a full quota is
 * a store whose writes start failing the way browsers fail them.
 */
const browserBuild = () => import('@walletconnect/keyvaluestorage/dist/index.es.js' as string) as Promise<SdkStorageModule>

/** The SDK's IndexedDB store (its browser build, on the global fake IndexedDB), emptied for each test. */
async function sdkStore(): Promise<KeyValueStorageLike> {
  const store = await openSdkStorage({ indexedDB }, browserBuild)
  for (const key of await store.getKeys()) await store.removeItem(key)
  return store
}

/** A store whose writes fail with QuotaExceededError once `full` is set; reads keep working. */
function fillable(store: KeyValueStorageLike): KeyValueStorageLike & { full: boolean; writes: number } {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  const wrapped = {
    full: false,
    writes: 0,
    getKeys: () => store.getKeys(),
    getEntries: <T>() => store.getEntries<T>(),
    getItem: <T>(key: string) => store.getItem<T>(key),
    async setItem<T>(key: string, value: T) {
      wrapped.writes++
      if (wrapped.full) throw quota()
      await store.setItem(key, value)
    },
    async removeItem(key: string) {
      wrapped.writes++
      if (wrapped.full) throw quota()
      await store.removeItem(key)
    },
  }
  return wrapped
}

function listen(): { causes: StorageFallbackCause[]; onFallback: (cause: StorageFallbackCause) => void } {
  const causes: StorageFallbackCause[] = []
  return { causes, onFallback: (cause) => void causes.push(cause) }
}

const SESSION = [{ topic: 'a'.repeat(64), expiry: 1_900_000_000, peer: { metadata: { name: 'Wallet' } } }]

describe('guardStorage', () => {
  test('default: calls go to the SDK store in IndexedDB; the probe leaves nothing behind', async () => {
    const store = await sdkStore()
    const { causes, onFallback } = listen()
    const guard = guardStorage(async () => store, onFallback)
    await guard.setItem('wc@2:client:0.3//session', SESSION)
    expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
    expect(await store.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
    // The SDK's store files keys with `/` as `:` (unstorage); it is asked with either.
    expect(await guard.getKeys()).toEqual(['wc@2:client:0.3:session'])
    expect(guard.inMemory).toBe(false)
    expect(causes).toEqual([])
  })

  test('behavior: a full quota moves to memory with the stored data and later writes kept; told once, as "full"', async () => {
    const store = fillable(await sdkStore())
    await store.setItem('wc@2:core:0.3//keychain', { seed: 'k' })
    await store.setItem('wc@2:client:0.3//session', SESSION)
    const { causes, onFallback } = listen()
    const guard = guardStorage(async () => store, onFallback)
    await guard.setItem('wc@2:core:0.3//messages', { t: 1 })
    store.full = true
    // Two writes at once both fail on the store; both land in memory, and the switch happens once.
    await Promise.all([guard.setItem('wc@2:core:0.3//history', [{ id: 1 }]), guard.setItem('wc@2:core:0.3//expirer', [])])
    expect(guard.inMemory).toBe(true)
    expect(causes).toEqual(['full'])
    // Everything the SDK wrote before the quota ran out is still there, read from the store.
    expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
    expect(await guard.getItem('wc@2:core:0.3//keychain')).toEqual({ seed: 'k' })
    expect(await guard.getItem('wc@2:core:0.3//messages')).toEqual({ t: 1 })
    expect(await guard.getItem('wc@2:core:0.3//history')).toEqual([{ id: 1 }])
    expect((await guard.getKeys()).sort()).toEqual(['wc@2:client:0.3:session', 'wc@2:core:0.3:expirer', 'wc@2:core:0.3:history', 'wc@2:core:0.3:keychain', 'wc@2:core:0.3:messages'])
    // From now on the store is left alone.
    const writes = store.writes
    await guard.setItem('wc@2:core:0.3//pairing', [])
    await guard.removeItem('wc@2:core:0.3//messages')
    expect(store.writes).toBe(writes)
    expect(await guard.getItem('wc@2:core:0.3//messages')).toBeUndefined()
    expect(causes).toEqual(['full'])
  })

  test('behavior: IndexedDB already full when WalletConnect starts: the stored session is still read, then kept in memory with every later write', async () => {
    const backing = await sdkStore()
    await backing.setItem('wc@2:client:0.3//session', SESSION)
    await backing.setItem('wc@2:core:0.3//keychain', { seed: 'k' })
    const put = IDBObjectStore.prototype.put
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    try {
      const { causes, onFallback } = listen()
      const guard = guardStorage(() => openSdkStorage({ indexedDB }, browserBuild), onFallback)
      // What the SDK's start reads first (under its own key spelling).
      expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
      expect(guard.inMemory).toBe(false)
      await guard.setItem('WALLETCONNECT_CLIENT_ID', 'did:key:z6Mk')
      expect(causes).toEqual(['full'])
      expect(await guard.getItem('wc@2:core:0.3//keychain')).toEqual({ seed: 'k' })
      expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
      expect(await guard.getItem('WALLETCONNECT_CLIENT_ID')).toBe('did:key:z6Mk')
    } finally {
      IDBObjectStore.prototype.put = put
    }
    // Nothing was written to the full database.
    expect(await backing.getItem('WALLETCONNECT_CLIENT_ID')).toBeUndefined()
  })

  test('behavior: values are copies (as from a real store), an undefined value removes the key', async () => {
    const guard = guardStorage(() => Promise.reject(new Error('no store')), () => {})
    const value = { list: [1, 2], big: 5n }
    await guard.setItem('wc@2:a', value)
    value.list.push(3)
    expect(await guard.getItem('wc@2:a')).toEqual({ list: [1, 2], big: '5n' })
    expect(await guard.getEntries()).toEqual([['wc@2:a', { list: [1, 2], big: '5n' }]])
    await guard.setItem('wc@2:a', undefined)
    expect(await guard.getKeys()).toEqual([])
  })

  test('error: IndexedDB missing moves to memory as "unavailable", and memory works', async () => {
    const { causes, onFallback } = listen()
    const guard = guardStorage(() => openSdkStorage({ indexedDB: undefined }), onFallback)
    await guard.setItem('wc@2:client:0.3//session', SESSION)
    expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
    expect(guard.inMemory).toBe(true)
    expect(causes).toEqual(['unavailable'])
  })

  test('error: IndexedDB throwing (SecurityError), erroring or blocked on open: memory, no unhandled rejection', async () => {
    for (const mode of ['throws', 'errors', 'blocked'] as const) {
      const { causes, onFallback } = listen()
      const guard = guardStorage(() => openSdkStorage({ indexedDB: failingIndexedDB(mode) }), onFallback)
      expect(await guard.getKeys(), mode).toEqual([])
      await guard.setItem('wc@2:x', 1)
      expect(await guard.getItem('wc@2:x'), mode).toBe(1)
      expect(causes, mode).toEqual(['unavailable'])
    }
  })

  test('error: a database of another schema (no SDK store) is not used', async () => {
    const factory = new IDBFactory()
    await new Promise<void>((resolve) => {
      const request = factory.open(SDK_DATABASE, 3)
      request.onupgradeneeded = () => request.result.createObjectStore('other')
      request.onsuccess = () => (request.result.close(), resolve())
    })
    await expect(openSdkStorage({ indexedDB: factory })).rejects.toMatchObject({ name: 'NotFoundError' })
  })

  test('error: a store that stops answering mid-visit (database closed): memory keeps what was read and written', async () => {
    const backing = await sdkStore()
    await backing.setItem('wc@2:client:0.3//session', SESSION)
    let broken = false
    const fail = () => Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError'))
    const store: KeyValueStorageLike = {
      getKeys: () => (broken ? fail() : backing.getKeys()),
      getEntries: <T>() => (broken ? fail() : backing.getEntries<T>()),
      getItem: <T>(key: string) => (broken ? fail() : backing.getItem<T>(key)),
      setItem: (key, value) => (broken ? fail() : backing.setItem(key, value)),
      removeItem: (key) => (broken ? fail() : backing.removeItem(key)),
    }
    const { causes, onFallback } = listen()
    const guard = guardStorage(async () => store, onFallback)
    expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
    await guard.setItem('wc@2:core:0.3//keychain', { seed: 'k' })
    broken = true
    expect(await guard.getItem('wc@2:client:0.3//session')).toEqual(SESSION)
    expect(await guard.getItem('wc@2:core:0.3//keychain')).toEqual({ seed: 'k' })
    expect(causes).toEqual(['unavailable'])
  })

  test('behavior: clearSdkKeys removes only the SDK\'s wc@2 keys, in the store and in memory', async () => {
    const store = fillable(await sdkStore())
    for (const key of ['wc@2:core:0.3//keychain', 'wc@2:client:0.3//session', 'wc@2:universal_provider:namespaces', 'WALLETCONNECT_CLIENT_ID', 'host-key', 'wc@1.5:auth:x']) await store.setItem(key, 'v')
    const guard = guardStorage(async () => store, () => {})
    expect(await guard.clearSdkKeys()).toBe(3)
    expect((await store.getKeys()).sort()).toEqual(['WALLETCONNECT_CLIENT_ID', 'host-key', 'wc@1.5:auth:x'])

    await guard.setItem('wc@2:core:0.3//messages', {})
    store.full = true
    await guard.setItem('wc@2:core:0.3//history', [])
    expect(guard.inMemory).toBe(true)
    expect(await guard.clearSdkKeys()).toBe(2)
    expect((await guard.getKeys()).sort()).toEqual(['WALLETCONNECT_CLIENT_ID', 'host-key', 'wc@1.5:auth:x'])
  })

  test('behavior: a throwing listener does not break storage', async () => {
    const guard = guardStorage(
      () => Promise.reject(new DOMException('', 'QuotaExceededError')),
      () => {
        throw new Error('listener')
      },
    )
    await guard.setItem('wc@2:x', 1)
    expect(await guard.getItem('wc@2:x')).toBe(1)
  })
})

describe('isQuotaError', () => {
  test('default: the names browsers use, and in a cause chain', () => {
    expect(isQuotaError(new DOMException('', 'QuotaExceededError'))).toBe(true)
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true)
    expect(isQuotaError({ code: 22 })).toBe(true)
    expect(isQuotaError(new Error('wrapped', { cause: new DOMException('', 'QuotaExceededError') }))).toBe(true)
    expect(isQuotaError(new DOMException('', 'InvalidStateError'))).toBe(false)
    expect(isQuotaError('QuotaExceededError')).toBe(false)
    expect(isQuotaError(undefined)).toBe(false)
  })
})

describe('openSdkStorage', () => {
  test('default: an IndexedDB that takes a write opens the SDK store with the SDK database and store names', async () => {
    const factory = new IDBFactory()
    const store = await openSdkStorage({ indexedDB: factory })
    await store.setItem('wc@2:x', { a: 1 })
    expect(await store.getItem('wc@2:x')).toEqual({ a: 1 })
    // The probe created the SDK's store and left no key in it.
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = factory.open(SDK_DATABASE)
      request.onsuccess = () => {
        const get = request.result.transaction(SDK_STORE).objectStore(SDK_STORE).getAllKeys()
        get.onsuccess = () => (request.result.close(), resolve(get.result))
      }
    })
    expect(keys).toEqual([])
  })
})
