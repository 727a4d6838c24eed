import { catchError, defer, exhaustMap, map, of, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { parseCaipAddress } from '../../chains/caip.js'
import type { CaipNetworkId } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { causeOf } from './signFailedActions.js'
import { SIWX_ERRORS } from './siwxErrors.js'

/**
 * Signs the checked account out: `revokeSession` on the config, then `siwx/signedOut`. The
 * wallet stays connected; the next account check asks for a signature again.
 * @example store.dispatch({ type: 'siwx/signOutRequested' })
 */
export const siwxSignOutEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('siwx/signOutRequested'),
    exhaustMap((): Observable<Action> => {
      const config = deps.siwx
      const caipAddress = state$.value.siwx.caipAddress
      if (!config) return of({ type: 'siwx/signOutFailed', error: { message: SIWX_ERRORS.notEnabled } })
      if (!caipAddress) return of({ type: 'siwx/signOutFailed', error: { message: SIWX_ERRORS.noAddress } })
      const { chainNamespace, chainId, address } = parseCaipAddress(caipAddress)
      return defer(() => config.revokeSession(`${chainNamespace}:${chainId}` as CaipNetworkId, address)).pipe(
        map((): Action => ({ type: 'siwx/signedOut', caipAddress })),
        catchError((error: unknown) => of<Action>({ type: 'siwx/signOutFailed', error: causeOf(error) })),
      )
    }),
  )
