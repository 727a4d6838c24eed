/**
 * The fields whose value is not undefined, so optional message fields stay absent (not
 * `undefined`) and a message deep-equals its parsed text.
 * @example definedFields({ a: 1, b: undefined }) // { a: 1 }
 */
export function definedFields<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}
