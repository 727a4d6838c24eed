import { catchError, concat, defer, EMPTY, exhaustMap, filter, ignoreElements, of, subscribeOn, timeout, type Observable } from 'rxjs'
import { REVOKE_PERMISSIONS_TIMEOUT_MS } from '../../constants/timing.js'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { isInjectedConnector } from '../../connectors/injected/isInjectedConnector.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/**
 * Disconnects an injected EVM wallet: a best-effort `wallet_revokePermissions` (errors and
 * silence ignored, bounded by a short timeout), then `disconnected` with reason `user`.
 * @example store.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
 */
export const disconnectEpic =
  (revokeTimeoutMs = REVOKE_PERMISSIONS_TIMEOUT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('connection/disconnectRequested'),
      filter((action) => action.namespace === 'eip155'),
      exhaustMap((): Observable<Action> => {
        const state = state$.value
        const connection = state.connection.namespaces.eip155
        const connectorId = connection?.connectorId ?? null
        // A WalletConnect or auth session is closed by its own adapter.
        if (connectorId && !isInjectedConnector(state, connectorId)) return EMPTY
        // Stryker disable next-line OptionalChaining: a connector id comes from `connection`, so it is defined here.
        const provider = connectorId && connection?.status !== 'disconnected' ? deps.providers.get(connectorId) : undefined
        const revoke$ = provider
          ? defer(() => provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).pipe(
              // Asked on the next scheduler turn, once every epic has seen the request: a wallet that
              // emits accountsChanged([]) from inside the call must find the event listeners gone.
              subscribeOn(deps.scheduler),
              timeout({ first: revokeTimeoutMs, scheduler: deps.scheduler }),
              ignoreElements(),
              // Many wallets do not implement it (-32601) or refuse; the page forgets the account anyway.
              catchError(() => EMPTY),
            )
          : EMPTY
        return concat(revoke$, of<Action>({ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }))
      }),
    )
