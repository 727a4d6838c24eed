import { concat, filter, map, merge, of, Subject, switchMap, take } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createActionRouter, RoutedActions } from './actionRouter.js'
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
/** Lets the load's promise callbacks run (no clock involved). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
/** Every action, then `end` once the source completes. */
const echoThenEnd: Epic<A, number, object> = (in$) => concat(in$, of({ type: 'end' }))
/** Runs `epic` lazily on a plain Subject, logging the types it emits and its completion. */
function run(epic: Epic<A, number, object>, load = () => Promise.resolve(epic)) {
  const action$ = new Subject<A>()
  const out: string[] = []
  const errors: unknown[] = []
  lazyEpic(load)(action$, state$, {}).subscribe({ next: (a) => out.push(a.type), complete: () => out.push('complete'), error: (e) => errors.push(e) })
  return { action$, out, errors }
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

  test('behavior: a source that completes before the code arrives still hands over every queued action, then the end', async () => {
    const load = deferred<Epic<A, number, object>>()
    const { action$, out } = run(echoThenEnd, () => load.promise)
    action$.next({ type: 'a' })
    action$.next({ type: 'b' })
    action$.complete()
    load.resolve(echoThenEnd)
    await flush()
    expect(out).toEqual(['a', 'b', 'end', 'complete'])
  })

  test('behavior: a source that completes after the code arrived ends the epic; live actions reach it until then', async () => {
    const { action$, out } = run(echoThenEnd)
    // Nothing queued: the epic's subscription waits for live actions rather than ending at once.
    await flush()
    action$.next({ type: 'a' })
    action$.next({ type: 'b' })
    expect(out).toEqual(['a', 'b'])
    action$.complete()
    expect(out).toEqual(['a', 'b', 'end', 'complete'])
  })

  test('behavior: a subscription the epic makes after the source has ended and drained ends at once', async () => {
    // `concat` subscribes to the stream again only once the first subscription has completed.
    const { action$, out } = run((in$) => concat(in$, in$, of({ type: 'end' })))
    action$.next({ type: 'a' })
    action$.complete()
    await flush()
    expect(out).toEqual(['a', 'end', 'complete'])
  })

  test('behavior: an action the epic causes while one is being handed out waits until every subscription has had the first', async () => {
    const action$ = new Subject<A>()
    const out: string[] = []
    const epic: Epic<A, number, object> = (in$) =>
      merge(in$.pipe(filter((a) => a.type === 'ping'), map(() => ({ type: 'pong' }))), in$.pipe(map((a) => ({ type: `seen:${a.type}` }))))
    // A store-like loop for `pong`: dispatched back into action$ from inside the delivery of `ping`.
    lazyEpic(() => Promise.resolve(epic))(action$, state$, {}).subscribe((a) => {
      out.push(a.type)
      if (a.type === 'pong') action$.next(a)
    })
    action$.next({ type: 'ping' })
    await flush()
    expect(out).toEqual(['pong', 'seen:ping', 'seen:pong'])
    action$.next({ type: 'ping' })
    expect(out.slice(3)).toEqual(['pong', 'seen:ping', 'seen:pong'])
  })

  test('behavior: deps may be undefined (no afterFirstPaint): the code loads at once', async () => {
    const action$ = new Subject<A>()
    const out: A[] = []
    const pongNoDeps: Epic<A, number, undefined> = (in$) => pong(in$, state$, {})
    lazyEpic(() => Promise.resolve(pongNoDeps))(action$, state$, undefined).subscribe((a) => out.push(a))
    action$.next({ type: 'ping', n: 1 })
    await flush()
    expect(out).toEqual([{ type: 'pong', n: 1 }])
  })

  test('behavior: an epic that throws while starting errors the lazy epic with that error', async () => {
    const { action$, out, errors } = run(() => {
      throw new Error('epic broke on start')
    })
    action$.next({ type: 'a' })
    await flush()
    expect(errors).toEqual([new Error('epic broke on start')])
    expect(out).toEqual([])
  })
})

describe('lazyEpic with startOn', () => {
  test('default: nothing loads before the first trigger; the epic starts with it and sees it and what follows, nothing before', async () => {
    const action$ = new Subject<A>()
    const seen: string[] = []
    let loads = 0
    const epic: Epic<A, number, object> = (in$) => in$.pipe(map((a) => ({ type: `saw:${a.type}` })))
    const sub = lazyEpic(() => (loads++, Promise.resolve(epic)), ['open'])(action$, state$, {}).subscribe((a) => seen.push(a.type))
    action$.next({ type: 'before' })
    await flush()
    expect(loads).toBe(0)
    action$.next({ type: 'open' })
    action$.next({ type: 'next' })
    expect(loads).toBe(1)
    await flush()
    action$.next({ type: 'open' })
    expect(loads).toBe(1)
    expect(seen).toEqual(['saw:open', 'saw:next', 'saw:open'])
    sub.unsubscribe()
    action$.next({ type: 'after' })
    expect(seen).toHaveLength(3)
  })

  test('behavior: any of the triggers starts it, once', async () => {
    const action$ = new Subject<A>()
    let loads = 0
    const sub = lazyEpic(() => (loads++, Promise.resolve(echoThenEnd)), ['a', 'b'])(action$, state$, {}).subscribe()
    action$.next({ type: 'c' })
    expect(loads).toBe(0)
    action$.next({ type: 'b' })
    action$.next({ type: 'a' })
    await flush()
    expect(loads).toBe(1)
    sub.unsubscribe()
  })

  test('behavior: the source ending before any trigger ends it, unstarted', async () => {
    const action$ = new Subject<A>()
    const out: string[] = []
    let loads = 0
    lazyEpic(() => (loads++, Promise.resolve(echoThenEnd)), ['open'])(action$, state$, {}).subscribe({ next: (a) => out.push(a.type), complete: () => out.push('complete') })
    action$.next({ type: 'other' })
    action$.complete()
    await flush()
    expect(out).toEqual(['complete'])
    expect(loads).toBe(0)
  })

  test('behavior: on the store\'s stream it asks only for the triggers while waiting, then for every action at the same place until caught up, then hands over', async () => {
    const { router, actions, log } = spiedRouter()
    const order: string[] = []
    actions.route(['ping', 'open']).subscribe((a) => order.push(`before:${a.type}`))
    const epic: Epic<A, number, object> = (in$) => (in$ as RoutedActions<A>).route(['ping', 'open']).pipe(map((a) => ({ type: `lazy:${a.type}` })))
    lazyEpic(() => Promise.resolve(epic), ['open'])(actions, state$, {}).subscribe((a) => order.push(a.type))
    actions.route(['ping', 'open']).subscribe((a) => order.push(`after:${a.type}`))
    router.emit({ type: 'ping' })
    router.emit({ type: 'open' })
    router.emit({ type: 'ping' })
    await flush()
    router.emit({ type: 'ping' })
    expect(order).toEqual(['before:ping', 'after:ping', 'before:open', 'after:open', 'before:ping', 'after:ping', 'lazy:open', 'lazy:ping', 'before:ping', 'lazy:ping', 'after:ping'])
    const [, waiting, ...rest] = log
    expect(waiting).toEqual({ op: 'connect', types: ['open'], rank: 2 })
    expect(rest.slice(0, 4).map(({ op, types, rank }) => [op, types, rank])).toEqual([
      ['connect', ['ping', 'open'], 3],
      ['detach', ['open'], 2],
      ['connect', null, 2],
      ['detach', null, 2],
    ])
    expect(rest[4]).toMatchObject({ op: 'connect', types: ['ping', 'open'] })
    expect(rest[4]!.rank > 2 && rest[4]!.rank < 3).toBe(true)
  })
})

/** The store's router behind a spy on `connect`, logging each attach and detach with its types and rank. */
function spiedRouter() {
  const router = createActionRouter<A>()
  const log: { op: 'connect' | 'detach'; types: readonly string[] | null; rank: number }[] = []
  const actions = new RoutedActions<A>((types, subscriber, rank) => {
    const got = router.actions.connect(types, subscriber, rank)
    log.push({ op: 'connect', types, rank: got.rank })
    return {
      rank: got.rank,
      detach: () => {
        log.push({ op: 'detach', types, rank: got.rank })
        got.detach()
      },
    }
  })
  return { router, actions, log }
}

describe('lazyEpic on the store\'s routed stream', () => {
  test('behavior: once caught up, the epic\'s subscriptions move to the store, ranked inside the epic\'s place, and the catch-all one goes', async () => {
    const { router, actions, log } = spiedRouter()
    const order: string[] = []
    actions.route(['ping']).subscribe(() => order.push('before'))
    const epic: Epic<A, number, object> = (in$) => {
      const routed = in$ as RoutedActions<A>
      return merge(
        routed.route(['ping']).pipe(map(() => ({ type: 'L1' }))),
        in$.pipe(map(() => ({ type: 'L2' }))),
        // A subscription made after the hand-over (on `start`) also ranks inside the epic's place.
        routed.route(['start']).pipe(switchMap(() => routed.route(['ping'])), map(() => ({ type: 'L3' }))),
      )
    }
    lazyEpic(() => Promise.resolve(epic))(actions, state$, {}).subscribe((a) => order.push(a.type))
    actions.route(['ping']).subscribe(() => order.push('after'))
    router.emit({ type: 'ping' })
    expect(order).toEqual(['before', 'after'])
    await flush()
    expect(order).toEqual(['before', 'after', 'L1', 'L2'])
    router.emit({ type: 'start' })
    order.length = 0
    router.emit({ type: 'ping' })
    expect(order).toEqual(['before', 'L1', 'L2', 'L3', 'after'])

    const [, wrapper, , ...rest] = log
    expect(wrapper).toEqual({ op: 'connect', types: null, rank: 2 })
    // The wrapper that queued every action is detached; the epic's four subscriptions are connected
    // at ranks strictly between its own (2) and the next epic's (3), in the order they were made.
    expect(rest.map(({ op, types }) => [op, types])).toEqual([
      ['detach', null],
      ['connect', ['ping']],
      ['connect', null],
      ['connect', ['start']],
      ['connect', ['ping']],
    ])
    const ranks = rest.slice(1).map((entry) => entry.rank)
    for (const rank of ranks) expect(rank > 2 && rank < 3).toBe(true)
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
    expect(new Set(ranks).size).toBe(ranks.length)
  })

  test('behavior: a subscription the epic drops while catching up is not handed to the store', async () => {
    const { router, actions, log } = spiedRouter()
    const out: string[] = []
    const epic: Epic<A, number, object> = (in$) =>
      merge(in$.pipe(take(1), map((a) => ({ type: `first:${a.type}` }))), (in$ as RoutedActions<A>).route(['ping']).pipe(map(() => ({ type: 'pong' }))))
    lazyEpic(() => Promise.resolve(epic))(actions, state$, {}).subscribe((a) => out.push(a.type))
    router.emit({ type: 'ping' })
    await flush()
    expect(out).toEqual(['first:ping', 'pong'])
    expect(log.filter((entry) => entry.op === 'connect').map((entry) => entry.types)).toEqual([null, ['ping']])
    router.emit({ type: 'ping' })
    expect(out).toEqual(['first:ping', 'pong', 'pong'])
  })
})
