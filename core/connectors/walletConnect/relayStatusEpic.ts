import { distinctUntilChanged, EMPTY, map, Observable, switchMap, type SchedulerLike } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { WALLET_CONNECT_RELAY_GRACE_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { SessionHolder } from './createSessionHolder.js'
import type { RelayerLike } from './universalProvider.js'

/** The relayer's own event names (`RELAYER_EVENTS` of @walletconnect/core 2.25). */
export const RELAYER_CONNECT = 'relayer_connect'
export const RELAYER_DISCONNECT = 'relayer_disconnect'

/**
 * TESTING.md "a visible reconnecting state": while a pairing or a session is live, the relay
 * socket dropping becomes `walletConnect/relayDisconnected` and its return (the SDK reconnects on
 * its own, a bounded number of tries) `walletConnect/relayReconnected`. One report per drop; the
 * listeners go when the pairing or session does. A session restored after a reload while the
 * relay is down has a socket that never opened, so never drops: one still closed `graceMs` after
 * the session is live is reported the same way.
 * @example createStore({ …, epics: { relayStatus: relayStatusEpic(holder) } })
 */
export const relayStatusEpic =
  (holder: SessionHolder, graceMs = WALLET_CONNECT_RELAY_GRACE_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (_action$, state$, deps) =>
    state$.pipe(
      // The provider exists from the first URI on; every later action re-checks.
      map(({ walletConnect: { status } }) => (status === 'pairing' || status === 'connected' ? holder.current()?.client?.core?.relayer : undefined)),
      distinctUntilChanged(),
      switchMap((relayer) => (relayer?.on && relayer.off ? relayEvents(relayer as RelayerLike & Required<Pick<RelayerLike, 'on' | 'off'>>, deps.scheduler, graceMs) : EMPTY)),
    )

function relayEvents(relayer: RelayerLike & Required<Pick<RelayerLike, 'on' | 'off'>>, scheduler: SchedulerLike, graceMs: number): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    let down = false
    const onDisconnect = (): void => {
      if (down) return
      down = true
      subscriber.next({ type: 'walletConnect/relayDisconnected' })
    }
    // Only a socket the SDK says is closed counts (older relayers without `connected` are trusted).
    const grace = relayer.connected === false ? scheduler.schedule(() => void (relayer.connected === false && onDisconnect()), graceMs) : undefined
    const onConnect = (): void => {
      grace?.unsubscribe()
      if (!down) return
      down = false
      subscriber.next({ type: 'walletConnect/relayReconnected' })
    }
    relayer.on(RELAYER_DISCONNECT, onDisconnect)
    relayer.on(RELAYER_CONNECT, onConnect)
    return () => {
      grace?.unsubscribe()
      relayer.off(RELAYER_DISCONNECT, onDisconnect)
      relayer.off(RELAYER_CONNECT, onConnect)
    }
  })
}
