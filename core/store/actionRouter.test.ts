import { asyncScheduler, filter, map, Subject, tap, type OperatorFunction } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createActionRouter } from './actionRouter.js'
import { createStore } from './createStore.js'
import { lazyEpic } from './lazyEpic.js'
import { ofType } from './ofType.js'
import type { AnyAction, Epic } from './types.js'

type A = AnyAction & { n?: number }
/** `ofType` for this file's own action type. */
const only = (type: string) => ofType(type as never) as unknown as OperatorFunction<A, A>

describe('createActionRouter', () => {
  test('default: each subscriber gets only its types (or everything), in subscription order', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    router.actions.route(['b']).subscribe((a) => seen.push(`1:${a.type}`))
    router.actions.subscribe((a) => seen.push(`2:${a.type}`))
    router.actions.route(['a', 'b']).subscribe((a) => seen.push(`3:${a.type}`))
    router.emit({ type: 'a' })
    router.emit({ type: 'b' })
    router.emit({ type: 'c' })
    expect(seen).toEqual(['2:a', '3:a', '1:b', '2:b', '3:b', '2:c'])
  })

  test('behavior: a subscriber added during a delivery starts with the next action; one removed gets nothing more', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    let late = false
    const first = router.actions.route(['x']).subscribe((a) => {
      seen.push(`first:${a.n}`)
      if (!late) {
        late = true
        router.actions.route(['x']).subscribe((b) => seen.push(`late:${b.n}`))
        second.unsubscribe()
      }
    })
    const second = router.actions.route(['x']).subscribe((a) => seen.push(`second:${a.n}`))
    router.emit({ type: 'x', n: 1 })
    router.emit({ type: 'x', n: 2 })
    first.unsubscribe()
    router.emit({ type: 'x', n: 3 })
    expect(seen).toEqual(['first:1', 'first:2', 'late:2', 'late:3'])
  })

  test('behavior: complete ends every subscription; later ones complete at once', () => {
    const router = createActionRouter<A>()
    const done: string[] = []
    router.actions.route(['x']).subscribe({ complete: () => done.push('typed') })
    router.actions.subscribe({ complete: () => done.push('all') })
    router.complete()
    router.actions.subscribe({ complete: () => done.push('after') })
    expect(done).toEqual(['typed', 'all', 'after'])
  })

  test('behavior: ofType routes on the router and filters anywhere else', () => {
    const router = createActionRouter<A>()
    const routed: number[] = []
    router.actions.pipe(only('ping'), map((a) => a.n!)).subscribe((n) => routed.push(n))
    router.emit({ type: 'pong', n: 0 })
    router.emit({ type: 'ping', n: 1 })
    const plain = new Subject<A>()
    const filtered: number[] = []
    plain.pipe(only('ping'), map((a) => a.n!)).subscribe((n) => filtered.push(n))
    plain.next({ type: 'pong', n: 0 })
    plain.next({ type: 'ping', n: 2 })
    expect([routed, filtered]).toEqual([[1], [2]])
  })
})

describe('store routing', () => {
  test('behavior: a dispatch runs only the epics that asked for its type, eager or lazy (after the lazy one caught up)', async () => {
    const runs = { eager: 0, lazy: 0, unrouted: 0 }
    const eager: Epic<A, number, { scheduler: typeof asyncScheduler }> = (action$) => action$.pipe(only('eager'), tap(() => runs.eager++), filter(() => false))
    const lazyInner: Epic<A, number, { scheduler: typeof asyncScheduler }> = (action$) => action$.pipe(only('lazy'), tap(() => runs.lazy++), map(() => ({ type: 'lazyDone' })))
    const unrouted: Epic<A, number, { scheduler: typeof asyncScheduler }> = (action$) => action$.pipe(tap(() => runs.unrouted++), filter(() => false))
    const store = createStore<number, A, { scheduler: typeof asyncScheduler }>({
      reducer: (state, action) => (action.type === 'lazyDone' ? state + 1 : state),
      initialState: 0,
      deps: { scheduler: asyncScheduler },
      epics: { eager, lazy: lazyEpic(() => Promise.resolve(lazyInner)), unrouted },
    })
    store.dispatch({ type: 'lazy' })
    await Promise.resolve()
    await Promise.resolve()
    // The action sent while the lazy code loaded reached it once it was there.
    expect(store.getState()).toBe(1)
    const before = { ...runs }
    for (let i = 0; i < 100; i++) store.dispatch({ type: 'other' })
    store.dispatch({ type: 'eager' })
    store.dispatch({ type: 'lazy' })
    // 'other' reached only the epic that asked for everything.
    expect({ eager: runs.eager - before.eager, lazy: runs.lazy - before.lazy, unrouted: runs.unrouted - before.unrouted }).toEqual({ eager: 1, lazy: 1, unrouted: 103 })
    expect(store.getState()).toBe(2)
    store.destroy()
  })
})
