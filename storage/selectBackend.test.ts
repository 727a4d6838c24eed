import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, test } from 'vitest'
import { MapStorage } from './testing/MapStorage.js'
import { selectBackend } from './selectBackend.js'

/** A real (fake-indexeddb) factory whose databases open fine but fail every read, as a corrupt backing store does. */
function unreadableIndexedDB(): IDBFactory {
  const real = new IDBFactory()
  const unreadable = (store: IDBObjectStore): IDBObjectStore => {
    store.get = () => {
      throw new DOMException('Internal error reading from backing store', 'UnknownError')
    }
    return store
  }
  return {
    open: (name: string) => {
      const request = real.open(name)
      request.addEventListener('success', () => {
        const database = request.result
        const transaction = database.transaction.bind(database)
        database.transaction = (...args: Parameters<IDBDatabase['transaction']>) => {
          const tx = transaction(...args)
          const objectStore = tx.objectStore.bind(tx)
          tx.objectStore = (storeName) => unreadable(objectStore(storeName))
          return tx
        }
      })
      return request
    },
  } as unknown as IDBFactory
}

describe('selectBackend', () => {
  test('behavior: an IndexedDB that opens but cannot read is skipped at selection, so localStorage still gets its turn', async () => {
    const localStorage = new MapStorage()
    const { backend, error } = await selectBackend('auto', 'airlock', { indexedDB: unreadableIndexedDB(), localStorage })
    expect(backend.kind).toBe('localStorage')
    expect(error).toMatchObject({ name: 'UnknownError' })
  })

  test('behavior: a localStorage that exists but refuses writes is skipped for memory, with its error', async () => {
    const localStorage = new MapStorage()
    localStorage.failWrites = 'always'
    const { backend, error } = await selectBackend('auto', 'airlock', { localStorage })
    expect(backend.kind).toBe('memory')
    expect(error).toMatchObject({ name: 'QuotaExceededError' })
  })

  test('behavior: a localStorage that refuses writes is skipped even when it still reads', async () => {
    // Data written before the quota filled up is readable, but nothing new can be kept there.
    const localStorage = new MapStorage()
    localStorage.setItem('@airlock/storage_version', '1')
    localStorage.failWrites = 'always'
    const { backend } = await selectBackend('localStorage', 'airlock', { localStorage })
    expect(backend.kind).toBe('memory')
  })
})
