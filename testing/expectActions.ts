import type { Airlock } from '../core/index.js'

type Pattern = { readonly type: string } & Record<string, unknown>

/** True when `actual` has every key of `expected` with a matching value (objects and arrays compared the same way, partially). */
function matches(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (actual === null || typeof actual !== 'object') return false
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.length === actual.length && expected.every((item, i) => matches(actual[i], item))
  return Object.entries(expected).every(([key, value]) => matches((actual as Record<string, unknown>)[key], value))
}

const show = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))

export interface ActionExpectations {
  /**
   * Passes when the log holds actions matching each pattern, in this order (others may come
   * between); a pattern matches an action that has its type and every field it names.
   */
  toInclude(...patterns: readonly Pattern[]): void
  /** Passes when no action in the log matches the pattern. */
  toExclude(pattern: Pattern): void
}

/**
 * Assertions over an Airlock's event log that work with any test runner (they throw an Error
 * that lists the log's action types).
 * @example expectActions(airlock).toInclude({ type: 'connection/connectRequested' }, { type: 'connection/connected' })
 */
export function expectActions(airlock: Pick<Airlock, 'log'>): ActionExpectations {
  const actions = () => airlock.log.entries().map((entry) => entry.action)
  const types = (list: readonly { type: string }[]) => list.map((action) => action.type).join(', ') || '(none)'
  return {
    toInclude(...patterns) {
      const list = actions()
      let from = 0
      for (const [index, pattern] of patterns.entries()) {
        const found = list.findIndex((action, i) => i >= from && matches(action, pattern))
        if (found === -1) {
          throw new Error(`expected the log to include ${show(pattern)}${index > 0 ? ` after ${show(patterns[index - 1])}` : ''}; its actions${from > 0 ? ` from there` : ''}: ${types(list.slice(from))}`)
        }
        from = found + 1
      }
    },
    toExclude(pattern) {
      const found = actions().find((action) => matches(action, pattern))
      if (found) throw new Error(`expected no action matching ${show(pattern)}, found ${show(found)}`)
    },
  }
}
