import { catchError, exhaustMap, filter, from, mergeMap, of, takeUntil, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { isInjectedConnector } from '../../connectors/injected/isInjectedConnector.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { accountConnectedActions } from './accountConnectedActions.js'
import { readWalletAccount } from './readWalletAccount.js'
import { walletErrorInfo } from './walletErrorInfo.js'

export const WALLET_NOT_FOUND_MESSAGE = 'Wallet not found: it is not installed or was not announced'
export const NO_ACCOUNTS_MESSAGE = 'The wallet returned no accounts'

/**
 * Connects an injected EVM wallet: `eth_requestAccounts`, then `eth_chainId`, validated.
 * One request at a time (a double click prompts the wallet once); a disconnect meanwhile
 * abandons it so nothing stays `connecting`. A rejection (4001) is reported, never retried.
 * @example store.dispatch({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' })
 */
export const connectEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('connection/connectRequested'),
    filter((action) => action.namespace === 'eip155' && isInjectedConnector(state$.value, action.connectorId)),
    exhaustMap(({ connectorId }): Observable<Action> => {
      const failed = (error: unknown): Action => ({
        type: 'connection/connectFailed',
        namespace: 'eip155',
        connectorId,
        error: walletErrorInfo(error, 'Connection failed'),
      })
      const provider = deps.providers.get(connectorId)
      if (!provider) return of(failed(new BaseError(WALLET_NOT_FOUND_MESSAGE)))
      return readWalletAccount(provider, 'eth_requestAccounts').pipe(
        mergeMap(({ accounts, chainId }) => {
          if (chainId === undefined) throw new BaseError(NO_ACCOUNTS_MESSAGE)
          return from(accountConnectedActions(state$.value, { connectorId, accounts, chainId }))
        }),
        catchError((error: unknown) => of(failed(error))),
        takeUntil(action$.pipe(ofType('connection/disconnectRequested'), filter((a) => a.namespace === 'eip155'))),
      )
    }),
  )
