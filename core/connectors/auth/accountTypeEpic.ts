import { filter, merge, switchMap, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { CaipAddress } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { writeAuthItems } from './authStorage.js'

/**
 * Preferred account type (SPEC 4): SET_PREFERRED_ACCOUNT; the account follows the address the
 * frame answers with; a failure falls back to EOA. After each login the smart-account networks
 * are fetched (GET_SMART_ACCOUNT_ENABLED_NETWORKS) and kept for the account view.
 * @example store.dispatch({ type: 'auth/accountTypeRequested', accountType: 'smartAccount' })
 */
export const accountTypeEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => {
  const preferred$ = action$.pipe(
    ofType('auth/accountTypeRequested'),
    switchMap(({ accountType }): Observable<Action> =>
      frameRequest(action$, deps, appMessage('SET_PREFERRED_ACCOUNT', { type: accountType }), (reply): Action[] => {
        if (!reply.ok) return [{ type: 'auth/accountTypeChanged', accountType: 'eoa' }]
        const ns = state$.value.connection.activeNamespace
        const connection = ns ? state$.value.connection.namespaces[ns] : undefined
        const actions: Action[] = [{ type: 'auth/accountTypeChanged', accountType: reply.payload.type }]
        if (ns && connection?.caipAddress) {
          const network = connection.caipAddress.slice(0, connection.caipAddress.lastIndexOf(':'))
          const next = `${network}:${reply.payload.address}` as CaipAddress
          actions.push({ type: 'connection/accountsChanged', namespace: ns, accounts: [next, ...connection.accounts.filter((a) => a.toLowerCase() !== next.toLowerCase())] })
        }
        if (ns) void writeAuthItems(deps.storage, { preferredAccountTypes: { [ns]: reply.payload.type } })
        return actions
      }),
    ),
  )
  const networks$ = action$.pipe(
    ofType('auth/userLoaded'),
    switchMap(() =>
      frameRequest(action$, deps, appMessage('GET_SMART_ACCOUNT_ENABLED_NETWORKS'), (reply): Action[] => {
        if (!reply.ok) return []
        void writeAuthItems(deps.storage, { walletSmartAccountEnabledNetworks: reply.payload.smartAccountEnabledNetworks })
        return [{ type: 'auth/smartAccountNetworksLoaded', chainIds: reply.payload.smartAccountEnabledNetworks }]
      }),
    ),
  )
  return merge(preferred$, networks$)
}
