import { distinctUntilChanged, EMPTY, map, Observable, switchMap } from 'rxjs'
import type { Action } from '../../actions/types.js'
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
 * listeners go when the pairing or session does.
 * @example createStore({ …, epics: { relayStatus: relayStatusEpic(holder) } })
 */
export const relayStatusEpic =
  (holder: SessionHolder): Epic<Action, AirlockState, AirlockDeps> =>
  (_action$, state$) =>
    state$.pipe(
      // The provider exists from the first URI on; every later action re-checks.
      map(({ walletConnect: { status } }) => (status === 'pairing' || status === 'connected' ? holder.current()?.client?.core?.relayer : undefined)),
      distinctUntilChanged(),
      switchMap((relayer) => (relayer?.on && relayer.off ? relayEvents(relayer as Required<Pick<RelayerLike, 'on' | 'off'>>) : EMPTY)),
    )

function relayEvents(relayer: Required<Pick<RelayerLike, 'on' | 'off'>>): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    let down = false
    const onDisconnect = (): void => {
      if (down) return
      down = true
      subscriber.next({ type: 'walletConnect/relayDisconnected' })
    }
    const onConnect = (): void => {
      if (!down) return
      down = false
      subscriber.next({ type: 'walletConnect/relayReconnected' })
    }
    relayer.on(RELAYER_DISCONNECT, onDisconnect)
    relayer.on(RELAYER_CONNECT, onConnect)
    return () => {
      relayer.off(RELAYER_DISCONNECT, onDisconnect)
      relayer.off(RELAYER_CONNECT, onConnect)
    }
  })
}
