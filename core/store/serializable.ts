// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'
/**
 * Finds the first value that does not survive a JSON round trip unchanged:
 * functions, class instances (Error, Map, Date, providers), bigint, symbols,
 * NaN/Infinity, undefined in arrays and cycles. Returns its path, or null.
 * @example findNonSerializable({ type: 'x', at: new Date() }) // 'at'
 */
export function findNonSerializable(value: unknown, path = '', seen?: Set<object>): string | null {
  if (value === null) return null
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null
    case 'number':
      return Number.isFinite(value) ? null : path || '(root)'
    case 'undefined':
      return null
    case 'object': {
      // Made on the first object only: most values checked are flat actions.
      seen ??= new Set<object>()
      if (seen.has(value)) return path || '(root)'
      const proto = Object.getPrototypeOf(value)
      if (Array.isArray(value)) {
        seen.add(value)
        for (let i = 0; i < value.length; i++) {
          if (value[i] === undefined) return join(path, String(i))
          const bad = findNonSerializable(value[i], join(path, String(i)), seen)
          if (bad !== null) return bad
        }
        seen.delete(value)
        return null
      }
      if (proto !== Object.prototype && proto !== null) return path || '(root)'
      seen.add(value)
      for (const key of Object.keys(value)) {
        const inner = (value as Record<string, unknown>)[key]
        // Strings and booleans are always fine: no path string is built for them.
        // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: a fast path only; without it the recursive call returns null for strings and booleans too
        if (typeof inner === 'string' || typeof inner === 'boolean') continue
        const bad = findNonSerializable(inner, join(path, key), seen)
        if (bad !== null) return bad
      }
      seen.delete(value)
      return null
    }
    default:
      return path || '(root)'
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key
}

/**
 * The dev check's refusal for an action that would not survive JSON, or null: its text lives here,
 * with the check, so the store's start-up code carries neither (issue 15's start-up bytes).
 * @example describeNonSerializable({ type: 'x', at: new Date() }) // 'Action "x" is not serializable at `at`: …'
 */
export function describeNonSerializable(action: { readonly type: string }): string | null {
  const bad = findNonSerializable(action)
  return bad === null ? null : `Action "${action.type}" is not serializable at \`${bad}\`: use plain data, errors as { message }`
}
