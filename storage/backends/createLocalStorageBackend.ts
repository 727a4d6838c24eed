import { UNPARSABLE, type StorageBackend } from './StorageBackend.js'

/**
 * A backend over `localStorage`, one JSON string per key. The methods are
 * async so a throwing `setItem` (quota, Safari private mode) becomes a rejection.
 * @example const backend = createLocalStorageBackend(window.localStorage, ALL_STORAGE_KEYS)
 */
export function createLocalStorageBackend(storage: Storage, ownKeys: readonly string[]): StorageBackend {
  return {
    kind: 'localStorage',
    read: async (keys) =>
      keys.map((key) => {
        const text = storage.getItem(key)
        if (text === null) return undefined
        try {
          return JSON.parse(text) as unknown
        } catch {
          return UNPARSABLE
        }
      }),
    write: async (sets, removes) => {
      for (const [key, value] of sets) storage.setItem(key, JSON.stringify(value))
      for (const key of removes) storage.removeItem(key)
    },
    // The host shares this localStorage: remove our keys only, never `storage.clear()`.
    clear: async () => {
      for (const key of ownKeys) storage.removeItem(key)
    },
  }
}

/**
 * True when `storage` accepts a write. Safari private mode and disabled
 * cookies expose a localStorage whose `setItem` throws.
 * @example if (canUseLocalStorage(window.localStorage)) { ... }
 */
export function canUseLocalStorage(storage: Storage): true | { error: unknown } {
  const probe = '@airlock/probe'
  try {
    storage.setItem(probe, '1')
    storage.removeItem(probe)
    return true
  } catch (error) {
    return { error }
  }
}
