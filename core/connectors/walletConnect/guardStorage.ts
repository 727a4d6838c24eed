/** The SDK's `IKeyValueStorage` (@walletconnect/keyvaluestorage 1.1): what its Core reads and writes through. */
export interface KeyValueStorageLike {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** Why the SDK's data is kept in memory: the browser's storage is full, or it cannot be used at all. */
export type StorageFallbackCause = 'full' | 'unavailable'

export interface GuardedStorage extends KeyValueStorageLike {
  /** Whether the data now lives in memory only (lost on reload). */
  readonly inMemory: boolean
  /** Removes the SDK's own keys (`wc@2:…`) and nothing else; resolves to how many there were. */
  clearSdkKeys(): Promise<number>
}

/** Every key the WalletConnect v2 SDK stores its state under starts with this (core, client, universal provider). */
export const SDK_KEY_PREFIX = 'wc@2:'

/**
 * The SDK's storage behind a guard: every call goes to `open()`'s store until one fails (a full
 * quota, IndexedDB missing, throwing or closed), then to memory for the rest of the page, seeded
 * with what the store still lets us read and what went through the guard, so nothing the SDK
 * wrote is lost. `onFallback` is told once, with the cause. The SDK never sees the failure.
 * @example const storage = guardStorage(() => openSdkStorage(), (cause) => console.warn(cause))
 */
export function guardStorage(open: () => Promise<KeyValueStorageLike>, onFallback: (cause: StorageFallbackCause, error: unknown) => void): GuardedStorage {
  /** JSON text of every value read or written through the guard (null: removed), newest wins. */
  const known = new Map<string, string | null>()
  let opening: Promise<KeyValueStorageLike> | undefined
  let memory: Map<string, string> | undefined
  let switching: Promise<Map<string, string>> | undefined

  const toMemory = (error: unknown, from: KeyValueStorageLike | undefined): Promise<Map<string, string>> =>
    (switching ??= (async () => {
      const seed = new Map<string, string>()
      // A full quota still lets us read: copy everything the SDK stored before.
      if (from) {
        try {
          for (const [key, value] of await from.getEntries()) {
            const text = encode(value)
            if (text !== undefined) seed.set(normalizeKey(key), text)
          }
        } catch {
          // Unreadable too: what went through the guard is all there is.
        }
      }
      for (const [key, text] of known) {
        if (text === null) seed.delete(key)
        else seed.set(key, text)
      }
      memory = seed
      try {
        onFallback(isQuotaError(error) ? 'full' : 'unavailable', error)
      } catch {
        // A throwing listener must not break the SDK's storage.
      }
      return seed
    })())

  /** Runs one call on the store, or on memory once the store failed (this call included). */
  async function run<T>(onStore: (store: KeyValueStorageLike) => Promise<T>, onMemory: (map: Map<string, string>) => T): Promise<T> {
    if (memory) return onMemory(memory)
    if (switching) return onMemory(await switching)
    let store: KeyValueStorageLike
    try {
      store = await (opening ??= open())
    } catch (error) {
      return onMemory(await toMemory(error, undefined))
    }
    if (memory) return onMemory(memory)
    try {
      return await onStore(store)
    } catch (error) {
      return onMemory(await toMemory(error, store))
    }
  }

  const getKeys = (): Promise<string[]> => run((store) => store.getKeys(), (map) => [...map.keys()])
  const removeItem = async (key: string): Promise<void> => {
    known.set(normalizeKey(key), null)
    await run((store) => store.removeItem(key), (map) => void map.delete(normalizeKey(key)))
  }

  return {
    get inMemory() {
      return memory !== undefined
    },
    getKeys,
    getEntries: <T>() =>
      run(
        (store) => store.getEntries<T>(),
        (map) => [...map].map(([key, text]): [string, T] => [key, JSON.parse(text) as T]),
      ),
    async getItem<T>(key: string): Promise<T | undefined> {
      return run(
        async (store) => {
          const value = await store.getItem<T>(key)
          // Remembered, so a store that later fails cannot take it with it.
          if (!known.has(normalizeKey(key))) known.set(normalizeKey(key), encode(value) ?? null)
          return value
        },
        (map) => {
          const text = map.get(normalizeKey(key))
          return text === undefined ? undefined : (JSON.parse(text) as T)
        },
      )
    },
    async setItem<T>(key: string, value: T): Promise<void> {
      const text = encode(value)
      // As in the SDK's own store, an undefined value removes the key.
      if (text === undefined) return removeItem(key)
      known.set(normalizeKey(key), text)
      await run((store) => store.setItem(key, value), (map) => void map.set(normalizeKey(key), text))
    },
    removeItem,
    async clearSdkKeys() {
      const keys = (await getKeys()).filter((key) => key.startsWith(SDK_KEY_PREFIX))
      for (const key of keys) await removeItem(key)
      return keys.length
    },
  }
}

/**
 * A key as the SDK's store (unstorage 1.17) files it: `/` and `\` become `:`, runs of `:` one, no
 * `:` at the ends, nothing from `?` on. Memory does the same, so the keys the store lists (its
 * `getEntries` copies) and the keys the SDK asks for (`wc@2:core:0.3//keychain`) meet.
 */
export function normalizeKey(key: string): string {
  return (
    key
      .split('?')[0]
      ?.replace(/[/\\]/g, ':')
      .replace(/:+/g, ':')
      .replace(/^:|:$/g, '') ?? ''
  )
}

/** JSON text as the SDK's store writes it (bigints as `"<n>n"`, as its safe-json does); undefined stays undefined. */
function encode(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
}

/** A full quota, as browsers name it (Firefox's old name and the legacy code 22 included), here or in the cause chain. */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code } = e as { name?: unknown; code?: unknown }
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22) return true
  }
  return false
}
