import type { MonoTypeOperatorFunction, SchedulerLike, Subscription } from 'rxjs'
// Deep entry point, not the barrel, and no `retry`/`timer`: `airlock` re-exports this module, so it
// loads before the first render, and those operators would bring rxjs's `innerFrom` (with its
// async-iterable and stream support) into the page's initial JavaScript (issue #7).
import { Observable } from 'rxjs/internal/Observable'
import { API_RETRY_DELAY_MS } from '../constants/timing.js'
import { HttpError, HttpNetworkError, HttpTimeoutError } from './errors.js'

/** 429, 5xx, timeouts and network failures may pass; anything else will not. */
export function isTransientError(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 429 || error.status >= 500
  return error instanceof HttpNetworkError || error instanceof HttpTimeoutError
}

/**
 * Retries transient HTTP failures a bounded number of times with a growing
 * delay on the given scheduler (so marble tests control it). A 4xx, a bad
 * body or a user rejection is never retried.
 *
 * With `withinMs` the request and its retries share one budget: a timed-out attempt is not tried
 * again (a hang would only hang again), a retry that would start past the budget is not made (the
 * last error is reported at once), and when the budget runs out the attempt in flight is dropped
 * (aborted) and the result fails with `HttpTimeoutError`.
 * @example fromAbortable(get).pipe(retryTransient({ scheduler, withinMs: API_REQUEST_TIMEOUT_MS }))
 */
export function retryTransient<T>({ count = 2, delayMs = API_RETRY_DELAY_MS, scheduler, withinMs }: { count?: number; delayMs?: number; scheduler: SchedulerLike; withinMs?: number }): MonoTypeOperatorFunction<T> {
  // rxjs's `retry({ count, delay })` with a timer delay, spelled out: resubscribe after the delay.
  return (source) =>
    new Observable<T>((subscriber) => {
      let attempt = 0
      let current: Subscription | undefined
      let wait: Subscription | undefined
      const end = withinMs === undefined ? Number.POSITIVE_INFINITY : scheduler.now() + withinMs
      const subscribe = (): void => {
        current = source.subscribe({
          next: (value) => subscriber.next(value),
          complete: () => subscriber.complete(),
          error: (error: unknown) => {
            attempt += 1
            if (attempt > count || !isTransientError(error)) return subscriber.error(error)
            if (withinMs !== undefined && error instanceof HttpTimeoutError) return subscriber.error(error)
            const hinted = error instanceof HttpError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0
            const delay = Math.max(delayMs * attempt, hinted)
            if (scheduler.now() + delay >= end) return subscriber.error(error)
            wait = scheduler.schedule(subscribe, delay)
          },
        })
      }
      // Scheduled first, so at the very same moment the budget wins over a late answer.
      const deadline =
        withinMs === undefined
          ? undefined
          : scheduler.schedule(() => {
              current?.unsubscribe()
              wait?.unsubscribe()
              subscriber.error(new HttpTimeoutError({ timeoutMs: withinMs }))
            }, withinMs)
      subscribe()
      return () => {
        current?.unsubscribe()
        wait?.unsubscribe()
        deadline?.unsubscribe()
      }
    })
}
