import { EMPTY, map, switchMap, timer } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { RELAY_UNREACHABLE_AFTER_MS } from '../../constants/timing.js'

/** What ends the wait: the socket back, or nothing left to reconnect for. */
const STOPS = ['walletConnect/relayReconnected', 'walletConnect/sessionEnded', 'walletConnect/connectRequested', 'walletConnect/connectFailed', 'walletConnect/pairingCancelled'] as const

/**
 * The reconnect is bounded in what the person sees: a relay socket still down 30 s after it
 * dropped becomes `walletConnect/relayUnreachable` ("Can't reach WalletConnect…" instead of an
 * endless "Reconnecting…"); the socket coming back, the session ending or a new pairing cancel
 * the wait. The SDK keeps retrying meanwhile, and a later `relayReconnected` clears it.
 * `onUnreachable` runs first (the connector fails the requests still waiting for the wallet).
 * @example createStore({ …, epics: { relayWatchdog: relayWatchdogEpic(30_000, () => holder.abortPending()) } })
 */
export const relayWatchdogEpic =
  (afterMs = RELAY_UNREACHABLE_AFTER_MS, onUnreachable: () => void = () => {}): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, _state$, deps) =>
    action$.pipe(
      ofType('walletConnect/relayDisconnected', ...STOPS),
      switchMap((action) => {
        if (action.type !== 'walletConnect/relayDisconnected') return EMPTY
        return timer(afterMs, deps.scheduler).pipe(
          map((): Action => {
            onUnreachable()
            return { type: 'walletConnect/relayUnreachable' }
          }),
        )
      }),
    )
