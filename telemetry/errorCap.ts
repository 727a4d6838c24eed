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
          while (
            // Stryker disable next-line ConditionalExpression: `sent.length > 0` → true is equivalent: on an empty list sent[0] is undefined, now - undefined is NaN and NaN >= windowMs is false, so the loop stops anyway (this line's `while (false)` is skipped with it; the sliding-window tests kill that one)
            // Stryker disable next-line EqualityOperator: `sent.length >= 0` is equivalent for the same reason (NaN >= windowMs is false on an empty list); `<= 0`, on the same node, is skipped with it (the sliding-window tests kill that one)
            sent.length > 0 &&
            now - sent[0]! >= windowMs
          )
            sent.shift()
          if (sent.length >= limit) return false
          sent.push(now)
          return true
        }),
      )
    })
}
