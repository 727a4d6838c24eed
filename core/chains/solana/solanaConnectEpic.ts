import { catchError, defer, EMPTY, exhaustMap, filter, from, map, mergeMap, of, switchMap, take, takeUntil, timeout, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { walletErrorInfo } from '../evm/walletErrorInfo.js'
import { RECONNECT_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic } from '../../store/types.js'
import { isSolanaStandardConnector, solanaConnectedActions } from './solanaConnectedActions.js'

export const SOLANA_WALLET_NOT_FOUND_MESSAGE = 'Wallet not found: it is not installed or was not announced'
export const SOLANA_NO_ACCOUNTS_MESSAGE = 'The wallet returned no accounts'

const solanaRequests = (action$: Observable<Action>, ...types: ('connection/connectRequested' | 'connection/disconnectRequested')[]) =>
  action$.pipe(
    ofType(...types),
    filter((action) => action.namespace === 'solana'),
  )

/** Asks the wallet for its accounts (`silent`: only if it already trusts this site), validated. */
function requestAccounts(provider: Eip1193Provider, silent: boolean): Observable<string[]> {
  return defer(() => provider.request({ method: 'solana_connect', params: silent ? { silent } : {} })).pipe(map((accounts) => accounts as string[]))
}

/**
 * Connects a Wallet Standard Solana wallet: `standard:connect`, its accounts validated (base58 of
 * 32 bytes, matching the public key). One request at a time; a disconnect meanwhile abandons it;
 * a rejection is reported, never retried.
 * @example store.dispatch({ type: 'connection/connectRequested', namespace: 'solana', connectorId: 'solana:Phantom' })
 */
export const solanaConnectEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('connection/connectRequested'),
    filter((action) => action.namespace === 'solana' && isSolanaStandardConnector(state$.value, action.connectorId)),
    exhaustMap(({ connectorId }): Observable<Action> => {
      const failed = (error: unknown): Action => ({ type: 'connection/connectFailed', namespace: 'solana', connectorId, error: walletErrorInfo(error, 'Connection failed') })
      const provider = deps.providers.get(connectorId)
      if (!provider) return of(failed(new BaseError(SOLANA_WALLET_NOT_FOUND_MESSAGE)))
      return requestAccounts(provider, false).pipe(
        mergeMap((addresses) => {
          const actions = solanaConnectedActions(state$.value, connectorId, addresses)
          if (actions.length === 0) throw new BaseError(SOLANA_NO_ACCOUNTS_MESSAGE)
          return from(actions)
        }),
        catchError((error: unknown) => of(failed(error))),
        takeUntil(solanaRequests(action$, 'connection/disconnectRequested')),
      )
    }),
  )

/**
 * After a reload, confirms the stored Solana connection with the wallet itself (SPEC 4: a cached
 * address alone is never `connected`): it waits for the wallet to register, then asks with
 * `standard:connect` `{ silent: true }`, which never prompts. No answer within the timeout, no
 * accounts or an error: `disconnected` (`reconnectFailed`). A connect or disconnect meanwhile takes over.
 * @example createStore({ …, epics: { reconnect: solanaReconnectEpic() } })
 */
export const solanaReconnectEpic =
  (timeoutMs = RECONNECT_TIMEOUT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('storage/hydrated'),
      switchMap((): Observable<Action> => {
        const cached = state$.value.connection.namespaces.solana
        if (cached?.status !== 'connecting' || !cached.caipAddress || !cached.connectorId) return EMPTY
        const { connectorId } = cached
        // WalletConnect or the embedded wallet: restored by their own adapters.
        if (!connectorId.startsWith('solana:')) return EMPTY
        const failed: Action = { type: 'connection/disconnected', namespace: 'solana', reason: 'reconnectFailed' }
        return state$.pipe(
          filter((state) => isSolanaStandardConnector(state, connectorId)),
          take(1),
          switchMap(() => {
            const provider = deps.providers.get(connectorId)
            if (!provider) return of(failed)
            return requestAccounts(provider, true).pipe(
              mergeMap((addresses) => {
                const actions = solanaConnectedActions(state$.value, connectorId, addresses)
                return actions.length === 0 ? of(failed) : from(actions)
              }),
            )
          }),
          timeout({ first: timeoutMs, with: () => of(failed), scheduler: deps.scheduler }),
          catchError(() => of(failed)),
          takeUntil(solanaRequests(action$, 'connection/connectRequested', 'connection/disconnectRequested')),
        )
      }),
    )
