/**
 * Deep equality for plain JSON-like data (what storage holds): key order does
 * not matter, `undefined` properties count as absent.
 * @example jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }) // true
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => jsonEqual(item, b[index]))
  }
  const left = definedKeys(a)
  const right = definedKeys(b)
  if (left.length !== right.length) return false
  return left.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

function definedKeys(value: object): string[] {
  return Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined)
}
