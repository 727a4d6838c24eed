import type { StorageBackendKind } from '../../core/actions/types.js'

/** What a read yields for a localStorage string that is not JSON: fails every schema. */
export const UNPARSABLE: unique symbol = Symbol('airlock/unparsable')

/**
 * The minimal surface createStorage needs from a place to keep values.
 * Every method may reject; none may throw synchronously.
 */
export interface StorageBackend {
  readonly kind: StorageBackendKind
  /** Raw values in key order; `undefined` for an absent key. */
  read(keys: readonly string[]): Promise<unknown[]>
  /** Sets and removes in one batch (one transaction where the backend has them). */
  write(sets: readonly (readonly [string, unknown])[], removes: readonly string[]): Promise<void>
  /** Removes every Airlock key (and nothing of the host's). */
  clear(): Promise<void>
}
