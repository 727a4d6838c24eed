import { concat, filter, map, merge, of, switchMap, takeUntil, timer, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { isAllowedRpcMethod } from '../../chains/evm/rpcMethods.js'
import { ERROR_UI_DELAY_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'
import { openApproval } from './openApproval.js'

/**
 * SPEC 4: a disallowed request method opens the modal and shows 'Action not allowed' after
 * 300 ms (the auth provider epic rejects the open requests meanwhile). Refusals by the wrapped
 * provider of `getProvider()` count too when the auth connector is the active one. Closing the
 * modal before the delay cancels the message.
 * @example createStore({ …, epics: { notAllowed: notAllowedEpic() } })
 */
export const notAllowedEpic =
  (delayMs = ERROR_UI_DELAY_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) => {
    // `getProvider()` refuses unknown methods before they reach the auth provider: same rule.
    const wrapped$ = action$.pipe(
      ofType('wallet/requestFailed'),
      filter((a) => !isAllowedRpcMethod(a.method) && activeIsAuth(state$.value)),
      map((a): Action => ({ type: 'auth/requestNotAllowed', method: a.method })),
    )
    const shown$ = action$.pipe(
      ofType('auth/requestNotAllowed'),
      switchMap((): Observable<Action> => {
        return concat(
          of(...openApproval(state$.value)),
          timer(delayMs, deps.scheduler).pipe(map((): Action => ({ type: 'auth/notAllowedShown' }))),
        ).pipe(takeUntil(action$.pipe(ofType('modal/closeRequested'))))
      }),
    )
    return merge(wrapped$, shown$)
  }

function activeIsAuth(state: AirlockState): boolean {
  const ns = state.connection.activeNamespace
  return Boolean(ns && state.connection.namespaces[ns]?.connectorId === AUTH_CONNECTOR_ID)
}
