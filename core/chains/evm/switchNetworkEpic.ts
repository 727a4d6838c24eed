import { catchError, concat, concatWith, defer, EMPTY, filter, finalize, from, map, mergeMap, of, switchMap, takeUntil, tap, type Observable } from 'rxjs'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { isInjectedConnector } from '../../connectors/injected/isInjectedConnector.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { CaipNetworkId, Network } from '../types.js'
import { addEthereumChainParams, toHexChainId } from './addEthereumChainParams.js'
import { WALLET_NOT_FOUND_MESSAGE } from './connectEpic.js'
import { USER_REJECTED_CODE, walletErrorCodes, walletErrorInfo } from './walletErrorInfo.js'
import { NETWORK_NOT_FOUND_MESSAGE, SWITCH_FAILED_TOAST, switchFailed } from '../switchFailed.js'

export { NETWORK_NOT_FOUND_MESSAGE, SWITCH_FAILED_TOAST }

export const CHAIN_NOT_SUPPORTED_MESSAGE = 'Chain is not supported'
/** SPEC 4: these switch errors mean "the wallet does not know this chain": add it, then switch. */
const ADD_CHAIN_CODES: readonly (number | string)[] = [4902, 5000, 32603, -32603]

/**
 * Switches the EVM network. Unknown to the app: `Network not found`. Not connected: the app's
 * network changes at once. Connected: the wallet is asked (`network/switchPrompted`, then
 * `wallet_switchEthereumChain`), and on 4902/5000/32603 the chain is added first
 * (`wallet_addEthereumChain`; the person declining it: 'User rejected the request.', any other
 * failure: `Chain is not supported`). Every failure keeps the network and shows an error toast.
 * The latest request wins: a prompt the wallet shows cannot be withdrawn, so a newer request
 * waits for its answer and is then asked in turn; each request it replaces is cancelled
 * (`network/switchCancelled`), and the app ends where the wallet does.
 * @example store.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:8453' })
 */
export const switchNetworkEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  defer(() => {
    /** While the wallet answers a prompt: the newest target asked for, the one the person will end on. */
    let latest: CaipNetworkId | null = null
    const networkOf = (caipNetworkId: CaipNetworkId): Network | undefined => state$.value.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
    const fail = (caipNetworkId: CaipNetworkId, error: ErrorInfo): Observable<Action> => from(switchFailed(caipNetworkId, error, deps.id()))

    /** Asks the wallet for `target`; once it answers, asks again for whatever was requested meanwhile. */
    const ask = (provider: Eip1193Provider, target: CaipNetworkId): Observable<Action> => {
      const chainId = toHexChainId(networkOf(target)!.id as number)
      const stale = (): boolean => latest !== target
      const switch$ = defer(() => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })).pipe(map(() => true))
      const add$ = defer(() => provider.request({ method: 'wallet_addEthereumChain', params: [addEthereumChainParams(networkOf(target)!)] })).pipe(
        catchError((error: unknown) => {
          // The person declined the prompt: say so, not that the chain cannot be added.
          if (walletErrorCodes(error).includes(USER_REJECTED_CODE)) throw error
          throw new BaseError(CHAIN_NOT_SUPPORTED_MESSAGE, { cause: error })
        }),
      )
      // true: the wallet moved to `target`; false: a step skipped because a newer request replaced it.
      const answer$: Observable<boolean> = switch$.pipe(
        catchError((error: unknown) => {
          if (!walletErrorCodes(error).some((code) => ADD_CHAIN_CODES.includes(code))) throw error
          if (stale()) return of(false)
          return add$.pipe(switchMap(() => (stale() ? of(false) : switch$)))
        }),
      )
      return concat(
        of<Action>({ type: 'network/switchPrompted', caipNetworkId: target }),
        answer$.pipe(
          // The wallet moved, even to a target replaced meanwhile: the app follows it.
          mergeMap((moved) => (moved ? of<Action>({ type: 'network/activeChanged', caipNetworkId: target }) : EMPTY)),
          // A replaced target's failure is no one's news: its request was already cancelled.
          catchError((error: unknown) => (stale() ? EMPTY : fail(target, walletErrorInfo(error, SWITCH_FAILED_TOAST)))),
        ),
        defer(() => (latest !== null && stale() ? ask(provider, latest) : EMPTY)),
      )
    }

    return action$.pipe(
      ofType('network/switchRequested'),
      filter((action) => action.caipNetworkId.startsWith('eip155:')),
      mergeMap(({ caipNetworkId }): Observable<Action> => {
        const network = networkOf(caipNetworkId)
        if (!network || typeof network.id !== 'number') return fail(caipNetworkId, { message: NETWORK_NOT_FOUND_MESSAGE })
        if (latest !== null) {
          // The wallet still shows an earlier prompt: this request replaces the one waiting for it.
          const replaced = latest
          latest = caipNetworkId
          return of<Action>({ type: 'network/switchCancelled', caipNetworkId: replaced, reason: 'superseded' })
        }
        const state = state$.value
        const connection = state.connection.namespaces.eip155
        if (connection?.status !== 'connected' || !connection.connectorId) return of<Action>({ type: 'network/activeChanged', caipNetworkId })
        // A WalletConnect or auth session is switched by its own adapter.
        if (!isInjectedConnector(state, connection.connectorId)) return EMPTY
        const provider = deps.providers.get(connection.connectorId)
        if (!provider) return fail(caipNetworkId, { message: WALLET_NOT_FOUND_MESSAGE })
        latest = caipNetworkId
        let disconnected = false
        const disconnected$ = action$.pipe(
          ofType('connection/disconnected'),
          filter((a) => a.namespace === 'eip155'),
          tap(() => (disconnected = true)),
        )
        return ask(provider, caipNetworkId).pipe(
          takeUntil(disconnected$),
          concatWith(defer(() => (disconnected && latest ? of<Action>({ type: 'network/switchCancelled', caipNetworkId: latest, reason: 'disconnected' }) : EMPTY))),
          finalize(() => (latest = null)),
        )
      }),
    )
  })

