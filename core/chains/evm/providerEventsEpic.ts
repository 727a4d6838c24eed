import { distinctUntilChanged, EMPTY, filter, map, Observable, switchMap, takeUntil } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { isInjectedConnector } from '../../connectors/injected/isInjectedConnector.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import type { CaipAddress, CaipNetworkId } from '../types.js'
import { evmAccountsSchema, evmChainIdSchema } from './walletSchemas.js'

/**
 * While the EVM namespace is connected through an injected wallet, turns that wallet's
 * EIP-1193 events into actions: `accountsChanged` (none left: disconnected), `chainChanged`,
 * `disconnect`. Payloads are validated; malformed ones are dropped. Listeners move with the
 * connector and are removed when it disconnects (or a disconnect is requested, so a wallet's
 * own `accountsChanged([])` after revoking permissions is not reported as a second disconnect).
 * @example createStore({ …, epics: { providerEvents: providerEventsEpic } })
 */
export const providerEventsEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  state$.pipe(
    map((state) => {
      const connection = state.connection.namespaces.eip155
      const connectorId = connection?.status === 'connected' ? connection.connectorId : null
      return connectorId && isInjectedConnector(state, connectorId) ? connectorId : null
    }),
    distinctUntilChanged(),
    switchMap((connectorId) => {
      const provider = connectorId ? deps.providers.get(connectorId) : undefined
      if (!provider?.on) return EMPTY
      return walletEvents(provider, state$).pipe(
        takeUntil(action$.pipe(ofType('connection/disconnectRequested'), filter((a) => a.namespace === 'eip155'))),
      )
    }),
  )

function walletEvents(provider: Eip1193Provider, state$: StateObservable<AirlockState>): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    const onAccounts = (payload: unknown): void => {
      const parsed = evmAccountsSchema.safeParse(payload)
      if (!parsed.success) return
      const connection = state$.value.connection.namespaces.eip155
      if (!connection?.caipAddress) return
      if (parsed.data.length === 0) {
        subscriber.next({ type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' })
        return
      }
      // The accounts live on the chain the wallet is on, which the current CAIP address names.
      const chain = connection.caipAddress.slice(0, connection.caipAddress.lastIndexOf(':'))
      const accounts = parsed.data.map((address): CaipAddress => `${chain}:${address}` as CaipAddress)
      // Wallets repeat `accountsChanged` after a connect; an unchanged list is not news.
      if (accounts.join() === connection.accounts.join()) return
      subscriber.next({ type: 'connection/accountsChanged', namespace: 'eip155', accounts })
    }
    const onChain = (payload: unknown): void => {
      const parsed = evmChainIdSchema.safeParse(payload)
      if (!parsed.success) return
      const caipNetworkId: CaipNetworkId = `eip155:${parsed.data}`
      subscriber.next({ type: 'network/chainChanged', namespace: 'eip155', caipNetworkId })
    }
    const onDisconnect = (): void => subscriber.next({ type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' })
    const listeners: [string, (payload: unknown) => void][] = [
      ['accountsChanged', onAccounts],
      ['chainChanged', onChain],
      ['disconnect', onDisconnect],
    ]
    for (const [event, listener] of listeners) provider.on?.(event, listener as (...args: unknown[]) => void)
    return () => {
      for (const [event, listener] of listeners) provider.removeListener?.(event, listener as (...args: unknown[]) => void)
    }
  })
}
