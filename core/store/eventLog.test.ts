import { describe, expect, test } from 'vitest'
import { createEventLog } from './eventLog.js'
import type { AnyAction } from './types.js'

describe('createEventLog', () => {
  // Each is refused up front with our RangeError (not the engine's "Invalid array length", nor a log that breaks later).
  test.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('capacity %s is refused with the exact RangeError', (capacity) => {
    expect(() => createEventLog(capacity, () => 0)).toThrow(RangeError)
    expect(() => createEventLog(capacity, () => 0)).toThrow(new RangeError(`logSize must be a positive integer, got ${capacity}`))
  })

  test('capacity 1 is allowed and keeps only the newest entry', () => {
    const log = createEventLog<number, AnyAction>(1, () => 9)
    expect(log.append({ type: 'a' }, 10, 0)).toBe(1)
    expect(log.append({ type: 'b' }, 20, 1)).toBe(2)
    expect(log.entries()).toEqual([{ seq: 2, at: 20, action: { type: 'b' } }])
    expect(log.toJSON()).toEqual({ format: 'airlock-log', version: 1, initialState: 1, entries: [{ seq: 2, at: 20, action: { type: 'b' } }] })
  })

  test('an empty log exports the current state as its initial state', () => {
    const log = createEventLog<{ n: number }, AnyAction>(3, () => ({ n: 7 }))
    expect(log.toJSON()).toEqual({ format: 'airlock-log', version: 1, initialState: { n: 7 }, entries: [] })
    expect(JSON.parse(log.export())).toEqual({ format: 'airlock-log', version: 1, initialState: { n: 7 }, entries: [] })
  })
})
