import type { UseStore } from 'idb-keyval'
import { BaseError } from '../../core/errors/BaseError.js'

/**
 * idb-keyval's `createStore`, on an injected `IDBFactory` instead of the global
 * one (tests, hosts, a fresh fake-indexeddb), and failing instead of hanging:
 * `open` throwing, erroring or being blocked rejects every operation.
 * @example const store = createKeyvalStore(indexedDB, 'airlock'); await getMany(keys, store)
 */
export function createKeyvalStore(factory: IDBFactory, dbName: string, storeName = 'keyval'): UseStore {
  let db: Promise<IDBDatabase> | undefined
  const open = (): Promise<IDBDatabase> => {
    if (db) return db
    // The executor catches a synchronous throw from `open` (SecurityError, no IDB) as a rejection.
    db = new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName)
      request.onsuccess = () => {
        const database = request.result
        // Another tab upgrading or deleting the database: let it, and reopen next time.
        database.onversionchange = () => {
          database.close()
          db = undefined
        }
        database.onclose = () => (db = undefined)
        resolve(database)
      }
      request.onerror = () => reject(request.error ?? new BaseError('IndexedDB could not be opened'))
      request.onblocked = () => reject(new BaseError('IndexedDB open is blocked'))
    })
    db.catch(() => (db = undefined))
    return db
  }
  return (txMode, callback) => open().then((database) => callback(database.transaction(storeName, txMode).objectStore(storeName)))
}
