import type { Subscription } from 'rxjs'
// Deep rxjs entry points, not the barrel: esbuild's code splitting gives every module the barrel
// re-exports to the chunk of each importer, so one barrel import on the start-up path would put
// the lazy code's operators into the page's initial JavaScript (issue #7).
import { Observable } from 'rxjs/internal/Observable'
import { Subject } from 'rxjs/internal/Subject'
import type { AnyAction, Epic } from './types.js'

/**
 * An epic whose code is fetched when the store starts it (a dynamic import; after the first paint
 * when `deps.afterFirstPaint` is given), so it stays out of the page's entry chunk. Actions
 * dispatched while the code loads are handed to it first, in dispatch order, then live ones (it
 * reads `state$` as it is by then). A failed load errors the epic, which the store reports as
 * `epic/failed` and restarts like any other.
 * @example const telemetry = lazyEpic(() => import('./startupEffects.js').then((m) => m.telemetryEpic))
 */
export function lazyEpic<A extends AnyAction, S, D>(load: () => Promise<Epic<A, S, D>>): Epic<A, S, D> {
  return (action$, state$, deps) =>
    new Observable<A>((subscriber) => {
      // A queue read from `head` on: thousands of actions can pile up while the code loads (a
      // synchronous burst), and `shift()` on a long array is linear, so draining them was quadratic.
      let pending: (A | undefined)[] = []
      let head = 0
      const source = new Subject<A>()
      let started = false
      let draining = false
      let completed = false
      // One loop hands every action over in order, those the epic itself causes while draining too.
      const drain = (): void => {
        if (draining) return
        draining = true
        try {
          while (head < pending.length && !subscriber.closed) {
            const action = pending[head]!
            pending[head++] = undefined
            source.next(action)
          }
          if (head === pending.length) {
            pending = []
            head = 0
          }
          if (completed && !subscriber.closed) source.complete()
        } finally {
          draining = false
        }
      }
      const actions = action$.subscribe({
        next: (action) => {
          // The hot path once running: nothing queued, so hand it straight over (still marked as
          // draining, so what the epic causes meanwhile queues behind it, as in drain()).
          if (started && !draining && head === pending.length && !subscriber.closed) {
            draining = true
            try {
              source.next(action)
            } finally {
              draining = false
            }
            if (head < pending.length) drain()
          } else {
            pending.push(action)
            if (started) drain()
          }
        },
        complete: () => {
          completed = true
          if (started) drain()
        },
      })
      let inner: Subscription | undefined
      // Fetched after the page's first paint when the deps say when that is (AirlockDeps.afterFirstPaint).
      const painted = (deps as { afterFirstPaint?: () => Promise<void> } | undefined)?.afterFirstPaint
      ;(painted ? painted().then(load) : load()).then(
        (epic) => {
          if (subscriber.closed) return
          try {
            inner = epic(source.asObservable(), state$, deps).subscribe(subscriber)
          } catch (error) {
            subscriber.error(error)
            return
          }
          started = true
          drain()
        },
        (error: unknown) => subscriber.error(error),
      )
      return () => {
        actions.unsubscribe()
        inner?.unsubscribe()
      }
    })
}
