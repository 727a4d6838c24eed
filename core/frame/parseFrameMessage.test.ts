import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { MAX_FRAME_MESSAGE_BYTES, MAX_FRAME_MESSAGE_DEPTH, parseFrameMessage, replyInfo } from './parseFrameMessage.js'

// The edges of the parser's guards (protocol.test.ts has a valid message of every type and the
// common hostile ones). postMessage data is whatever the other window chose to send.

const READY = '@airlock-frame/READY'
/** Its payload is the JSON-RPC result as it came (z.unknown): only the size, depth and shape checks stand in the way. */
const RPC_SUCCESS = '@airlock-frame/RPC_REQUEST_SUCCESS'

describe('replyInfo', () => {
  test.each([
    ['an unknown type', '@airlock-frame/EXPLODE_SUCCESS'],
    ['a request type', '@airlock-app/CONNECT_OTP'],
    ['an empty string', ''],
  ])('%s answers no request (undefined, no throw)', (_name, type) => {
    expect(replyInfo(type)).toBeUndefined()
  })
})

describe('the parsed message', () => {
  // The message is rebuilt from what passed: an id or payload that was absent (or undefined) is
  // absent, not a key holding undefined, so what the page stores and compares is exactly what came.
  test.each([
    ['no id and no payload', { type: READY }],
    ['an undefined id and payload', { id: undefined, type: READY, payload: undefined }],
  ])('%s: only the type', (_name, data) => {
    const parsed = parseFrameMessage(data)
    expect(parsed).toStrictEqual({ type: READY })
    expect(Object.keys(parsed ?? {})).toEqual(['type'])
  })

  test('an id and a payload are kept as they came', () => {
    expect(parseFrameMessage({ id: 'k3x9z', type: READY, payload: { version: '1.7.7' } })).toStrictEqual({ id: 'k3x9z', type: READY, payload: { version: '1.7.7' } })
  })
})

describe('plain objects only', () => {
  // A plain object is known by its prototype (this realm's Object.prototype, or null); one from
  // another realm (another window's Object.prototype) by its tag. A Symbol.toStringTag on a plain
  // object does not make it something else.
  test.each([
    ['a plain object with its own Symbol.toStringTag', { type: READY, payload: { version: '1' }, [Symbol.toStringTag]: 'Frame' }],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { type: READY, payload: { version: '1' } })],
    ['a null-prototype object with a Symbol.toStringTag', Object.assign(Object.create(null) as object, { type: READY, payload: { version: '1' }, [Symbol.toStringTag]: 'Frame' })],
    ['a plain object from another realm', runInNewContext('({ type: "@airlock-frame/READY", payload: { version: "1" } })') as unknown],
  ])('accepted: %s', (_name, data) => {
    expect(parseFrameMessage(data)).toStrictEqual({ type: READY, payload: { version: '1' } })
  })

  // Anything else is refused, even when it carries a valid `type`; a tag saying 'Object' does not
  // make an array or a function a plain object.
  const dressed = <T extends object>(value: T) => Object.assign(value, { [Symbol.toStringTag]: 'Object' })
  test.each([
    ['undefined', undefined],
    ['an array carrying a type', Object.assign([], { type: READY })],
    ['an array tagged Object', dressed(Object.assign([], { type: READY }))],
    ['a function carrying a type', Object.assign(() => null, { type: READY })],
    ['a function tagged Object', dressed(Object.assign(() => null, { type: READY }))],
    ['a function payload', { type: RPC_SUCCESS, payload: () => null }],
    ['a function payload tagged Object', { type: RPC_SUCCESS, payload: dressed(() => null) }],
  ])('refused: %s', (_name, data) => {
    expect(parseFrameMessage(data)).toBeNull()
  })
})

describe('size', () => {
  /**
   * `{ payload: [...items, filler], type }`, the filler sized so that exactly `left` of the
   * MAX_FRAME_MESSAGE_BYTES budget remains when the walk reaches `items`, the last values it counts
   * (it takes the last key and the last item first: the type, then the filler, then the items).
   */
  function withBudgetLeft(left: number, items: unknown[]) {
    const spent =
      2 + 2 + ('payload'.length + 3) + ('type'.length + 3) + // the message: braces, one per key, each key with its quotes and colon
      (RPC_SUCCESS.length + 2) + // the type string
      (2 + items.length + 1) + // the payload array: brackets, one per item
      2 // the filler's quotes
    return { payload: [...items, 'x'.repeat(MAX_FRAME_MESSAGE_BYTES - spent - left)], type: RPC_SUCCESS }
  }

  // The estimate of the JSON size, by kind of value (a fixed guess where JSON's length varies).
  test.each([
    ['a string: its length + 2 (the quotes)', 'abc', 5],
    ['an empty string: 2', '', 2],
    ['a number: 24, whatever its digits', 12345, 24],
    ['true: 5', true, 5],
    ['false: 5', false, 5],
    ['null: 5', null, 5],
    ['an empty array: 2 (the brackets)', [], 2],
    ['an array: 2 + one per item (the commas) + its items', [1, 'a'], 2 + 2 + 24 + 3],
    ['an empty object: 2 (the braces)', {}, 2],
    ['an object: 2 + one per key + each key with quotes and colon + its values', { ab: 'c' }, 2 + 1 + (2 + 3) + 3],
    ['an object holding undefined: the key and 5', { a: undefined }, 2 + 1 + (1 + 3) + 5],
  ])('%s: exactly the whole budget fits, one more is refused', (_name, item, cost) => {
    const fits = withBudgetLeft(cost, [item])
    expect(parseFrameMessage(fits)).toStrictEqual({ type: RPC_SUCCESS, payload: fits.payload })
    expect(parseFrameMessage(withBudgetLeft(cost - 1, [item]))).toBeNull()
  })

  // The walk gives up at an array's or object's own size (brackets and commas), before reading
  // its items: a huge or hostile container costs nothing more to refuse.
  test.each([
    ['an array', 2 + 1 + 24, (read: () => void) => Object.defineProperty([0], 0, { enumerable: true, get: () => { read(); return 0 } })],
    ['an object', 2 + 1 + ('a'.length + 3) + 24, (read: () => void) => ({ get a() { read(); return 0 } })],
  ])('%s that does not fit is refused before its items are read', (_name, cost, make) => {
    let reads = 0
    const container = make(() => reads++)
    // Its own size is 3 (2 + one item or key): with 2 left, it is refused unread.
    expect(parseFrameMessage(withBudgetLeft(2, [container]))).toBeNull()
    expect(reads).toBe(0)
    // With room for all of it (its item a number, 24), the same container is read and passes.
    expect(parseFrameMessage(withBudgetLeft(cost, [container]))).not.toBeNull()
    expect(reads).toBe(1)
  })

  test('undefined in an array is refused: JSON would turn it into null', () => {
    expect(parseFrameMessage({ type: RPC_SUCCESS, payload: [1, undefined] })).toBeNull()
  })
})

describe('depth', () => {
  // The message is at depth 0 and its payload at depth 1, so n containers around a leaf put it at depth 1 + n.
  test.each([
    ['arrays', (inner: unknown): unknown => [inner]],
    ['objects', (inner: unknown): unknown => ({ a: inner })],
  ])('%s: a leaf at depth MAX_FRAME_MESSAGE_DEPTH (32) passes, one level deeper is refused', (_name, wrap) => {
    const nest = (containers: number) => {
      let value: unknown = 'leaf'
      for (let i = 0; i < containers; i++) value = wrap(value)
      return value
    }
    expect(MAX_FRAME_MESSAGE_DEPTH).toBe(32)
    const deepest = nest(31)
    expect(parseFrameMessage({ type: RPC_SUCCESS, payload: deepest })).toStrictEqual({ type: RPC_SUCCESS, payload: deepest })
    expect(parseFrameMessage({ type: RPC_SUCCESS, payload: nest(32) })).toBeNull()
  })
})
