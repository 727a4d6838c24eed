import type { Subscriber, Subscription } from 'rxjs'
// Deep rxjs entry point, not the barrel: esbuild's code splitting gives every module the barrel
// re-exports to the chunk of each importer, so one barrel import on the start-up path would put
// the lazy code's operators into the page's initial JavaScript (issue #7).
import { Observable } from 'rxjs/internal/Observable'
import { isRoutedActions, RoutedActions, type Attach } from './actionRouter.js'
import type { AnyAction, Epic } from './types.js'

/**
 * An epic whose code is fetched when the store starts it (a dynamic import; after the first paint
 * when `deps.afterFirstPaint` is given), so it stays out of the page's entry chunk. Actions
 * dispatched while the code loads are handed to it first, in dispatch order, then live ones (it
 * reads `state$` as it is by then). Once caught up, the epic's own subscriptions are handed to the
 * store's router (when `action$` is the store's routed stream), so it receives only the action
 * types it asked for, at its own place in the delivery order. A failed load errors the epic,
 * which the store reports as `epic/failed` and restarts like any other.
 *
 * With `startOn`, nothing is fetched until the first action of one of those types: the epic
 * starts with that action (the source ending before it ends the epic unstarted). Until then the
 * store hands it only those types, so a waiting epic costs a dispatch nothing.
 * @example const telemetry = lazyEpic(() => import('./startupEffects.js').then((m) => m.startupEpic('telemetry')))
 */
export function lazyEpic<A extends AnyAction, S, D>(load: () => Promise<Epic<A, S, D>>, startOn?: readonly string[]): Epic<A, S, D> {
  return (action$, state$, deps) =>
    new Observable<A>((subscriber) => {
      // A queue read from `head` on: thousands of actions can pile up while the code loads (a
      // synchronous burst), and `shift()` on a long array is linear, so draining them was quadratic.
      let pending: (A | undefined)[] = []
      let head = 0
      let draining = false
      let completed = false
      /** The epic's subscriptions while it catches up: each with its types, fed from `pending`. */
      const local: { types: readonly string[] | null; subscriber: Subscriber<A>; rank: number; detach: () => void }[] = []
      /** Set once caught up: the store's attach, where the epic's subscriptions live from then on. */
      let handedOver: Attach<A> | null = null
      const store = isRoutedActions(action$) ? (action$ as unknown as RoutedActions<A>) : null
      let wrapperRank = 0
      let innerCount = 0
      // The epic's own subscriptions rank inside the epic's place, in order, never reaching the next epic's.
      const innerRank = () => wrapperRank + 1 - 1 / (++innerCount + 1)

      const attach: Attach<A> = (types, inner, rank) => {
        if (handedOver) return handedOver(types, inner, rank ?? innerRank())
        const entry = { types, subscriber: inner, rank: rank ?? innerRank(), detach: () => void local.splice(local.indexOf(entry), 1) }
        local.push(entry)
        if (completed && head === pending.length) inner.complete()
        return { rank: entry.rank, detach: () => entry.detach() }
      }
      const deliver = (action: A): void => {
        for (const entry of [...local]) {
          if (!entry.subscriber.closed && (entry.types === null || entry.types.includes(action.type))) entry.subscriber.next(action)
        }
      }
      // One loop hands every action over in order, those the epic itself causes while draining too.
      const drain = (): void => {
        if (draining) return
        draining = true
        try {
          while (head < pending.length && !subscriber.closed) {
            const action = pending[head]!
            pending[head++] = undefined
            deliver(action)
          }
          // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: only frees the drained queue's memory: reads only compare `head` with `pending.length` (the loop stops short only once the subscriber is closed, after which nothing reads the queue)
          if (head === pending.length) {
            pending = []
            head = 0
          }
          if (completed && !subscriber.closed) for (const entry of [...local]) entry.subscriber.complete()
        } finally {
          draining = false
        }
      }
      let all: { detach(): void } | null = null
      /** The types still awaited (`startOn`), until the first of them arrives. */
      let waiting = startOn
      const onAction = (action: A) => {
        if (waiting) {
          // On the store's stream only `startOn` types arrive while waiting; any other stream brings every action.
          if (!waiting.includes(action.type)) return
          waiting = undefined
          // From the trigger on, every action until caught up, at the same place in the order.
          if (store) {
            all!.detach()
            all = store.connect(null, sink, wrapperRank)
          }
          begin()
        }
        pending.push(action)
        if (started) drain()
      }
      const onComplete = () => {
        completed = true
        if (waiting) subscriber.complete()
        else if (started) drain()
      }
      const sink = { next: onAction, complete: onComplete, error: () => undefined, closed: false } as unknown as Subscriber<A>
      let started = false
      let inner: Subscription | undefined
      // Fetched after the page's first paint when the deps say when that is (AirlockDeps.afterFirstPaint).
      const painted = (deps as { afterFirstPaint?: () => Promise<void> } | undefined)?.afterFirstPaint
      const begin = (): void =>
        void (painted ? painted().then(load) : load()).then(
          (epic) => {
            if (subscriber.closed) return
            try {
              inner = epic(new RoutedActions<A>(attach), state$, deps).subscribe(subscriber)
            } catch (error) {
              subscriber.error(error)
              return
            }
            started = true
            drain()
            if (store && !completed && !subscriber.closed) {
              // Caught up: the store delivers to the epic's subscriptions directly from now on.
              // Stryker disable next-line OptionalChaining: `all` is set before the load starts and cleared only here, once, so it is never null at this point
              all?.detach()
              all = null
              handedOver = store.connect
              for (const entry of local.splice(0)) {
                const moved = store.connect(entry.types, entry.subscriber, entry.rank)
                entry.detach = moved.detach
              }
            }
          },
          (error: unknown) => subscriber.error(error),
        )
      if (store) {
        // Every action (or only the `startOn` types) until the code is here and has caught up; then only what it asked for.
        const connected = store.connect(waiting ?? null, sink)
        wrapperRank = connected.rank
        all = connected
      } else {
        const sub = action$.subscribe({ next: onAction, complete: onComplete })
        all = { detach: () => sub.unsubscribe() }
      }
      if (!waiting) begin()
      return () => {
        all?.detach()
        inner?.unsubscribe()
      }
    })
}

/**
 * One lazy epic per name, keyed by it (the name `epic/failed` reports), each fetched by
 * `load(name)` (from the first `startOn` action, when given): usually one chunk for all of them, so a module lists its names rather than a wrapper each.
 * @example export const lazySiwxEpics = lazyEpics(SIWX_EPIC_NAMES, (name) => import('./siwxEpics.js').then((m) => m.siwxEpics[name]))
 */
export function lazyEpics<N extends string, A extends AnyAction, S, D>(names: readonly N[], load: (name: N) => Promise<Epic<A, S, D>>, startOn?: readonly string[]): Readonly<Record<N, Epic<A, S, D>>> {
  return Object.fromEntries(names.map((name) => [name, lazyEpic(() => load(name), startOn)])) as Record<N, Epic<A, S, D>>
}
