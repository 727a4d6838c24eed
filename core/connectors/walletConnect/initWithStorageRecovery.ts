import type { GuardedStorage } from './guardStorage.js'

/** What stored data of the wrong shape makes the SDK's start-up throw ("this.cached.forEach is not a function"…). */
const WRONG_SHAPE = /is not (a function|iterable|an object)|cannot read propert|cannot convert|can't access property|is (undefined|null)\b/i
/** A TypeError can also be the network's ("Failed to fetch", "NetworkError…", "Load failed"): never treated as bad data. */
const NETWORK = /fetch|network|load failed|socket|timed? ?out|offline|ECONN|ENOTFOUND/i

/**
 * Whether an SDK start-up error points at damaged stored data rather than at the network: a
 * TypeError about a value of the wrong shape, or a JSON SyntaxError. Relay and network failures
 * are plain Errors or network TypeErrors, so a relay that is down never wipes a valid session.
 * @example isStoredDataError(new TypeError('this.cached.forEach is not a function')) // true
 */
export function isStoredDataError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (typeof message !== 'string' || NETWORK.test(message)) return false
  return name === 'SyntaxError' || (name === 'TypeError' && WRONG_SHAPE.test(message))
}

export interface StorageRecoveryParameters<T> {
  /** One `UniversalProvider.init` with `storage`. */
  readonly init: () => Promise<T>
  readonly storage: Pick<GuardedStorage, 'clearSdkKeys'>
  /** The SDK's `customStoragePrefix` ('' when unset): it names the global core the SDK caches. */
  readonly prefix: string
  /** The SDK's keys were cleared because they were damaged (called before the second init). */
  readonly onReset: () => void
}

/**
 * Starts the SDK; when that fails on damaged stored data, clears the SDK's own keys and starts it
 * once more. The SDK caches its Core on `globalThis` as soon as it is built, even when its start
 * fails, and hands that broken Core to every later init: a failed start whose Core this call
 * created is forgotten, so the next start (this retry, or the person's "Try again") builds a new
 * one. A Core that existed before (another client on the page) is neither dropped nor has its
 * data cleared: the error is passed on.
 * @example const provider = await initWithStorageRecovery({ init, storage, prefix: '', onReset })
 */
export async function initWithStorageRecovery<T>({ init, storage, prefix, onReset }: StorageRecoveryParameters<T>): Promise<T> {
  const first = globalCore(prefix)
  try {
    return await init()
  } catch (error) {
    if (!first.forget() || !isStoredDataError(error)) throw error
    const removed = await storage.clearSdkKeys().catch(() => 0)
    if (removed === 0) throw error
    onReset()
    const second = globalCore(prefix)
    try {
      return await init()
    } catch (retryError) {
      second.forget()
      throw retryError
    }
  }
}

/** The SDK's global core slot (`_walletConnectCore_<prefix>` in @walletconnect/core 2.25), as it was before an init. */
function globalCore(prefix: string): { forget(): boolean } {
  const scope = globalThis as Record<string, unknown>
  const key = `_walletConnectCore_${prefix}`
  const existed = scope[key] !== undefined
  return {
    forget() {
      if (existed) return false
      delete scope[key]
      delete scope[`${key}_count`]
      return true
    },
  }
}
