import { retry, timer, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs'
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
  return retry({
    count,
    delay: (error, attempt) => {
      if (!isTransientError(error)) throw error
      const hinted = error instanceof HttpError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0
      return timer(Math.max(delayMs * attempt, hinted), scheduler)
    },
  })
}
