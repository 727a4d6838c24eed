import { describe, expect, test } from 'vitest'
import { describeNonSerializable, findNonSerializable } from './serializable.js'

/** An object that contains itself under `key`. */
const cyclic = (key: string): Record<string, unknown> => {
  const value: Record<string, unknown> = { type: 'x' }
  value[key] = value
  return value
}

describe('findNonSerializable', () => {
  // Each value survives a JSON round trip (a key holding undefined is simply left out).
  test.each<[string, unknown]>([
    ['null', null],
    ['a string', 'text'],
    ['a boolean', false],
    ['a finite number', 1.5],
    ['undefined at the root', undefined],
    ['a key holding undefined', { type: 'x', gone: undefined }],
    ['an empty array', []],
    ['a nested array of plain data', { list: [1, 'a', true, null, { b: [2] }] }],
    ['an object without prototype', Object.assign(Object.create(null) as object, { a: 1, b: { c: 'd' } })],
    ['the same object twice (shared, not a cycle)', (() => { const shared = { n: 1 }; return { a: shared, b: [shared, shared] } })()],
  ])('default: %s is fine', (_, value) => {
    expect(findNonSerializable(value)).toBeNull()
  })

  // The path of the first bad value; '(root)' when the value itself is bad.
  test.each<[string, unknown, string]>([
    ['NaN at the root', Number.NaN, '(root)'],
    ['Infinity under a key', { type: 'x', by: Number.POSITIVE_INFINITY }, 'by'],
    ['a bigint at the root', 1n, '(root)'],
    ['a bigint under a key', { type: 'x', amount: 1n }, 'amount'],
    ['a function at the root', () => 1, '(root)'],
    ['a symbol nested two levels down', { a: { b: Symbol('s') } }, 'a.b'],
    ['a class instance at the root', new Date(0), '(root)'],
    ['a class instance nested', { a: { at: new Date(0) } }, 'a.at'],
    ['a Map in an array', { list: [1, new Map()] }, 'list.1'],
    ['undefined in an array', { list: [1, undefined] }, 'list.1'],
    ['a hole in a sparse array', [1, , 3], '1'],
    ['the first bad array element, not a later one', [1, Number.NaN, 1n], '1'],
    ['a bad value after good ones in an array', { list: ['a', { ok: 1 }, { bad: Number.NaN }] }, 'list.2.bad'],
    ['NaN as the only array element', [Number.NaN], '0'],
  ])('behavior: %s is reported at its path', (_, value, path) => {
    expect(findNonSerializable(value)).toBe(path)
  })

  test('behavior: a cycle is reported where it closes instead of recursing forever', () => {
    expect(findNonSerializable({ outer: cyclic('self') })).toBe('outer.self')
    const list: unknown[] = [1]
    list.push(list)
    expect(findNonSerializable({ list })).toBe('list.1')
  })

  test('behavior: a cycle back to the root under the empty key is reported as (root)', () => {
    // The empty key keeps the path empty, so the cycle closes at path ''.
    expect(findNonSerializable(cyclic(''))).toBe('(root)')
  })
})

describe('describeNonSerializable', () => {
  test('behavior: names the action and the path, or gives null for plain data', () => {
    expect(describeNonSerializable({ type: 'x', at: new Date(0) } as { type: string })).toBe('Action "x" is not serializable at `at`: use plain data, errors as { message }')
    expect(describeNonSerializable({ type: 'x', n: 1 } as { type: string })).toBeNull()
  })
})
