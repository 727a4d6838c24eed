import { filter, map } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { selectSiwxCloseDisabled } from './selectors.js'

/**
 * The close rule's other half: a close (or a back on the last view) that the reducer refused
 * because sign-in is required shakes the modal, so the person sees why nothing happened.
 * @example store.dispatch({ type: 'modal/closeRequested' }) // on SIWXSignMessage, required, no session: shakes
 */
export const siwxCloseGuardEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$) =>
  action$.pipe(
    ofType('modal/closeRequested', 'router/backRequested'),
    filter((action) => {
      const state = state$.value
      return state.modal.open && selectSiwxCloseDisabled(state) && (action.type === 'modal/closeRequested' || state.router.history.length <= 1)
    }),
    map((): Action => ({ type: 'modal/shakeRequested' })),
  )
