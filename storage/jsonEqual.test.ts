import fc from 'fast-check'
import { expect, test } from 'vitest'
import { jsonEqual } from './jsonEqual.js'

test('default: deep equality ignoring key order and undefined properties', () => {
  expect(jsonEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true)
  expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true)
  expect(jsonEqual([1, 2], [2, 1])).toBe(false)
  expect(jsonEqual({ a: [] }, { a: {} })).toBe(false)
  expect(jsonEqual(undefined, {})).toBe(false)
  expect(jsonEqual(null, {})).toBe(false)
})

// An object with numeric keys and a `length` is not the array it mimics, in either order (no array method is called on it).
test.each<[unknown, unknown]>([
  [['x'], { 0: 'x', length: 1 }],
  [{ 0: 'x', length: 1 }, ['x']],
  [[], { length: 0 }],
  [{ length: 0 }, []],
])('behavior: an array never equals an array-like object: %j vs %j', (a, b) => {
  expect(jsonEqual(a, b)).toBe(false)
})

test('behavior: agrees with a JSON round trip', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
      expect(jsonEqual(a, structuredClone(a))).toBe(true)
      if (jsonEqual(a, b)) expect(JSON.stringify(sortKeys(a))).toBe(JSON.stringify(sortKeys(b)))
    }),
  )
})

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]))
}
