import type { OperatorFunction, SchedulerLike, Subscription } from 'rxjs'
// The deep entry point: this runs before the first render (issue #7, see createStore.ts).
import { Observable } from 'rxjs/internal/Observable'

/** What one source value does to the timer: ignore it, cancel the pending one, or restart it. */
export type TimerStep<R> = 'ignore' | 'cancel' | { readonly dueMs: number; readonly value: R }

/**
 * `filter` + `switchMap(() => timer(dueMs, scheduler).pipe(map(() => value)))`, for the epics that
 * run from the first render (the shake and the toasts): rxjs's `switchMap` brings `innerFrom` and
 * its stream and async-iterable support into the initial JavaScript, about 1 KB gzip. Same timing
 * on any scheduler (so marble tests and the README's virtual-time example hold), and it completes
 * once the source has and no timer is pending, as `switchMap` does.
 * @example action$.pipe(restartingTimer((a) => (a.type === 'x' ? { dueMs: 500, value: done } : 'ignore'), scheduler))
 */
export function restartingTimer<T, R>(step: (value: T) => TimerStep<R>, scheduler: SchedulerLike): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      let pending: Subscription | undefined
      let sourceDone = false
      const source$ = source.subscribe({
        next: (value) => {
          let next: TimerStep<R>
          try {
            next = step(value)
          } catch (error) {
            subscriber.error(error)
            return
          }
          if (next === 'ignore') return
          pending?.unsubscribe()
          pending = undefined
          if (next === 'cancel') return
          let ran = false
          const fired = scheduler.schedule(() => {
            ran = true
            pending = undefined
            subscriber.next(next.value)
            if (sourceDone) subscriber.complete()
          }, next.dueMs)
          // A scheduler may run the work at once (a zero delay on `queueScheduler`), and its spent
          // action is not closed then: keeping it as pending would keep the output from completing.
          if (!ran) pending = fired
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          sourceDone = true
          if (!pending) subscriber.complete()
        },
      })
      return () => {
        pending?.unsubscribe()
        source$.unsubscribe()
      }
    })
}
