/** One changed value between two states: its path (`connection.namespaces.eip155.chainId`), before and after. */
export interface StateChange {
  readonly path: string
  /** `undefined` when the key was added. */
  readonly before: unknown
  /** `undefined` when the key was removed. */
  readonly after: unknown
}

/** More changes than this are cut (a replaced wallet list): the panel says how many were left out. */
export const MAX_CHANGES = 200

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * The values that differ between two states, leaf by leaf, in key order. States are immutable,
 * so an unchanged branch is the same object and is skipped at once: a diff costs what changed.
 * @example stateDiff(before, after) // [{ path: 'modal.open', before: false, after: true }]
 */
export function stateDiff(before: unknown, after: unknown, limit = MAX_CHANGES): { changes: StateChange[]; truncated: boolean } {
  const changes: StateChange[] = []
  let truncated = false
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (Object.is(a, b)) return
    if (changes.length >= limit) {
      truncated = true
      return
    }
    // An array against an object (or a leaf against a branch) is one change, not one per key.
    if (isRecord(a) && isRecord(b) && Array.isArray(a) === Array.isArray(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      for (const key of keys) walk(a[key], b[key], path ? `${path}.${key}` : key)
      return
    }
    changes.push({ path: path || '(state)', before: a, after: b })
  }
  walk(before, after, '')
  return { changes, truncated }
}
