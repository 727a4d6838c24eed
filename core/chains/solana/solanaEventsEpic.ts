import { distinctUntilChanged, EMPTY, filter, map, Observable, switchMap, takeUntil } from 'rxjs'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic } from '../../store/types.js'
import type { CaipAddress } from '../types.js'
import { isSolanaStandardConnector } from './solanaConnectedActions.js'

/**
 * While Solana is connected through a Wallet Standard wallet, turns its `standard:events` changes
 * into actions: new accounts (`accountsChanged`, on the network the connection is on), none left
 * (`disconnected`, reason `wallet`). Unchanged lists are not news; listeners go with the connection.
 * @example createStore({ …, epics: { events: solanaEventsEpic } })
 */
export const solanaEventsEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  state$.pipe(
    map((state) => {
      const connection = state.connection.namespaces.solana
      return connection?.status === 'connected' && isSolanaStandardConnector(state, connection.connectorId) ? connection.connectorId : null
    }),
    distinctUntilChanged(),
    switchMap((connectorId) => {
      const provider = connectorId ? deps.providers.get(connectorId) : undefined
      if (!provider?.on) return EMPTY
      return new Observable<Action>((subscriber) => {
        const listener = (payload: unknown): void => {
          const connection = state$.value.connection.namespaces.solana
          if (!connection?.caipAddress || !Array.isArray(payload)) return
          if (payload.length === 0) {
            subscriber.next({ type: 'connection/disconnected', namespace: 'solana', reason: 'wallet' })
            return
          }
          const chain = connection.caipAddress.slice(0, connection.caipAddress.lastIndexOf(':'))
          const accounts = payload.map((address): CaipAddress => `${chain}:${String(address)}` as CaipAddress)
          if (accounts.join() !== connection.accounts.join()) subscriber.next({ type: 'connection/accountsChanged', namespace: 'solana', accounts })
        }
        provider.on?.('accountsChanged', listener as (...args: unknown[]) => void)
        return () => provider.removeListener?.('accountsChanged', listener as (...args: unknown[]) => void)
      }).pipe(takeUntil(action$.pipe(ofType('connection/disconnectRequested'), filter((a) => a.namespace === 'solana'))))
    }),
  )
