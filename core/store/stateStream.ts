// Deep rxjs entry points, not the barrel (see createStoreWithCheck.ts).
import { Observable } from 'rxjs/internal/Observable'
import type { Subscriber } from 'rxjs/internal/Subscriber'
import type { StateObservable } from './types.js'

/** The store's current state and `state$`. */
export interface StateStream<S> {
  readonly state$: StateObservable<S>
  get(): S
  /** Sets the state and tells every subscriber, in subscription order. */
  set(next: S): void
  complete(): void
}

/**
 * What a `BehaviorSubject` does for the store (the current value on subscribe, then every new
 * one, in subscription order; those subscribing meanwhile start with the next), built on
 * `Observable` alone: rxjs's Subject classes stay out of the page's first JavaScript (issue 12).
 * @example const { state$, set } = createStateStream(0); state$.subscribe(console.log); set(1) // logs 0, then 1
 */
export function createStateStream<S>(initial: S): StateStream<S> {
  let value = initial
  // Copied on change, so a delivery runs over a snapshot.
  let subscribers: readonly Subscriber<S>[] = []
  let completed = false
  const state$ = new Observable<S>((subscriber) => {
    if (completed) {
      subscriber.complete()
      return undefined
    }
    subscribers = [...subscribers, subscriber]
    subscriber.next(value)
    return () => {
      subscribers = subscribers.filter((s) => s !== subscriber)
    }
  }) as Observable<S> & { value: S }
  Object.defineProperty(state$, 'value', { get: () => value })
  return {
    state$,
    get: () => value,
    set(next) {
      value = next
      for (const subscriber of subscribers) subscriber.next(next)
    },
    complete() {
      // A second call finds no subscribers left (and none added since), so needs no guard.
      completed = true
      const all = subscribers
      subscribers = []
      for (const subscriber of all) subscriber.complete()
    },
  }
}
