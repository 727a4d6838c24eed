import type { PersistedValues, StorageBackendKind } from '../core/actions/types.js'
import type { StorageDep } from '../core/deps.js'
import { BaseError } from '../core/errors/BaseError.js'
import { createMemoryBackend } from './backends/createMemoryBackend.js'
import type { StorageBackend } from './backends/StorageBackend.js'
import { PERSISTED_NAMES, STORAGE_KEYS, STORAGE_VERSION_KEY, type RawStoredValues, type StorageName, type StoredValues } from './keys.js'
import { readStoredValues } from './readStoredValues.js'
import { toWriteBatch } from './toWriteBatch.js'
import { guessBackend, selectBackend, type BackendPreference, type StorageWindow } from './selectBackend.js'

/** The format version this code writes; bump it with a `migrate` step. */
export const CURRENT_STORAGE_VERSION = 1

export interface CreateStorageParameters {
  /** `auto` (default): IndexedDB, else localStorage, else memory. */
  backend?: BackendPreference
  /** The IndexedDB database name (default `airlock`). */
  dbName?: string
  /** Where to find `indexedDB` and `localStorage` (default `globalThis`). */
  window?: StorageWindow
  /** Turns values stored by an older version into this version's shapes; runs before validation. */
  migrate?: (fromVersion: number, values: RawStoredValues) => RawStoredValues | Promise<RawStoredValues>
  /** Called when storage moves to another backend than preferred; `kind` is the one now in use. */
  onFallback?: (kind: StorageBackendKind, error: unknown) => void
}

/** `StorageDep` for core, plus typed access to every logical key for feature modules. */
export interface AirlockStorage extends StorageDep {
  /** The validated value, or undefined when absent or invalid (invalid values are removed). */
  getItem<K extends StorageName>(name: K): Promise<StoredValues[K] | undefined>
  /** Validates then writes; rejects (writing nothing) for a wrong-shaped value. `null` removes. */
  setItem<K extends StorageName>(name: K, value: StoredValues[K] | null | undefined): Promise<void>
  removeItem(name: StorageName): Promise<void>
  /** Removes every Airlock key, never the host's. */
  clear(): Promise<void>
}

/**
 * Creates the persistent storage: zod-validated reads and writes, versioned,
 * and falling back to memory (with the values known so far) on any failure.
 * @example const storage = createStorage({ onFallback: (kind, error) => console.warn(kind, error) })
 */
export function createStorage(parameters: CreateStorageParameters = {}): AirlockStorage {
  const { backend: preference = 'auto', dbName = 'airlock', migrate = (_: number, values: RawStoredValues) => values, onFallback } = parameters
  const env = parameters.window ?? (globalThis as StorageWindow)
  /** Validated values by storage key, kept so a fallback to memory loses nothing. */
  const known = new Map<string, unknown>()
  let current: StorageBackend | undefined
  let selecting: Promise<StorageBackend> | undefined
  let firstRead: Promise<Partial<StoredValues>> | undefined

  const notify = (kind: StorageBackendKind, error: unknown): void => {
    try {
      // Stryker disable next-line OptionalChaining: without onFallback the call throws a TypeError, which the catch below swallows
      onFallback?.(kind, error)
    } catch {
      // A throwing host callback must not break storage.
    }
  }
  const select = (): Promise<StorageBackend> =>
    (selecting ??= selectBackend(preference, dbName, env).then(({ backend, error }) => {
      current ??= backend
      if (error !== undefined) notify(backend.kind, error)
      return current
    }))
  const toMemory = (error: unknown, seed: ReadonlyMap<string, unknown>): StorageBackend => {
    current = createMemoryBackend(seed)
    notify('memory', error)
    return current
  }

  /** Runs one IO step; a failing persistent backend is swapped for memory (once) and the step retried there. */
  async function run<T>(step: (backend: StorageBackend) => Promise<T>): Promise<T> {
    const backend = current ?? (await select())
    try {
      return await step(backend)
    } catch (error) {
      if (backend.kind === 'memory') throw error
      return step(current === backend ? toMemory(error, known) : current!)
    }
  }

  const readAll = (): Promise<Partial<StoredValues>> =>
    readStoredValues({
      run,
      known,
      version: CURRENT_STORAGE_VERSION,
      migrate,
      // Written by newer code: unreadable here, and it must not be overwritten either.
      onFutureVersion: (version) => void toMemory(new BaseError(`Stored data has version ${version}, newer than ${CURRENT_STORAGE_VERSION}`), new Map()),
    })
  /** The first full read runs the version check and migration; every other operation waits for it. */
  const ready = (): Promise<Partial<StoredValues>> => (firstRead ??= readAll().catch(() => ({})))

  async function write(values: Partial<Record<StorageName, unknown>>): Promise<void> {
    // Validated before anything else: a wrong-shaped value never reaches storage.
    const { sets, removes } = toWriteBatch(values)
    await ready()
    if (sets.length === 0 && removes.length === 0) return
    await run((backend) => backend.write(sets, removes))
    for (const [key, value] of sets) known.set(key, value)
    for (const key of removes) known.delete(key)
  }

  return {
    get backend() {
      return current?.kind ?? guessBackend(preference, env)
    },
    async load() {
      const initiator = firstRead === undefined
      let values = await ready()
      // Only the first load may reuse the start-up read; later loads see later writes.
      if (!initiator) values = await readAll().catch(() => ({}))
      const persisted: Record<string, unknown> = {}
      for (const name of PERSISTED_NAMES) if (values[name] !== undefined) persisted[name] = values[name]
      // Stryker disable next-line StringLiteral: unreachable, ready() always ran select(), which sets current; the fallback is for the type only
      return { values: persisted as PersistedValues, backend: current?.kind ?? 'memory' }
    },
    save: write,
    async getItem(name) {
      await ready()
      const { key, schema, whenInvalid } = STORAGE_KEYS[name] as (typeof STORAGE_KEYS)[StorageName] & { whenInvalid?: unknown }
      const [raw] = await run((backend) => backend.read([key]))
      if (raw === undefined) return undefined
      const parsed = schema.safeParse(raw)
      if (parsed.success) {
        known.set(key, parsed.data)
        return parsed.data as StoredValues[typeof name]
      }
      known.delete(key)
      await run((backend) => backend.write([], [key]))
      return whenInvalid as StoredValues[typeof name] | undefined
    },
    setItem: (name, value) => write({ [name]: value }),
    removeItem: (name) => write({ [name]: undefined }),
    async clear() {
      await ready()
      // Keep the version key: data written after a clear is already in this version's shapes.
      await run(async (backend) => {
        await backend.clear()
        await backend.write([[STORAGE_VERSION_KEY, CURRENT_STORAGE_VERSION]], [])
      })
      known.clear()
      known.set(STORAGE_VERSION_KEY, CURRENT_STORAGE_VERSION)
    },
  }
}
