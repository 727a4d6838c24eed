import { distinctUntilChanged, EMPTY, map, Observable, switchMap } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { evmAccountsSchema } from '../../chains/evm/walletSchemas.js'
import type { CaipAddress } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
import type { SessionHolder } from './createSessionHolder.js'
import type { UniversalProviderLike } from './universalProvider.js'
import { endedActions } from './sessionActions.js'

/**
 * While a WalletConnect session is live, turns the universal provider's events into the same
 * actions a browser wallet's produce: `accountsChanged` (EVM addresses, validated; none left ends
 * the session), `chainChanged`, and `session_delete` / `disconnect` from the wallet, which reset
 * every namespace using WalletConnect (SPEC 4). Listeners go when the session does.
 * @example createStore({ …, epics: { walletConnectEvents: sessionEventsEpic(holder) } })
 */
export const sessionEventsEpic =
  (holder: SessionHolder): Epic<Action, AirlockState, AirlockDeps> =>
  (_action$, state$) =>
    state$.pipe(
      map((state) => state.walletConnect.status === 'connected'),
      distinctUntilChanged(),
      switchMap((connected) => {
        const provider = holder.current()
        return connected && provider ? sessionEvents(provider, state$) : EMPTY
      }),
    )

function sessionEvents(provider: UniversalProviderLike, state$: StateObservable<AirlockState>): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    let ended = false
    const evm = () => {
      const connection = state$.value.connection.namespaces.eip155
      return connection?.connectorId === WALLET_CONNECT_CONNECTOR_ID && connection.status === 'connected' && connection.caipAddress ? connection : undefined
    }
    const end = (): void => {
      if (ended) return
      ended = true
      for (const action of endedActions(state$.value, 'wallet')) subscriber.next(action)
    }
    const onAccounts = (payload: unknown): void => {
      const connection = evm()
      const parsed = evmAccountsSchema.safeParse(payload)
      if (ended || !connection?.caipAddress || !parsed.success) return
      if (parsed.data.length === 0) return end()
      const chain = connection.caipAddress.slice(0, connection.caipAddress.lastIndexOf(':'))
      const accounts = parsed.data.map((address): CaipAddress => `${chain}:${address}` as CaipAddress)
      if (accounts.join() === connection.accounts.join()) return
      subscriber.next({ type: 'connection/accountsChanged', namespace: 'eip155', accounts })
    }
    const onChain = (payload: unknown): void => {
      const reference = typeof payload === 'number' ? String(payload) : payload
      if (ended || !evm() || typeof reference !== 'string' || !/^\d{1,20}$/.test(reference)) return
      if (state$.value.connection.activeCaipNetworkId === `eip155:${reference}`) return
      subscriber.next({ type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: `eip155:${reference}` })
    }
    const listeners: [string, (payload: unknown) => void][] = [
      ['accountsChanged', onAccounts],
      ['chainChanged', onChain],
      ['session_delete', end],
      ['disconnect', end],
    ]
    for (const [event, listener] of listeners) provider.on(event, listener)
    return () => {
      for (const [event, listener] of listeners) provider.removeListener(event, listener)
    }
  })
}
