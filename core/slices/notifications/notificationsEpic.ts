import { EMPTY, filter, map, switchMap, timer } from 'rxjs'
import { ofType, type Action } from '../../actions/types.js'
import { TOAST_DURATION_MS, TOAST_SWAP_DELAY_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/**
 * Times the toasts (SPEC 4): a waiting toast shows 150 ms after the first
 * closes; a shown success, info or error toast hides itself after a while
 * (loading toasts stay until replaced). Any newer toast event restarts this.
 */
export const notificationsEpic =
  (swapDelayMs = TOAST_SWAP_DELAY_MS, durationMs = TOAST_DURATION_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, { scheduler }) =>
    action$.pipe(
      filter(ofType('notifications/showRequested', 'notifications/swapped', 'notifications/dismissRequested', 'notifications/expired')),
      map(() => state$.value.notifications),
      switchMap(({ current, open, pending }) => {
        if (pending) return timer(swapDelayMs, scheduler).pipe(map((): Action => ({ type: 'notifications/swapped' })))
        if (open && current && current.variant !== 'loading') {
          return timer(durationMs, scheduler).pipe(map((): Action => ({ type: 'notifications/expired', id: current.id })))
        }
        return EMPTY
      }),
    )
