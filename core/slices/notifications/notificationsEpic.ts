import type { Action } from '../../actions/types.js'
import { TOAST_DURATION_MS, TOAST_SWAP_DELAY_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import { restartingTimer } from '../../store/restartingTimer.js'
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
      ofType(...TOAST_EVENTS),
      restartingTimer<Action, Action>(() => {
        const { current, open, pending } = state$.value.notifications
        if (pending) return { dueMs: swapDelayMs, value: { type: 'notifications/swapped' } }
        if (open && current && current.variant !== 'loading') return { dueMs: durationMs, value: { type: 'notifications/expired', id: current.id } }
        return 'cancel'
      }, scheduler),
    )

const TOAST_EVENTS = ['notifications/showRequested', 'notifications/swapped', 'notifications/dismissRequested', 'notifications/expired'] as const
