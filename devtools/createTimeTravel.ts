import { BehaviorSubject, distinctUntilChanged, of, switchMap } from 'rxjs'
import type { Airlock } from '../core/createAirlock.js'
import type { AirlockState } from '../core/state.js'
import type { StateObservable } from '../core/store/types.js'

/** A live Airlock with a switch to show a past state instead (time travel in development). */
export interface TimeTravel {
  /** What to give `<AirlockProvider>`: the live Airlock, or a read-only view of the pinned state. */
  readonly airlock: Airlock
  /** Shows `state` instead of the live state; `null` goes live again. */
  pin(state: AirlockState | null): void
  readonly pinned: AirlockState | null
  /** Goes live for good: later pins are ignored, and the facade stays the live Airlock. */
  destroy(): void
}

/**
 * Wraps a live Airlock in a facade that can show a pinned state (from the Redux DevTools or a log)
 * while the live store keeps running underneath. Pinned, the facade is read-only.
 * @example const tt = createTimeTravel(airlock); tt.pin(pastState); <AirlockProvider airlock={tt.airlock}>…
 */
export function createTimeTravel(airlock: Airlock): TimeTravel {
  const pinned$ = new BehaviorSubject<AirlockState | null>(null)
  let destroyed = false
  const isLive = (): boolean => pinned$.value === null

  // Unpinning resubscribes to the live `state$`, which emits its current state at once.
  const state$ = pinned$.pipe(
    distinctUntilChanged(),
    switchMap((pinned) => (pinned === null ? airlock.state$ : of(pinned))),
  ) as StateObservable<AirlockState>
  Object.defineProperty(state$, 'value', { get: () => pinned$.value ?? airlock.state$.value })

  const facade: Airlock = {
    // A past state must never drive wallets: while one is pinned, nothing the page does reaches the
    // live store or a provider (its buttons would act on accounts and requests that are gone).
    open: (params) => {
      if (isLive()) airlock.open(params)
    },
    close: () => {
      if (isLive()) airlock.close()
    },
    dispatch: (action) => {
      if (isLive()) airlock.dispatch(action)
    },
    getProvider: (namespace) => (isLive() ? airlock.getProvider(namespace) : undefined),
    getState: () => pinned$.value ?? airlock.getState(),
    state$,
    initialState: airlock.initialState,
    action$: airlock.action$,
    log: airlock.log,
    ready: () => airlock.ready(),
    siwx: airlock.siwx,
    deps: airlock.deps,
    // The facade stands in for the live Airlock wherever the host passes it, so it ends it too.
    destroy: () => airlock.destroy(),
  }

  return {
    airlock: facade,
    pin: (state) => {
      if (!destroyed) pinned$.next(state)
    },
    get pinned() {
      return pinned$.value
    },
    destroy: () => {
      destroyed = true
      pinned$.next(null)
    },
  }
}
