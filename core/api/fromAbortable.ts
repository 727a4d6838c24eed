// The deep entry point, not the `rxjs` barrel: `airlock` re-exports this module, and esbuild gives every
// module a barrel import reaches to the page's initial chunk (issue #7).
import type { Observable as PublicObservable } from 'rxjs'
import { Observable } from 'rxjs/internal/Observable'

/**
 * Wraps an abortable async call as a cold Observable: `run` starts on subscribe, and
 * unsubscribing before it settles aborts it, so a `switchMap` in an epic cancels the
 * superseded HTTP request instead of letting it finish in the background.
 * @example action$.pipe(switchMap(({ id }) => fromAbortable((signal) => api.get({ path: `/v1/sessions/${id}`, schema, signal }))))
 */
// Typed with the public `rxjs` type, so shipped declarations never name an rxjs internal path.
export function fromAbortable<T>(run: (signal: AbortSignal) => Promise<T>): PublicObservable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    let settled = false
    let promise: Promise<T>
    try {
      promise = run(controller.signal)
    } catch (error) {
      // A synchronous throw is reported like a rejection, not thrown out of subscribe().
      subscriber.error(error)
      return
    }
    // Both handlers are always attached, so the rejection that follows an abort is
    // handled (never "unhandled") and simply dropped once nobody listens.
    promise.then(
      (value) => {
        settled = true
        if (subscriber.closed) return
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => {
        settled = true
        if (!subscriber.closed) subscriber.error(error)
      },
    )
    // Only abort work still in flight: listeners on the signal should not see a spurious abort after success.
    return () => {
      if (!settled) controller.abort()
    }
  })
}
