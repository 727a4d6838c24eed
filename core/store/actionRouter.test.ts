import { asyncScheduler, filter, map, Subject, tap, type Observable, type OperatorFunction } from 'rxjs'
import { describe, expect, test } from 'vitest'
import type { Subscriber } from 'rxjs/internal/Subscriber'
import { createActionRouter, isRoutedActions } from './actionRouter.js'
import { createStore } from './createStore.js'
import { lazyEpic } from './lazyEpic.js'
import { ofType } from './ofType.js'
import type { AnyAction, Epic } from './types.js'

type A = AnyAction & { n?: number }
/**
 * A bare sink as lazyEpic hands to `connect` (core/store/lazyEpic.ts): unlike an rxjs Subscriber it
 * never turns itself off, so only the router decides what still reaches it.
 */
const bare = (name: string, log: string[], on: { next?: (a: A) => void; complete?: () => void } = {}) =>
  ({
    next: (a: A) => {
      log.push(`${name}:${a.type}`)
      on.next?.(a)
    },
    complete: () => {
      log.push(`${name}:done`)
      on.complete?.()
    },
    error: () => undefined,
    closed: false,
  }) as unknown as Subscriber<A>
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

  test('behavior: delivery follows rank, also for a type no one asked for by name', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    router.actions.connect(null, bare('all1', seen))
    // Attached later with an earlier rank: a lazy epic's subscriptions handed over into its place.
    router.actions.connect(null, bare('all0', seen), 0.5)
    router.actions.connect(['typed'], bare('typed2', seen))
    router.emit({ type: 'untyped' })
    router.emit({ type: 'typed' })
    expect(seen).toEqual(['all0:untyped', 'all1:untyped', 'all0:typed', 'all1:typed', 'typed2:typed'])
  })

  test('behavior: a detached sink gets nothing more, even one that does not turn itself off', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    const typed = router.actions.connect(['x'], bare('typed', seen))
    const every = router.actions.connect(null, bare('every', seen))
    router.actions.connect(['x'], bare('stays', seen))
    typed.detach()
    every.detach()
    router.emit({ type: 'x' })
    router.complete()
    expect(seen).toEqual(['stays:x', 'stays:done'])
  })

  test('behavior: a sink for every action that joins or leaves after actions flowed counts from the next action of every type', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    router.actions.connect(['x'], bare('typed', seen))
    router.emit({ type: 'x' })
    router.emit({ type: 'y' })
    const every = router.actions.connect(null, bare('every', seen))
    router.emit({ type: 'x' })
    router.emit({ type: 'y' })
    every.detach()
    router.emit({ type: 'x' })
    router.emit({ type: 'y' })
    expect(seen).toEqual(['typed:x', 'typed:x', 'every:x', 'every:y', 'typed:x'])
  })

  test('behavior: detaching twice detaches only that sink', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    const first = router.actions.connect(['x'], bare('first', seen))
    router.actions.connect(['x'], bare('second', seen))
    router.actions.connect(null, bare('everyA', seen))
    const everyB = router.actions.connect(null, bare('everyB', seen))
    router.actions.connect(null, bare('everyC', seen))
    first.detach()
    first.detach()
    everyB.detach()
    everyB.detach()
    router.emit({ type: 'x' })
    expect(seen).toEqual(['second:x', 'everyA:x', 'everyC:x'])
  })

  test('behavior: a sink detached by an earlier one during a delivery or the completion is skipped', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    router.actions.connect(['x'], bare('first', seen, { next: () => victim.detach(), complete: () => late.detach() }))
    const victim = router.actions.connect(['x'], bare('victim', seen))
    const late = router.actions.connect(null, bare('late', seen))
    router.emit({ type: 'x' })
    router.complete()
    expect(seen).toEqual(['first:x', 'late:x', 'first:done'])
  })

  test('behavior: complete runs once; a second call tells no one again', () => {
    const router = createActionRouter<A>()
    const seen: string[] = []
    router.actions.connect(['x'], bare('typed', seen))
    router.actions.connect(null, bare('every', seen))
    router.complete()
    router.complete()
    expect(seen).toEqual(['typed:done', 'every:done'])
  })

  test('behavior: connecting after complete completes the sink at once and still gives its rank and a harmless detach', () => {
    const router = createActionRouter<A>()
    router.complete()
    const seen: string[] = []
    const given = router.actions.connect(null, bare('late', seen), 7)
    const counted = router.actions.connect(['x'], bare('counted', seen))
    expect(() => given.detach()).not.toThrow()
    expect([given.rank, counted.rank, seen]).toEqual([7, 1, ['late:done', 'counted:done']])
  })

  test('behavior: isRoutedActions tells the router stream (and its routes) from any other observable', () => {
    const router = createActionRouter<A>()
    expect([isRoutedActions(router.actions), isRoutedActions(router.actions.route(['x'])), isRoutedActions(new Subject<A>()), isRoutedActions(null)]).toEqual([true, true, false, false])
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

  test.each<[string, string[][]]>([
    ['ofType(ping, pong) then ofType(pong, x): only pong', [['ping', 'pong'], ['pong', 'x']]],
    ['ofType(ping) then ofType(pong): nothing', [['ping'], ['pong']]],
    ['ofType() with no type: nothing', [[]]],
  ])('behavior: chained ofType on the router delivers what it would on any stream, and still completes: %s', (_, chain) => {
    const narrow = (source: Observable<A>) => chain.reduce((narrowed, types) => narrowed.pipe(ofType(...(types as never[])) as unknown as OperatorFunction<A, A>), source)
    const seen = (source: Observable<A>, emit: (a: A) => void, complete: () => void): string[] => {
      const out: string[] = []
      narrow(source).subscribe({ next: (a) => out.push(a.type), complete: () => out.push('end') })
      for (const type of ['ping', 'pong', 'x']) emit({ type })
      complete()
      return out
    }
    const router = createActionRouter<A>()
    const plain = new Subject<A>()
    const routed = seen(router.actions, (a) => router.emit(a), () => router.complete())
    expect(routed).toEqual(seen(plain, (a) => plain.next(a), () => plain.complete()))
    expect(routed.at(-1)).toBe('end')
  })
})

describe('store routing', () => {
  test('behavior: after a lazy epic that takes every action has caught up, it still hears each action before the epics declared after it', async () => {
    const react =
      (name: string): Epic<A, readonly string[], { scheduler: typeof asyncScheduler }> =>
      (action$) =>
        action$.pipe(filter((a) => a.type === 'go'), map(() => ({ type: `saw/${name}` })))
    const store = createStore<readonly string[], A, { scheduler: typeof asyncScheduler }>({
      reducer: (state, action) => (action.type.startsWith('saw/') ? [...state, action.type] : state),
      initialState: [],
      deps: { scheduler: asyncScheduler },
      epics: { lazy: lazyEpic(() => Promise.resolve(react('lazy'))), eager: react('eager') },
    })
    await Promise.resolve()
    await Promise.resolve()
    // Handed over now: 'go' is a type no epic asked for by name, so this order came from the plan for every action.
    store.dispatch({ type: 'go' })
    expect(store.getState()).toEqual(['saw/lazy', 'saw/eager'])
    store.destroy()
  })

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
