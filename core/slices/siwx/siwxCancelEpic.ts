import { mergeMap } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/**
 * SPEC 4 step 5: cancelling a required sign-in disconnects, an optional one closes the modal;
 * either way the view resets to Connect.
 * @example store.dispatch({ type: 'siwx/cancelRequested' })
 */
export const siwxCancelEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('siwx/cancelRequested'),
    mergeMap((): Action[] => {
      const state = state$.value
      const namespace = state.connection.activeNamespace
      const leave: Action = isRequired(state, deps) && namespace ? { type: 'connection/disconnectRequested', namespace } : { type: 'modal/closeRequested' }
      return [leave, { type: 'router/resetRequested', view: 'Connect' }]
    }),
  )

/** The config decides (rivals ask it at cancel time); the value seen at the check is the fallback. */
function isRequired(state: AirlockState, deps: AirlockDeps): boolean {
  try {
    return deps.siwx ? Boolean(deps.siwx.getRequired()) : state.siwx.required
  } catch {
    return state.siwx.required
  }
}
