import { asyncScheduler } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createStore } from './createStore.js'
import { createLateFold, LATE_LOAD_ATTEMPTS, MAX_LATE_BACKLOG, type LateFoldStore } from './lateFold.js'
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

describe('createLateFold', () => {
  interface C {
    readonly early: number
    readonly late: number
  }
  // A counting late reducer: 50,000 actions fold in linear time.
  const count: Reducer<C, A> = (state, action) => (action.type === 'late/x' ? { ...state, late: state.late + 1 } : state)
  /** The store side, recording what the fold reads and writes. */
  const fakeStore = (destroyed = false) => {
    let state: C = { early: 0, late: 0 }
    const calls: string[] = []
    const store: LateFoldStore<C> & { calls: string[] } = {
      calls,
      destroyed,
      get: () => (calls.push('get'), state),
      set: (next) => {
        calls.push('set')
        state = next
      },
      patchLog: () => void calls.push('patchLog'),
    }
    return store
  }
  /** Lets the load's promise callbacks run (microtasks only). */
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  const x: A = { type: 'late/x' }

  test('behavior: while the code loads, more actions start no second load', async () => {
    const code = deferred<Reducer<C, A>>()
    let calls = 0
    const fold = createLateFold<C, A>({ keys: ['late'], load: () => (calls++, code.promise) }, fakeStore())
    for (let seq = 1; seq <= 3; seq++) fold.apply({ early: 0, late: 0 }, x, seq)
    expect(calls).toBe(1)
    code.resolve(count)
    await fold.ready
    fold.apply({ early: 0, late: 3 }, x, 4)
    expect(calls).toBe(1)
  })

  test('error: a load that always fails is tried LATE_LOAD_ATTEMPTS times in all, then settles and is never tried again', async () => {
    let calls = 0
    let settled = false
    const store = fakeStore()
    const fold = createLateFold<C, A>({ keys: ['late'], load: () => (calls++, Promise.reject(new Error('offline'))) }, store)
    void fold.ready.then(() => (settled = true))
    const seen: number[] = []
    for (let seq = 1; seq <= LATE_LOAD_ATTEMPTS + 3; seq++) {
      await flush()
      seen.push(calls)
      expect(fold.apply({ early: 0, late: 0 }, x, seq)).toEqual({ early: 0, late: 0 })
    }
    await flush()
    // One attempt at start, one with each action after a failure, none after the last.
    expect([seen, calls, settled, store.calls]).toEqual([[1, 2, 3, 3, 3, 3], LATE_LOAD_ATTEMPTS, true, []])
  })

  test('behavior: MAX_LATE_BACKLOG actions are kept and folded in on arrival', async () => {
    const code = deferred<Reducer<C, A>>()
    const store = fakeStore()
    const fold = createLateFold<C, A>({ keys: ['late'], load: () => code.promise }, store)
    for (let seq = 1; seq <= MAX_LATE_BACKLOG; seq++) fold.apply({ early: 0, late: 0 }, x, seq)
    code.resolve(count)
    await fold.ready
    expect(store.calls).toContain('set')
    expect(store.get()).toEqual({ early: 0, late: MAX_LATE_BACKLOG })
  })

  test('error: one action more gives the late part up at once: settled before the code comes, which is then ignored and never fetched again', async () => {
    const code = deferred<Reducer<C, A>>()
    let calls = 0
    let settled = false
    const store = fakeStore()
    const fold = createLateFold<C, A>({ keys: ['late'], load: () => (calls++, code.promise) }, store)
    void fold.ready.then(() => (settled = true))
    for (let seq = 1; seq <= MAX_LATE_BACKLOG + 1; seq++) fold.apply({ early: 0, late: 0 }, x, seq)
    await flush()
    expect(settled).toBe(true)
    code.resolve(count)
    await flush()
    expect(fold.apply({ early: 0, late: 0 }, x, MAX_LATE_BACKLOG + 2)).toEqual({ early: 0, late: 0 })
    await flush()
    expect([calls, store.calls]).toEqual([1, []])
  })

  test('behavior: code that arrives after the store was destroyed leaves the store alone and settles', async () => {
    const code = deferred<Reducer<C, A>>()
    const store = fakeStore(true)
    const fold = createLateFold<C, A>({ keys: ['late'], load: () => code.promise }, store)
    fold.apply({ early: 0, late: 0 }, x, 1)
    code.resolve(count)
    await fold.ready
    expect(store.calls).toEqual([])
  })
})
