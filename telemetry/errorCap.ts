import { asyncScheduler, defer, filter, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs'
import { TELEMETRY_ERROR_CAP, TELEMETRY_ERROR_WINDOW_MS } from '../core/constants/timing.js'

/**
 * Lets every track event through and at most `limit` error events per sliding `windowMs`; the rest are dropped.
 * @example events$.pipe(capErrors(5, 60_000, deps.scheduler))
 */
export function capErrors<T extends { readonly kind: 'track' | 'error' }>(
  limit: number = TELEMETRY_ERROR_CAP,
  windowMs: number = TELEMETRY_ERROR_WINDOW_MS,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<T> {
  return (source) =>
    // One window per subscription: a restarted epic starts with a fresh budget, and two
    // subscribers never share (or leak) each other's counts.
    defer(() => {
      // Times of the errors let through, oldest first; never longer than `limit`.
      const sent: number[] = []
      return source.pipe(
        filter((event) => {
          if (event.kind !== 'error') return true
          const now = scheduler.now()
          // An error sent at t counts against the budget until t + windowMs (exclusive).
          while (sent.length > 0 && now - sent[0]! >= windowMs) sent.shift()
          if (sent.length >= limit) return false
          sent.push(now)
          return true
        }),
      )
    })
}
