import { filter, map, Subject } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { lazyEpic } from './lazyEpic.js'
import type { AnyAction, Epic, StateObservable } from './types.js'

type A = AnyAction & { n?: number }
const state$ = Object.assign(new Subject<number>(), { value: 0 }) as unknown as StateObservable<number>
/** Echoes every `ping` as a `pong` with the same number. */
const pong: Epic<A, number, object> = (action$) => action$.pipe(filter((a) => a.type === 'ping'), map((a) => ({ type: 'pong', n: a.n })))
const deferred = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('lazyEpic', () => {
  test('default: actions dispatched while the code loads reach it first, in order, then live ones', async () => {
    const load = deferred<Epic<A, number, object>>()
    const action$ = new Subject<A>()
    const out: A[] = []
    lazyEpic(() => load.promise)(action$, state$, {}).subscribe((a) => out.push(a))
    action$.next({ type: 'ping', n: 1 })
    action$.next({ type: 'other' })
    action$.next({ type: 'ping', n: 2 })
    expect(out).toEqual([])
    load.resolve(pong)
    await load.promise
    await Promise.resolve()
    expect(out).toEqual([{ type: 'pong', n: 1 }, { type: 'pong', n: 2 }])
    action$.next({ type: 'ping', n: 3 })
    expect(out.at(-1)).toEqual({ type: 'pong', n: 3 })
  })

  test('behavior: a burst of 200,000 actions before the code arrives is handed over whole and in order', async () => {
    const load = deferred<Epic<A, number, object>>()
    const action$ = new Subject<A>()
    const out: number[] = []
    lazyEpic(() => load.promise)(action$, state$, {}).subscribe((a) => out.push(a.n!))
    for (let n = 0; n < 200_000; n++) action$.next({ type: 'ping', n })
    load.resolve(pong)
    await load.promise
    await Promise.resolve()
    expect(out).toHaveLength(200_000)
    expect(out.every((n, i) => n === i)).toBe(true)
    // The queue starts over once drained: live actions still flow.
    action$.next({ type: 'ping', n: -1 })
    expect(out.at(-1)).toBe(-1)
  })

  test('behavior: what the epic emits while catching up is seen in dispatch order', async () => {
    const action$ = new Subject<A>()
    const seen: string[] = []
    // A store-like loop: every emitted action is dispatched back into action$.
    const echo: Epic<A, number, object> = (in$) => in$.pipe(filter((a) => a.type === 'ping'), map(() => ({ type: 'pong' })))
    const watch: Epic<A, number, object> = (in$) => in$.pipe(map((a) => ({ type: `seen:${a.type}` })))
    lazyEpic(() => Promise.resolve(echo))(action$, state$, {}).subscribe((a) => action$.next(a))
    lazyEpic(() => Promise.resolve(watch))(action$, state$, {}).subscribe((a) => seen.push(a.type))
    action$.next({ type: 'ping' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(seen).toEqual(['seen:ping', 'seen:pong'])
  })

  test('behavior: unsubscribed before the code arrives, it never starts', async () => {
    const load = deferred<Epic<A, number, object>>()
    let started = 0
    const action$ = new Subject<A>()
    const sub = lazyEpic<A, number, object>(() => load.promise.then((epic) => (started++, epic)))(action$, state$, {}).subscribe()
    sub.unsubscribe()
    load.resolve(() => {
      started += 10
      return action$
    })
    await load.promise
    await Promise.resolve()
    expect(started).toBe(1)
    expect(action$.observed).toBe(false)
  })

  test('behavior: a chunk that fails to load errors the epic (the store reports and restarts it)', async () => {
    const errors: unknown[] = []
    lazyEpic(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))(new Subject<A>(), state$, {}).subscribe({ error: (e) => errors.push(e) })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors).toEqual([new Error('Failed to fetch dynamically imported module')])
  })

  test('behavior: with deps.afterFirstPaint the code is fetched only once the page has painted', async () => {
    const painted = deferred<void>()
    let loads = 0
    const action$ = new Subject<A>()
    const out: A[] = []
    const deps = { afterFirstPaint: () => painted.promise }
    lazyEpic<A, number, typeof deps>(() => (loads++, Promise.resolve(pong)))(action$, state$, deps).subscribe((a) => out.push(a))
    action$.next({ type: 'ping', n: 1 })
    await Promise.resolve()
    expect(loads).toBe(0)
    painted.resolve()
    await painted.promise
    await new Promise((resolve) => setImmediate(resolve))
    expect(loads).toBe(1)
    expect(out).toEqual([{ type: 'pong', n: 1 }])
  })
})
