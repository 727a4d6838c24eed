import type { StorageBackendKind } from '../core/actions/types.js'
import { BaseError } from '../core/errors/BaseError.js'
import { ALL_STORAGE_KEYS, STORAGE_VERSION_KEY } from './keys.js'
import { createIndexedDbBackend } from './backends/createIndexedDbBackend.js'
import { createKeyvalStore } from './backends/createKeyvalStore.js'
import { canUseLocalStorage, createLocalStorageBackend } from './backends/createLocalStorageBackend.js'
import { createMemoryBackend } from './backends/createMemoryBackend.js'
import type { StorageBackend } from './backends/StorageBackend.js'
import { API, ORDER, type BackendPreference, type StorageWindow } from './guessBackend.js'

// Split out so `createLazyStorage` can answer `backend` without loading any backend code.
export { guessBackend } from './guessBackend.js'
export type { BackendPreference, StorageWindow } from './guessBackend.js'

/**
 * Opens the first backend of the preference order that works, probing each
 * (IndexedDB by opening and reading, localStorage by a write). Never rejects:
 * memory always works. `error` is the first failure met on the way, if any.
 * @example const { backend, error } = await selectBackend('auto', 'airlock', window)
 */
export async function selectBackend(
  preference: BackendPreference,
  dbName: string,
  env: StorageWindow,
): Promise<{ backend: StorageBackend; error: unknown }> {
  let firstError: unknown
  for (const kind of ORDER[preference]) {
    try {
      const backend = await open(kind, preference !== 'auto', dbName, env)
      if (backend) return { backend, error: firstError }
    } catch (error) {
      firstError ??= error
    }
  }
  // Stryker disable next-line ObjectLiteral: unreachable, every ORDER ends with memory, whose open never fails; kept for the type checker
  return { backend: createMemoryBackend(), error: firstError }
}

/** Null when the backend does not exist here and was not asked for by name. */
async function open(kind: StorageBackendKind, explicit: boolean, dbName: string, env: StorageWindow): Promise<StorageBackend | null> {
  if (kind === 'memory') return createMemoryBackend()
  // Reading `window.localStorage` itself throws when cookies are blocked.
  const api = env[API[kind]]
  if (!api) {
    if (explicit) throw new BaseError(`${kind} is not available`)
    return null
  }
  if (kind === 'localStorage') {
    const storage = api as Storage
    const probe = canUseLocalStorage(storage)
    if (probe !== true) throw probe.error
    return createLocalStorageBackend(storage, ALL_STORAGE_KEYS)
  }
  const backend = createIndexedDbBackend(createKeyvalStore(api as IDBFactory, dbName))
  // Opening is lazy in idb-keyval; one read proves the database opens and the store exists.
  await backend.read([STORAGE_VERSION_KEY])
  return backend
}
