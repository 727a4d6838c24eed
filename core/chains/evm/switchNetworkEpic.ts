import { catchError, defer, EMPTY, exhaustMap, filter, from, map, of, switchMap, takeUntil, type Observable } from 'rxjs'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { isInjectedConnector } from '../../connectors/injected/isInjectedConnector.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { CaipNetworkId } from '../types.js'
import { addEthereumChainParams, toHexChainId } from './addEthereumChainParams.js'
import { WALLET_NOT_FOUND_MESSAGE } from './connectEpic.js'
import { walletErrorCodes, walletErrorInfo } from './walletErrorInfo.js'

export const NETWORK_NOT_FOUND_MESSAGE = 'Network not found'
export const CHAIN_NOT_SUPPORTED_MESSAGE = 'Chain is not supported'
export const SWITCH_FAILED_TOAST = 'Network switch failed'
/** SPEC 4: these switch errors mean "the wallet does not know this chain": add it, then switch. */
const ADD_CHAIN_CODES: readonly (number | string)[] = [4902, 5000, 32603, -32603]

/**
 * Switches the EVM network. Unknown to the app: `Network not found`. Not connected: the app's
 * network changes at once. Connected: the wallet is asked (`wallet_switchEthereumChain`), and
 * on 4902/5000/32603 the chain is added first (`wallet_addEthereumChain`, failure: `Chain is
 * not supported`). Every failure keeps the network and shows an error toast. One at a time.
 * @example store.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:8453' })
 */
export const switchNetworkEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('network/switchRequested'),
    filter((action) => action.caipNetworkId.startsWith('eip155:')),
    exhaustMap(({ caipNetworkId }): Observable<Action> => {
      const state = state$.value
      const fail = (error: ErrorInfo): Observable<Action> => from(switchFailed(caipNetworkId, error, deps.id()))
      const network = state.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!network || typeof network.id !== 'number') return fail({ message: NETWORK_NOT_FOUND_MESSAGE })
      const activeChanged: Action = { type: 'network/activeChanged', caipNetworkId }
      const connection = state.connection.namespaces.eip155
      if (connection?.status !== 'connected' || !connection.connectorId) return of(activeChanged)
      // A WalletConnect or auth session is switched by its own adapter.
      if (!isInjectedConnector(state, connection.connectorId)) return EMPTY
      const provider = deps.providers.get(connection.connectorId)
      if (!provider) return fail({ message: WALLET_NOT_FOUND_MESSAGE })
      const switch$ = defer(() => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(network.id as number) }] }))
      const add$ = defer(() => provider.request({ method: 'wallet_addEthereumChain', params: [addEthereumChainParams(network)] })).pipe(
        catchError((error: unknown) => {
          throw new BaseError(CHAIN_NOT_SUPPORTED_MESSAGE, { cause: error })
        }),
      )
      return switch$.pipe(
        catchError((error: unknown) => {
          if (!walletErrorCodes(error).some((code) => ADD_CHAIN_CODES.includes(code))) throw error
          return add$.pipe(switchMap(() => switch$))
        }),
        map(() => activeChanged),
        catchError((error: unknown) => fail(walletErrorInfo(error, SWITCH_FAILED_TOAST))),
        takeUntil(action$.pipe(ofType('connection/disconnected'), filter((a) => a.namespace === 'eip155'))),
      )
    }),
  )

/** `network/switchFailed` and the error toast that always follows it. */
function switchFailed(caipNetworkId: CaipNetworkId, error: ErrorInfo, toastId: string): Action[] {
  return [
    { type: 'network/switchFailed', caipNetworkId, error },
    { type: 'notifications/showRequested', notification: { id: toastId, variant: 'error', message: SWITCH_FAILED_TOAST, description: error.message } },
  ]
}
