import { clear, getMany, promisifyRequest, type UseStore } from 'idb-keyval'
import type { StorageBackend } from './StorageBackend.js'

/**
 * A backend over an idb-keyval store. Values are stored as structured clones,
 * not JSON, and a write is one readwrite transaction: all of it lands or none.
 * @example const backend = createIndexedDbBackend(createKeyvalStore(indexedDB, 'airlock'))
 */
export function createIndexedDbBackend(store: UseStore): StorageBackend {
  return {
    kind: 'indexeddb',
    read: (keys) => getMany([...keys], store),
    write: (sets, removes) =>
      store('readwrite', (objectStore) => {
        for (const [key, value] of sets) objectStore.put(value, key)
        for (const key of removes) objectStore.delete(key)
        return promisifyRequest(objectStore.transaction)
      }),
    clear: () => clear(store),
  }
}
