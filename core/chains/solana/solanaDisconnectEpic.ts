import { catchError, concat, defer, EMPTY, exhaustMap, filter, ignoreElements, of, subscribeOn, timeout, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { REVOKE_PERMISSIONS_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic } from '../../store/types.js'
import { isSolanaStandardConnector } from './solanaConnectedActions.js'

/**
 * Disconnects a Wallet Standard Solana wallet: a best-effort `standard:disconnect` (errors and
 * silence ignored, bounded by a short timeout), then `disconnected` with reason `user`.
 * @example store.dispatch({ type: 'connection/disconnectRequested', namespace: 'solana' })
 */
export const solanaDisconnectEpic =
  (timeoutMs = REVOKE_PERMISSIONS_TIMEOUT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('connection/disconnectRequested'),
      filter((action) => action.namespace === 'solana'),
      exhaustMap((): Observable<Action> => {
        const state = state$.value
        const connection = state.connection.namespaces.solana
        const connectorId = connection?.connectorId ?? null
        if (!connectorId || !isSolanaStandardConnector(state, connectorId)) return connectorId?.startsWith('solana:') ? of<Action>({ type: 'connection/disconnected', namespace: 'solana', reason: 'user' }) : EMPTY
        const provider = connection?.status !== 'disconnected' ? deps.providers.get(connectorId) : undefined
        const forget$ = provider
          ? defer(() => provider.request({ method: 'solana_disconnect' })).pipe(
              // On the next turn, once the events epic has let go: the wallet's own change event is not a second disconnect.
              subscribeOn(deps.scheduler),
              timeout({ first: timeoutMs, scheduler: deps.scheduler }),
              ignoreElements(),
              catchError(() => EMPTY),
            )
          : EMPTY
        return concat(forget$, of<Action>({ type: 'connection/disconnected', namespace: 'solana', reason: 'user' }))
      }),
    )
