import type { StorageBackendKind } from '../core/actions/types.js'

/** The parts of `window` storage reads; a real `Window` fits, tests pass their own. */
export interface StorageWindow {
  readonly localStorage?: Storage | null
  readonly indexedDB?: IDBFactory | null
}

export type BackendPreference = 'auto' | StorageBackendKind

/** The `window` property behind each persistent backend. */
export const API = { indexeddb: 'indexedDB', localStorage: 'localStorage' } as const

export const ORDER: Record<BackendPreference, readonly StorageBackendKind[]> = {
  auto: ['indexeddb', 'localStorage', 'memory'],
  indexeddb: ['indexeddb', 'memory'],
  localStorage: ['localStorage', 'memory'],
  memory: ['memory'],
}

/**
 * The backend `selectBackend` will most likely pick, for the synchronous
 * `backend` property before the first operation settles.
 * @example guessBackend('auto', window) // 'indexeddb'
 */
export function guessBackend(preference: BackendPreference, env: StorageWindow): StorageBackendKind {
  for (const kind of ORDER[preference]) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: `→ false` and `''` are equivalent: memory is last in every ORDER, and without this return env[undefined] is falsy and the loop ends at the `return 'memory'` below (the `→ true` twin, skipped with them, is killed by every non-memory guess)
    if (kind === 'memory') return kind
    try {
      if (env[API[kind]]) return kind
    } catch {
      // A throwing getter (SecurityError) means this backend will not be picked.
    }
  }
  // Stryker disable next-line StringLiteral: unreachable, every ORDER ends with memory, returned in the loop; kept for the type checker
  return 'memory'
}
