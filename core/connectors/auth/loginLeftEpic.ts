import { filter, map } from 'rxjs'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'

const EMAIL_VIEWS: readonly string[] = ['EmailVerifyOtp', 'EmailVerifyDevice']
const SOCIAL_VIEWS: readonly string[] = ['ConnectingSocial', 'ConnectingFarcaster']
const WAITING_STEPS: readonly string[] = ['sendingCode', 'verifyOtp', 'verifyDevice', 'verifying']

/**
 * A login the person walks away from is cancelled (`auth/loginCancelled`), so its requests stop
 * waiting and no late timeout or "window closed" error greets them elsewhere: leaving an email or
 * social login view for a non-login view (Back, a reset), or closing the modal during an email
 * step (the social epics end on a close themselves). A finished login is never cancelled.
 * @example createStore({ …, epics: { loginLeft: loginLeftEpic } })
 */
export const loginLeftEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$) => {
  let view = state$.value.router.view
  let open = state$.value.modal.open
  // Every action (a view or the modal can change on any), so one cheap step each: no inner observable or object per action.
  return action$.pipe(
    filter(() => {
      const viewBefore = view
      const openBefore = open
      const state = state$.value
      view = state.router.view
      open = state.modal.open
      const left = viewBefore !== view && !EMAIL_VIEWS.includes(view) && !SOCIAL_VIEWS.includes(view)
      const closed = openBefore && !open
      if (EMAIL_VIEWS.includes(viewBefore) && (left || closed) && WAITING_STEPS.includes(state.auth.step)) return true
      return SOCIAL_VIEWS.includes(viewBefore) && left && state.auth.step !== 'loadingUser' && !authConnected(state)
    }),
    map((): Action => ({ type: 'auth/loginCancelled' })),
  )
}

function authConnected(state: AirlockState): boolean {
  return Object.values(state.connection.namespaces).some((c) => c?.connectorId === AUTH_CONNECTOR_ID && c.status === 'connected')
}
