import { filter, map, mergeMap, throwError, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { createStore } from './createStore.js'
import { REDACTED } from './redact.js'
import { replayWith } from './replayWith.js'
import type { AnyAction, EpicFailedAction } from './types.js'

type A = { type: 'inc'; by: number } | { type: 'ping' } | { type: 'pong' } | { type: 'boom' } | { type: 'secret'; otp: string; nested: { token: string } }
type S = { count: number; pongs: number }
const reducer = (state: S, action: A | EpicFailedAction): S => {
  switch (action.type) {
    case 'inc':
      return { ...state, count: state.count + action.by }
    case 'pong':
      return { ...state, pongs: state.pongs + 1 }
    default:
      return state
  }
}
const virtual = () => {
  let now = 0
  return { scheduler: { now: () => now, schedule: () => { throw new Error('unused') } } as never, tick: (ms: number) => (now += ms) }
}
const make = (epics = {}, logSize?: number) => {
  const clock = virtual()
  const store = createStore<S, A, { scheduler: never }>({ reducer, initialState: { count: 0, pongs: 0 }, deps: { scheduler: clock.scheduler }, epics, ...(logSize ? { logSize } : {}) })
  return { store, clock }
}

describe('createStore', () => {
  test('default', () => {
    const { store } = make()
    store.dispatch({ type: 'inc', by: 2 })
    expect(store.getState()).toEqual({ count: 2, pongs: 0 })
    expect(store.log.entries()).toEqual([{ seq: 1, at: 0, action: { type: 'inc', by: 2 } }])
  })

  test('behavior: reducer runs first, then state$, then action$', () => {
    const { store } = make()
    const seen: string[] = []
    store.state$.subscribe((s) => seen.push(`state:${s.count}`))
    store.action$.subscribe((a) => seen.push(`action:${a.type}:${store.getState().count}`))
    store.dispatch({ type: 'inc', by: 1 })
    expect(seen).toEqual(['state:0', 'state:1', 'action:inc:1'])
  })

  test('behavior: actions dispatched by epics are queued, never recursive', () => {
    const order: string[] = []
    const pong = (action$: Observable<A | EpicFailedAction>) =>
      action$.pipe(filter((a) => a.type === 'ping'), map((): A => ({ type: 'pong' })))
    const { store } = make({ pong })
    store.action$.subscribe((a) => order.push(a.type))
    store.dispatch({ type: 'ping' })
    expect(order).toEqual(['ping', 'pong'])
    expect(store.log.entries().map((e) => e.action.type)).toEqual(['ping', 'pong'])
  })

  test('behavior: an epic error becomes epic/failed and the epic restarts, bounded', () => {
    const failing = (action$: Observable<A | EpicFailedAction>) =>
      action$.pipe(filter((a) => a.type === 'boom'), mergeMap(() => throwError(() => new Error('kaput'))))
    const pong = (action$: Observable<A | EpicFailedAction>) => action$.pipe(filter((a) => a.type === 'ping'), map((): A => ({ type: 'pong' })))
    const { store } = make({ failing, pong })
    for (let i = 0; i < 5; i++) store.dispatch({ type: 'boom' })
    const failures = store.log.entries().filter((e) => e.action.type === 'epic/failed').map((e) => e.action)
    expect(failures).toHaveLength(4)
    expect(failures[0]).toEqual({ type: 'epic/failed', epic: 'failing', error: { message: 'kaput' } })
    expect(failures[3]).toEqual({ type: 'epic/failed', epic: 'failing', error: { message: 'kaput' }, stopped: true })
    // The other epic is untouched.
    store.dispatch({ type: 'ping' })
    expect(store.getState().pongs).toBe(1)
  })

  test('behavior: non-serializable actions are rejected in dev mode', () => {
    const { store } = make()
    expect(() => store.dispatch({ type: 'inc', by: 1, when: new Date() } as never)).toThrow(/not serializable at `when`/)
    expect(() => store.dispatch({ type: 'inc', by: 1, fn: () => 1 } as never)).toThrow(/not serializable/)
    expect(() => store.dispatch({ type: 'inc', by: Number.NaN } as never)).toThrow(/not serializable at `by`/)
    expect(() => store.dispatch({ type: 'inc', by: 1, e: new Error('x') } as never)).toThrow(/not serializable at `e`/)
    expect(() => store.dispatch(null as never)).toThrow(/plain objects/)
    expect(store.getState().count).toBe(0)
    expect(store.log.size).toBe(0)
  })

  test('behavior: a non-serializable action from an epic fails that epic only', () => {
    const bad = (action$: Observable<A | EpicFailedAction>) => action$.pipe(filter((a) => a.type === 'ping'), map(() => ({ type: 'pong', at: new Map() }) as never))
    const { store } = make({ bad })
    store.dispatch({ type: 'ping' })
    const last = store.log.entries().at(-1)!.action as EpicFailedAction
    expect(last.type).toBe('epic/failed')
    expect(last.epic).toBe('bad')
    expect(last.error.message).toMatch(/not serializable/)
  })

  test('behavior: the log stamps `at` from the injected scheduler and redacts secrets', () => {
    const { store, clock } = make()
    clock.tick(1234)
    store.dispatch({ type: 'secret', otp: '123456', nested: { token: 'abc' } })
    const [entry] = store.log.entries()
    expect(entry).toEqual({ seq: 1, at: 1234, action: { type: 'secret', otp: REDACTED, nested: { token: REDACTED } } })
  })

  test('behavior: the log is a ring buffer and its export still replays after wrapping', () => {
    const { store } = make({}, 3)
    for (let i = 1; i <= 7; i++) store.dispatch({ type: 'inc', by: i })
    expect(store.log.entries().map((e) => e.seq)).toEqual([5, 6, 7])
    const exported = JSON.parse(store.log.export())
    expect(exported.initialState).toEqual({ count: 10, pongs: 0 })
    expect(replayWith(reducer, { count: 0, pongs: 0 })(store.log.export())).toEqual(store.getState())
  })

  test('behavior: destroy stops epics and ignores later dispatches', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b))
    scheduler.run(({ cold, expectSubscriptions }) => {
      const source = cold<AnyAction>('--a--b--', { a: { type: 'ping' }, b: { type: 'ping' } })
      const epic = () => source as Observable<A>
      const store = createStore<S, A, { scheduler: TestScheduler }>({ reducer, initialState: { count: 0, pongs: 0 }, deps: { scheduler }, epics: { epic } })
      scheduler.schedule(() => store.destroy(), 3)
      expectSubscriptions(source.subscriptions).toBe('^--!')
      scheduler.schedule(() => expect(store.log.size).toBe(1), 4)
    })
  })

  test('behavior: destroy completes the streams', () => {
    const { store } = make()
    let completed = 0
    store.state$.subscribe({ complete: () => completed++ })
    store.action$.subscribe({ complete: () => completed++ })
    store.destroy()
    store.dispatch({ type: 'inc', by: 1 })
    expect(completed).toBe(2)
    expect(store.getState().count).toBe(0)
    expect(store.destroyed).toBe(true)
  })

  test('parameters: logSize must be positive', () => {
    expect(() => make({}, -1)).toThrow(RangeError)
  })
})
