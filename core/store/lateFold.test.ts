import { asyncScheduler } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createStore } from './createStore.js'
import { LATE_LOAD_ATTEMPTS } from './lateFold.js'
import { replayWith } from './replayWith.js'
import type { AnyAction, Reducer } from './types.js'

type A = AnyAction & { by?: number }
interface S {
  readonly early: number
  readonly late: readonly string[]
}
const initial: S = { early: 0, late: [] }
// `early` is the eager part; `late` arrives later and keeps every `late/*` action it saw.
const early: Reducer<S, A> = (state, action) => (action.type === 'add' ? { ...state, early: state.early + (action.by ?? 1) } : state)
const late: Reducer<S, A> = (state, action) => (action.type.startsWith('late/') ? { ...state, late: [...state.late, action.type] } : state)
const full: Reducer<S, A> = (state, action) => late(early(state, action), action)

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

function start(load: () => Promise<Reducer<S, A>>, logSize?: number) {
  return createStore<S, A, { scheduler: typeof asyncScheduler }>({
    reducer: early,
    late: { keys: ['late'], load },
    initialState: initial,
    deps: { scheduler: asyncScheduler },
    ...(logSize ? { logSize } : {}),
  })
}

describe('late reducers (createStore `late`)', () => {
  test('default: what was dispatched before the code came is folded in on arrival; the state then equals the replayed log', async () => {
    const code = deferred<Reducer<S, A>>()
    const store = start(() => code.promise)
    const seen: S[] = []
    store.state$.subscribe((state) => seen.push(state))
    store.dispatch({ type: 'late/one' })
    store.dispatch({ type: 'add', by: 2 })
    store.dispatch({ type: 'late/two' })
    // Meanwhile the late part waits at its initial value; the rest moves on.
    expect(store.getState()).toEqual({ early: 2, late: [] })
    code.resolve(late)
    await store.lateReady
    expect(store.getState()).toEqual({ early: 2, late: ['late/one', 'late/two'] })
    expect(seen.at(-1)).toEqual(store.getState())
    expect(replayWith(full, initial)(store.log.export())).toEqual(store.getState())
    // From now on it reduces live.
    store.dispatch({ type: 'late/three' })
    expect(store.getState().late).toEqual(['late/one', 'late/two', 'late/three'])
    expect(replayWith(full, initial)(store.log.export())).toEqual(store.getState())
    store.destroy()
  })

  test('behavior: after the log wrapped during the wait, its oldest state is corrected too, so an export still replays exactly', async () => {
    const code = deferred<Reducer<S, A>>()
    const store = start(() => code.promise, 3)
    for (const type of ['late/a', 'late/b', 'add', 'late/c', 'add']) store.dispatch({ type })
    code.resolve(late)
    await store.lateReady
    const exported = store.log.toJSON()
    expect(exported.entries.map((e) => e.action.type)).toEqual(['add', 'late/c', 'add'])
    expect((exported.initialState as S).late).toEqual(['late/a', 'late/b'])
    expect(replayWith(full, initial)(exported)).toEqual(store.getState())
    expect(store.getState()).toEqual({ early: 2, late: ['late/a', 'late/b', 'late/c'] })
    store.destroy()
  })

  test('behavior: a failed fetch is tried again with the next actions, at most LATE_LOAD_ATTEMPTS times in all', async () => {
    let calls = 0
    const store = start(() => {
      calls += 1
      return calls < LATE_LOAD_ATTEMPTS ? Promise.reject(new Error('offline')) : Promise.resolve(late)
    })
    for (let i = 0; i < LATE_LOAD_ATTEMPTS + 2; i++) {
      store.dispatch({ type: `late/${i}` })
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await store.lateReady
    expect(calls).toBe(LATE_LOAD_ATTEMPTS)
    expect(store.getState().late).toHaveLength(LATE_LOAD_ATTEMPTS + 2)
    expect(replayWith(full, initial)(store.log.export())).toEqual(store.getState())
    store.destroy()
  })

  test('error: when the code never comes, the late part stays as it was and `lateReady` still settles', async () => {
    const store = start(() => Promise.reject(new Error('offline')))
    for (let i = 0; i < LATE_LOAD_ATTEMPTS + 1; i++) {
      store.dispatch({ type: 'late/x' })
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await store.lateReady
    expect(store.getState()).toEqual({ early: 0, late: [] })
    store.destroy()
  })
})
