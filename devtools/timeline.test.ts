import { describe, expect, test } from 'vitest'
import type { Action } from '../core/actions/types.js'
import { base, ethereum } from '../core/chains/networks.js'
import { createAirlock } from '../core/createAirlock.js'
import { replay } from '../core/replay.js'
import type { AirlockState } from '../core/state.js'
import type { LogExport } from '../core/store/types.js'
import { VirtualTimeScheduler } from 'rxjs'
import { createStorage } from '../storage/createStorage.js'
import { MAX_CHANGES, stateDiff } from './stateDiff.js'
import { createTimeline, extendTimeline } from './timeline.js'

function session(logSize?: number) {
  let n = 0
  return createAirlock({ adapters: [], networks: [ethereum, base], ...(logSize ? { logSize } : {}), deps: { scheduler: new VirtualTimeScheduler(), storage: createStorage({ backend: 'memory' }), id: () => `id${++n}`, fetch: () => Promise.reject(new Error('offline')) } })
}
const exportOf = (airlock: ReturnType<typeof session>) => airlock.log.toJSON() as LogExport<AirlockState, Action>

describe('stateDiff', () => {
  test('behavior: leaves that changed, were added or removed, by path; an unchanged branch is skipped', () => {
    const shared = { deep: { x: 1 } }
    const before = { a: 1, b: { c: 'x', d: [1, 2] }, gone: true, same: shared }
    const after = { a: 1, b: { c: 'y', d: [1, 3, 4] }, added: null, same: shared }
    expect(stateDiff(before, after).changes).toEqual([
      { path: 'b.c', before: 'x', after: 'y' },
      { path: 'b.d.1', before: 2, after: 3 },
      { path: 'b.d.2', before: undefined, after: 4 },
      { path: 'gone', before: true, after: undefined },
      { path: 'added', before: undefined, after: null },
    ])
    expect(stateDiff(before, before)).toEqual({ changes: [], truncated: false })
  })

  test('behavior: an array against an object, or a leaf against a branch, is one change', () => {
    expect(stateDiff({ v: [1] }, { v: { 0: 1 } }).changes).toEqual([{ path: 'v', before: [1], after: { 0: 1 } }])
    expect(stateDiff({ v: 1 }, { v: { w: 1 } }).changes).toEqual([{ path: 'v', before: 1, after: { w: 1 } }])
    expect(stateDiff(1, 2).changes).toEqual([{ path: '(state)', before: 1, after: 2 }])
  })

  test('boundary: more than the limit is cut and says so', () => {
    const after = Object.fromEntries(Array.from({ length: MAX_CHANGES + 5 }, (_, i) => [`k${i}`, i]))
    const { changes, truncated } = stateDiff({}, after)
    expect(changes).toHaveLength(MAX_CHANGES)
    expect(truncated).toBe(true)
    expect(stateDiff({}, { a: 1, b: 2 }, 2).truncated).toBe(false)
  })
})

describe('timeline', () => {
  test('behavior: the state at each position is the replay of the log up to there', () => {
    const airlock = session()
    airlock.open()
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: base.caipNetworkId })
    airlock.close()
    const log = airlock.log.export()
    const timeline = createTimeline(log)
    const entries = timeline.entries
    expect(entries.map((e) => e.action.type)).toContain('network/switchRequested')
    expect(timeline.stateAt(entries.length)).toEqual(replay(log))
    expect(timeline.stateAt(0)).toEqual(JSON.parse(log).initialState)
    for (let i = 0; i <= entries.length; i++) expect(timeline.stateAt(i)).toEqual(replay(entries.slice(0, i), JSON.parse(log).initialState))
    // Out of range positions are clamped, not undefined.
    expect(timeline.stateAt(-3)).toBe(timeline.stateAt(0))
    expect(timeline.stateAt(entries.length + 10)).toBe(timeline.stateAt(entries.length))
    airlock.destroy()
  })

  test('error: a file that is not a log, or of a newer version, is refused in words', () => {
    expect(() => createTimeline('{"hello":1}')).toThrow()
    expect(() => createTimeline('not json')).toThrow()
    expect(() => createTimeline('{"format":"airlock-log","version":2,"initialState":{},"entries":[]}')).toThrow('This log is format version 2, written by a newer Airlock')
  })

  test('behavior: a live log that grew reuses the states already folded; one whose oldest entry fell off is folded anew', () => {
    const airlock = session(8)
    airlock.open()
    const first = extendTimeline(null, exportOf(airlock))
    const folded = first.stateAt(first.entries.length)
    airlock.close()
    const grown = extendTimeline(first, exportOf(airlock))
    expect(grown.entries.length).toBe(first.entries.length + 1)
    expect(grown.stateAt(first.entries.length)).toBe(folded)
    expect(grown.stateAt(grown.entries.length).modal.open).toBe(false)
    for (let i = 0; i < 10; i++) airlock.dispatch({ type: i % 2 ? 'modal/openRequested' : 'modal/closeRequested' } as Action)
    const wrapped = extendTimeline(grown, exportOf(airlock))
    expect(wrapped.entries[0]!.seq).not.toBe(grown.entries[0]!.seq)
    expect(wrapped.stateAt(wrapped.entries.length)).toEqual(replay(airlock.log.export()))
    airlock.destroy()
  })

  test('boundary: after thousands of live refreshes while scrubbed back, the newest states are right', () => {
    const airlock = session()
    const initialState = airlock.log.toJSON().initialState as AirlockState
    const entries: LogExport<AirlockState, Action>['entries'][number][] = []
    let timeline: ReturnType<typeof extendTimeline> | null = null
    for (let seq = 1; seq <= 5_000; seq++) {
      entries.push({ seq, at: seq, action: { type: seq % 2 ? 'modal/openRequested' : 'modal/closeRequested' } as Action })
      timeline = extendTimeline(timeline, { format: 'airlock-log', version: 1, initialState, entries: entries.slice() })
      timeline.stateAt(1) // the panel, scrubbed back to the start, asks only for early states
    }
    expect(timeline!.stateAt(5_000).modal.open).toBe(false)
    expect(timeline!.stateAt(4_999).modal.open).toBe(true)
    airlock.destroy()
  })
})

