import { catchError, EMPTY, filter, from, map, mergeMap, of, switchMap, take, takeUntil, timeout, type Observable } from 'rxjs'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { isInjectedConnector } from '../../connectors/injected/isInjectedConnector.js'
import { RECONNECT_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { selectConnector } from '../../slices/connectors/selectors.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { accountConnectedActions } from './accountConnectedActions.js'
import { readWalletAccount } from './readWalletAccount.js'

/**
 * After a reload, confirms the stored EVM connection with the wallet itself (SPEC 4: a cached
 * address alone is never `connected`). It waits for the stored connector to announce itself
 * (EIP-6963 wallets do so after load), then asks silently with `eth_accounts`. No answer within
 * RECONNECT_TIMEOUT_MS, no accounts or an error: `disconnected` (`reconnectFailed`). A connect or
 * disconnect by the user meanwhile takes over.
 * @example createStore({ …, epics: { reconnect: reconnectEpic() } })
 */
export const reconnectEpic =
  (timeoutMs = RECONNECT_TIMEOUT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('storage/hydrated'),
      switchMap((): Observable<Action> => {
        const cached = state$.value.connection.namespaces.eip155
        if (cached?.status !== 'connecting' || !cached.caipAddress || !cached.connectorId) return EMPTY
        const { connectorId } = cached
        const failed: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'reconnectFailed' }
        return state$.pipe(
          map((state) => selectConnector(state, connectorId)),
          filter((connector): connector is ConnectorInfo => connector !== undefined),
          take(1),
          switchMap((): Observable<Action> => {
            // Another adapter's wallet (WalletConnect, auth): that adapter restores it.
            if (!isInjectedConnector(state$.value, connectorId)) return EMPTY
            const provider = deps.providers.get(connectorId)
            // Stryker disable next-line ConditionalExpression: without a provider the read below throws at once, and catchError turns that into the same `failed`.
            if (!provider) return of(failed)
            return readWalletAccount(provider, 'eth_accounts').pipe(
              mergeMap(({ accounts, chainId }) =>
                chainId === undefined ? of(failed) : from(accountConnectedActions(state$.value, { connectorId, accounts, chainId })),
              ),
            )
          }),
          // A timeout is an error like any other: `failed`.
          timeout({ first: timeoutMs, scheduler: deps.scheduler }),
          catchError(() => of(failed)),
          takeUntil(action$.pipe(ofType('connection/connectRequested', 'connection/disconnectRequested'), filter((a) => a.namespace === 'eip155'))),
        )
      }),
    )
