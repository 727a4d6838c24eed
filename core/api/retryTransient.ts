import type { MonoTypeOperatorFunction, SchedulerLike, Subscription } from 'rxjs'
// Deep entry point, not the barrel, and no `retry`/`timer`: `airlock` re-exports this module, so it
// loads before the first render, and those operators would bring rxjs's `innerFrom` (with its
// async-iterable and stream support) into the page's initial JavaScript (issue #7).
import { Observable } from 'rxjs/internal/Observable'
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
 * @example fromAbortable(get).pipe(retryTransient({ count: 2, delayMs: 1000, scheduler }))
 */
export function retryTransient<T>({ count = 2, delayMs = 1_000, scheduler }: { count?: number; delayMs?: number; scheduler: SchedulerLike }): MonoTypeOperatorFunction<T> {
  // rxjs's `retry({ count, delay })` with a timer delay, spelled out: resubscribe after the delay.
  return (source) =>
    new Observable<T>((subscriber) => {
      let attempt = 0
      let current: Subscription | undefined
      let wait: Subscription | undefined
      const subscribe = (): void => {
        current = source.subscribe({
          next: (value) => subscriber.next(value),
          complete: () => subscriber.complete(),
          error: (error: unknown) => {
            attempt += 1
            if (attempt > count || !isTransientError(error)) return subscriber.error(error)
            const hinted = error instanceof HttpError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0
            wait = scheduler.schedule(subscribe, Math.max(delayMs * attempt, hinted))
          },
        })
      }
      subscribe()
      return () => {
        current?.unsubscribe()
        wait?.unsubscribe()
      }
    })
}
