import { describe, expect, test } from 'vitest'
import { ZodError } from 'zod'
import { createStore } from './createStore.js'
import { foldExport } from './parseLog.js'
import { replayWith } from './replayWith.js'
import type { LogEntry } from './types.js'

type A = { type: string; n?: number }
/** Appends each action's `n`, so the result shows which actions were folded, in which order, from which start. */
const reducer = (state: number[], action: A): number[] => [...state, action.n!]
const replay = replayWith<number[], A>(reducer, [0])
const entry = (seq: number, n = seq): LogEntry<A> => ({ seq, at: 1000 + seq, action: { type: 'add', n } })
const envelope = (entries: readonly unknown[], initialState: unknown = [100]) => ({ format: 'airlock-log', version: 1, initialState, entries })
/** Loosely typed, since these inputs come from files and bug reports, not from the type checker. */
const replayUnknown = (input: unknown, initialState?: number[]) => replay(input as never, initialState)

/** What zod said was wrong (path and code); anything else thrown, or nothing, fails the test. */
function zodIssues(run: () => unknown): { path: (string | number)[]; code: string }[] {
  try {
    run()
  } catch (error) {
    if (error instanceof ZodError) return error.issues.map(({ path, code }) => ({ path, code }))
    throw error
  }
  throw new Error('expected a ZodError, nothing was thrown')
}

describe('replayWith: starting state', () => {
  test('default: an export starts from its own initialState, as a JSON string or as the object', () => {
    const log = envelope([entry(1), entry(2)])
    expect(replay(JSON.stringify(log))).toEqual([100, 1, 2])
    expect(replayUnknown(log)).toEqual([100, 1, 2])
  })

  test('behavior: an initialState argument replaces the export’s own', () => {
    expect(replayUnknown(envelope([entry(1)]), [7])).toEqual([7, 1])
  })

  test('behavior: a bare entry list starts from the default, or from the initialState argument', () => {
    expect(replay([entry(1), entry(2)])).toEqual([0, 1, 2])
    expect(replay(JSON.stringify([entry(1)]))).toEqual([0, 1])
    expect(replay([entry(1)], [7])).toEqual([7, 1])
  })

  test('edge: no entries leave the starting state as it is', () => {
    expect(replay([])).toEqual([0])
    expect(replayUnknown(envelope([]))).toEqual([100])
  })

  // zod reads a missing key as undefined (a JSON export of an undefined state has none), so such an
  // export is taken, and starts from undefined unless the caller gives a state.
  test('edge: an export without initialState starts from the initialState argument', () => {
    const { initialState: _, ...withoutInitialState } = envelope([entry(1)])
    expect(replayUnknown(withoutInitialState, [7])).toEqual([7, 1])
    expect(replayWith((state: string, action: A) => `${state}+${action.n}`, 'default')(JSON.stringify(withoutInitialState) as never)).toBe('undefined+1')
  })
})

describe('replayWith: order', () => {
  test('behavior: entries out of order are folded by seq', () => {
    expect(replay([entry(3), entry(1), entry(2)])).toEqual([0, 1, 2, 3])
    expect(replay([entry(2), entry(1)])).toEqual([0, 1, 2])
    expect(replayUnknown(envelope([entry(5), entry(4), entry(6)]))).toEqual([100, 4, 5, 6])
  })

  test('behavior: entries in order are folded as given (gaps in seq are fine, as after a wrap)', () => {
    expect(replay([entry(4), entry(7), entry(9)])).toEqual([0, 4, 7, 9])
  })

  test('edge: entries with the same seq keep the order they were given in', () => {
    expect(replay([entry(2, 20), entry(2, 21), entry(1, 10)])).toEqual([0, 10, 20, 21])
    expect(replay([entry(1, 10), entry(1, 11)])).toEqual([0, 10, 11])
  })

  test('behavior: the caller’s list is sorted in a copy, never in place', () => {
    const entries = [entry(3), entry(1), entry(2)]
    const log = envelope(entries)
    replay(entries)
    replayUnknown(log)
    expect(entries.map((e) => e.seq)).toEqual([3, 1, 2])
    expect(log.entries).toBe(entries)
  })
})

/** A function with a string `type`: not the plain object an action must be. */
const functionAction = Object.assign(() => undefined, { type: 'add' })

describe('replayWith: validation', () => {
  // Alone, the bad entry is what the fast check must turn down; after a good one, it must not be
  // waved through with it. Either way zod names it.
  test.each([
    ['a fractional seq', { seq: 1.5, at: 1, action: { type: 'add' } }, ['seq'], 'invalid_type'],
    ['a missing seq', { at: 1, action: { type: 'add' } }, ['seq'], 'invalid_type'],
    ['an `at` of NaN', { seq: 2, at: Number.NaN, action: { type: 'add' } }, ['at'], 'invalid_type'],
    ['an `at` that is a numeric string', { seq: 2, at: '1', action: { type: 'add' } }, ['at'], 'invalid_type'],
    ['a null action', { seq: 2, at: 1, action: null }, ['action'], 'invalid_type'],
    ['a string action', { seq: 2, at: 1, action: 'add' }, ['action'], 'invalid_type'],
    ['a function action with a type', { seq: 2, at: 1, action: functionAction }, ['action'], 'invalid_type'],
    ['an action without a type', { seq: 2, at: 1, action: {} }, ['action', 'type'], 'invalid_type'],
    ['an action whose type is not a string', { seq: 2, at: 1, action: { type: 5 } }, ['action', 'type'], 'invalid_type'],
    ['a null entry', null, [], 'invalid_type'],
    ['an undefined entry', undefined, [], 'invalid_type'],
    ['a number entry', 5, [], 'invalid_type'],
  ])('failure: %s is rejected with zod naming it, alone or after a good entry, in a list and in an export', (_, bad, path, code) => {
    expect(zodIssues(() => replayUnknown([bad]))).toEqual([{ path: [0, ...path], code }])
    expect(zodIssues(() => replayUnknown(envelope([bad])))).toEqual([{ path: [0, ...path], code }])
    expect(zodIssues(() => replayUnknown([entry(1), bad]))).toEqual([{ path: [1, ...path], code }])
    expect(zodIssues(() => replayUnknown(envelope([entry(1), bad])))).toEqual([{ path: [1, ...path], code }])
  })

  test.each([
    ['another format', { ...envelope([entry(1)]), format: 'other-log' }, [{ path: ['format'], code: 'invalid_literal' }]],
    ['an empty format', { ...envelope([entry(1)]), format: '' }, [{ path: ['format'], code: 'invalid_literal' }]],
    ['another format, without initialState', { format: 'other-log', version: 1, entries: [entry(1)] }, [{ path: ['format'], code: 'invalid_literal' }]],
    ['version 0', { ...envelope([entry(1)]), version: 0 }, [{ path: ['version'], code: 'invalid_literal' }]],
    ['version -1', { ...envelope([entry(1)]), version: -1 }, [{ path: ['version'], code: 'invalid_literal' }]],
    ['version "1"', { ...envelope([entry(1)]), version: '1' }, [{ path: ['version'], code: 'invalid_literal' }]],
    ['version "2" (a string: not a newer version, a wrong one)', { ...envelope([entry(1)]), version: '2' }, [{ path: ['version'], code: 'invalid_literal' }]],
    ['entries that are not a list', { ...envelope([]), entries: { 0: entry(1) } }, [{ path: ['entries'], code: 'invalid_type' }]],
    ['no entries', { format: 'airlock-log', version: 1, initialState: [100] }, [{ path: ['entries'], code: 'invalid_type' }]],
    ['null', null, [{ path: [], code: 'invalid_type' }]],
    ['a number', 5, [{ path: [], code: 'invalid_type' }]],
  ])('failure: an export with %s is rejected with zod naming what is wrong', (_, input, issues) => {
    expect(zodIssues(() => replayUnknown(input))).toEqual(issues)
    expect(zodIssues(() => replay(JSON.stringify(input)))).toEqual(issues)
  })

  test.each([2, 7, 1.5])('failure: a log of a newer format version (%s) says so in words, whatever its entries', (version) => {
    const newer = `This log is format version ${version}, written by a newer Airlock; this one reads version 1. Replay it with the version that wrote it, or a later one.`
    expect(() => replayUnknown({ ...envelope([entry(1)]), version })).toThrow(new RangeError(newer))
    expect(() => replay(JSON.stringify({ ...envelope([entry(1), null]), version }))).toThrow(new RangeError(newer))
    expect(() => replayUnknown({ format: 'airlock-log', version, entries: 'not yet known' })).toThrow(new RangeError(newer))
  })

  test('failure: a newer version of another format is not ours to name: zod names the format', () => {
    expect(zodIssues(() => replayUnknown({ ...envelope([entry(1)]), format: 'other-log', version: 2 }))).toEqual([
      { path: ['format'], code: 'invalid_literal' },
      { path: ['version'], code: 'invalid_literal' },
    ])
  })

  test('failure: a wrong envelope is named alone; its entries are checked only once it is right', () => {
    const log = { ...envelope([entry(1), null]), format: 'other-log' }
    expect(zodIssues(() => replayUnknown(log))).toEqual([{ path: ['format'], code: 'invalid_literal' }])
  })

  test('failure: JSON that is a string, not a log, is rejected by zod', () => {
    expect(zodIssues(() => replay('"airlock-log"'))).toEqual([{ path: [], code: 'invalid_type' }])
  })

  test('failure: undefined (no log at all) is rejected by zod', () => {
    expect(zodIssues(() => replayUnknown(undefined))).toEqual([{ path: [], code: 'invalid_type' }])
  })
})

describe('replayWith: long export strings, folded a batch at a time (foldExport)', () => {
  /** About 150 KB of entries: three batches of 64 KB. */
  const many = (count = 3000) => Array.from({ length: count }, (_, i) => entry(i + 1))
  const folded = (input: unknown, initialState?: number[]) => foldExport<number[], A>(input as string, reducer, initialState)

  test('behavior: an export string across several batches folds as the whole-parse path does, from its own or a given state', () => {
    const text = JSON.stringify(envelope(many()))
    const whole = replayUnknown(JSON.parse(text))
    expect(whole).toHaveLength(3001)
    expect(folded(text)).toEqual({ state: whole })
    expect(replay(text)).toEqual(whole)
    expect(folded(text, [7])).toEqual({ state: [7, ...whole.slice(1)] })
  })

  test('behavior: a real store’s export folds to its state', () => {
    type S = { n: number; seen: string[] }
    const countAndKeep = (state: S, action: A): S => ({ n: state.n + 1, seen: [...state.seen.slice(-2), action.type] })
    const scheduler = { now: () => 0, schedule: () => { throw new Error('unused') } } as never
    const store = createStore<S, A, { scheduler: never }>({ reducer: countAndKeep, initialState: { n: 0, seen: [] }, deps: { scheduler }, epics: {}, logSize: 5000 })
    for (let i = 0; i < 4000; i++) store.dispatch({ type: `t${i % 5}`, n: i })
    expect(store.log.export().length).toBeGreaterThan(3 * 65_536)
    expect(foldExport(store.log.export(), countAndKeep)).toEqual({ state: store.getState() })
  })

  test.each([
    ['entries out of order across batches', () => JSON.stringify(envelope([...many(1500).reverse(), ...many(3000).slice(1500)])), () => [100, ...many().map((e) => e.seq)]],
    ['two entries with one seq', () => JSON.stringify(envelope([entry(1, 10), entry(1, 11), ...many().slice(1)])), () => [100, 10, 11, ...many().slice(1).map((e) => e.seq)]],
    ['a pretty-printed export', () => JSON.stringify(envelope(many(100)), null, 2), () => [100, ...many(100).map((e) => e.seq)]],
    ['entries before initialState', () => JSON.stringify({ format: 'airlock-log', version: 1, entries: many(100), initialState: [100] }), () => [100, ...many(100).map((e) => e.seq)]],
    ['no entries', () => JSON.stringify(envelope([])), () => [100]],
  ])('edge: %s is left to the whole-parse path, which folds it by seq', (_, text, expected) => {
    expect(folded(text())).toBeUndefined()
    expect(replay(text())).toEqual(expected())
  })

  test('edge: an action holding `},{"seq":` as its own structure, at a batch cut, is read whole and folded right', () => {
    const nested = (seq: number) => ({ seq, at: 1, action: { type: 'add', n: seq, list: [{ seq: 0 }, { seq: 1 }] } })
    const entries = Array.from({ length: 2000 }, (_, i) => nested(i + 1))
    const text = JSON.stringify(envelope(entries))
    expect(text.indexOf('},{"seq":', 65_536)).toBeLessThan(text.indexOf('},{"seq":2', 65_536))
    expect(folded(text)).toBeUndefined()
    expect(replay(text)).toEqual([100, ...entries.map((e) => e.seq)])
  })

  test('edge: `},{"seq":` inside a string value is only text', () => {
    const entries = many().map((e) => ({ ...e, action: { ...e.action, note: '},{"seq":1}]}' } }))
    const text = JSON.stringify(envelope(entries))
    expect(folded(text)).toEqual({ state: [100, ...entries.map((e) => e.seq)] })
  })

  test('failure: a bad entry in a later batch is named by zod at its place in the whole log', () => {
    const entries: unknown[] = many()
    entries[2500] = { seq: 2501, at: 1, action: { type: 5 } }
    const text = JSON.stringify(envelope(entries))
    expect(folded(text)).toBeUndefined()
    expect(zodIssues(() => replay(text))).toEqual([{ path: [2500, 'action', 'type'], code: 'invalid_type' }])
  })

  test('failure: text cut short, or with a broken batch, is a JSON syntax error', () => {
    const text = JSON.stringify(envelope(many()))
    expect(folded(text.slice(0, -1))).toBeUndefined()
    expect(() => replay(text.slice(0, -1))).toThrow(SyntaxError)
    const broken = text.replace('"seq":2000,', '"seq":2000,,')
    expect(folded(broken)).toBeUndefined()
    expect(() => replay(broken)).toThrow(SyntaxError)
  })

  test('failure: a newer version’s long export is refused in words', () => {
    expect(() => replay(JSON.stringify({ ...envelope(many()), version: 2 }))).toThrow(/format version 2, written by a newer Airlock/)
  })
})
