import { EMPTY, map, switchMap, timer } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/** Anything that ends the wait for the shown URI: a new one, a settled session, a failure or leaving the view. */
const STOPS = ['walletConnect/sessionSettled', 'walletConnect/connectFailed', 'walletConnect/pairingCancelled', 'walletConnect/sessionEnded', 'modal/closeRequested', 'router/backRequested', 'router/resetRequested'] as const

/**
 * SPEC 4, 9: a pairing URI expires 4 minutes after it was made (`expiresAt`) and is treated as
 * expired 10 s before that: then `walletConnect/pairingExpired`, and the connect epic asks for a
 * fresh URI without the person doing anything. A newer URI, a settled session, a failure or
 * leaving the view cancels the timer.
 * @example createStore({ …, epics: { pairingExpiry: pairingExpiryEpic() } })
 */
export const pairingExpiryEpic =
  (marginMs = PAIRING_EXPIRY_MARGIN_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, _state$, deps) =>
    action$.pipe(
      ofType('walletConnect/uriReceived', ...STOPS),
      switchMap((action) => {
        if (action.type !== 'walletConnect/uriReceived') return EMPTY
        const due = Math.max(0, action.expiresAt - marginMs - deps.scheduler.now())
        return timer(due, deps.scheduler).pipe(
          map((): Action => {
            // An expired code must not be shown again: forget it with its reference.
            deps.secrets.drop(action.uriRef)
            return { type: 'walletConnect/pairingExpired', uriRef: action.uriRef }
          }),
        )
      }),
    )
