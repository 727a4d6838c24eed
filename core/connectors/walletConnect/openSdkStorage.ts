import { BaseError } from '../../errors/BaseError.js'
import { isQuotaError, normalizeKey, type KeyValueStorageLike } from './guardStorage.js'

/** Where the WalletConnect SDK keeps its data in a browser (@walletconnect/keyvaluestorage 1.1). */
export const SDK_DATABASE = 'WALLET_CONNECT_V2_INDEXED_DB'
export const SDK_STORE = 'keyvaluestorage'
/** Written and deleted in one transaction by the probe: never stays behind. */
const PROBE_KEY = 'airlock:probe'

/**
 * The SDK's own storage (IndexedDB in a browser, memory in Node, as the SDK itself chooses), but
 * only once one write to its database is known to work. The SDK's store cannot be trusted with a
 * failing database: its start-up step rejects unhandled (the `QuotaExceededError` of a full quota)
 * and every later call then waits forever. So the database is probed first, by putting and
 * deleting a key in one transaction. A full quota still lets the SDK's data be read: the store
 * returned then reads it and refuses every write (the guard then moves it all to memory); any
 * other failure rejects here, where the guard catches it.
 * @example const store = await openSdkStorage() // writes reject with QuotaExceededError when storage is full
 */
export async function openSdkStorage(env: { readonly indexedDB?: IDBFactory | null } = globalThis, load: () => Promise<SdkStorageModule> = () => import('@walletconnect/keyvaluestorage')): Promise<KeyValueStorageLike> {
  const factory = env.indexedDB
  if (!factory) throw new BaseError('IndexedDB is not available')
  try {
    await probe(factory)
  } catch (error) {
    if (isQuotaError(error)) return readOnlyStore(factory, error)
    throw error
  }
  const { KeyValueStorage } = await load()
  // The options are the SDK Core's own defaults; only its Node build reads them (memory, no file).
  return new KeyValueStorage({ database: ':memory:' })
}

/**
 * The SDK's data as it is in its database (read once), with every write refused with `failure`.
 * Values are read as the SDK's store reads them: JSON text parsed, anything else as it is.
 */
function readOnlyStore(factory: IDBFactory, failure: unknown): KeyValueStorageLike {
  let snapshot: Promise<Map<string, unknown>> | undefined
  const read = () => (snapshot ??= readAll(factory))
  const refuse = () => Promise.reject(failure)
  return {
    getKeys: async () => [...(await read()).keys()],
    getEntries: async <T>() => [...(await read())] as [string, T][],
    getItem: async <T>(key: string) => (await read()).get(normalizeKey(key)) as T | undefined,
    setItem: refuse,
    removeItem: refuse,
  }
}

function readAll(factory: IDBFactory): Promise<Map<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = factory.open(SDK_DATABASE)
    request.onerror = () => reject(request.error ?? new BaseError('IndexedDB could not be opened'))
    request.onsuccess = () => {
      const db = request.result
      try {
        const store = db.transaction(SDK_STORE, 'readonly').objectStore(SDK_STORE)
        const keys = store.getAllKeys()
        const values = store.getAll()
        values.onsuccess = () => {
          db.close()
          resolve(new Map(keys.result.map((key, i) => [normalizeKey(String(key)), parse(values.result[i])])))
        }
        values.onerror = () => (db.close(), reject(values.error))
      } catch (error) {
        db.close()
        reject(error)
      }
    }
  })
}

function parse(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/** The part of @walletconnect/keyvaluestorage used (tests load its browser build in Node). */
export interface SdkStorageModule {
  readonly KeyValueStorage: new (options?: { database?: string }) => KeyValueStorageLike
}

function probe(factory: IDBFactory): Promise<void> {
  // The executor turns a synchronous throw of `open` (SecurityError in some private modes) into a rejection.
  return new Promise<void>((resolve, reject) => {
    const request = factory.open(SDK_DATABASE)
    request.onupgradeneeded = () => request.result.createObjectStore(SDK_STORE)
    request.onblocked = () => reject(new BaseError('IndexedDB open is blocked'))
    request.onerror = () => reject(request.error ?? new BaseError('IndexedDB could not be opened'))
    request.onsuccess = () => {
      const db = request.result
      const done = (error?: unknown) => {
        db.close()
        if (error === undefined) resolve()
        else reject(error)
      }
      try {
        // A database without the SDK's store (another schema) throws NotFoundError here.
        const transaction = db.transaction(SDK_STORE, 'readwrite')
        const store = transaction.objectStore(SDK_STORE)
        store.put('', PROBE_KEY)
        store.delete(PROBE_KEY)
        transaction.oncomplete = () => done()
        // A failed write (QuotaExceededError at commit) aborts the transaction.
        transaction.onabort = () => done(transaction.error ?? new BaseError('IndexedDB write was aborted'))
      } catch (error) {
        done(error)
      }
    }
  })
}
