import { merge, switchMap, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { authSession } from './authSession.js'
import { writeAuthItems } from './authStorage.js'
import { alertActions } from './failureActions.js'

/**
 * Updating the email (SPEC 4): UPDATE_EMAIL, then a code sent to the current address
 * (UPDATE_EMAIL_PRIMARY_OTP), then one sent to the new address (UPDATE_EMAIL_SECONDARY_OTP),
 * whose reply carries the new email (kept out of state; stored for the next session).
 * @example store.dispatch({ type: 'auth/updateEmailRequested', email: 'new@example.com' })
 */
export const updateEmailEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => {
  const failed = (error: { message: string; code?: string | number }, reason?: Parameters<typeof alertActions>[1]): Action[] => [
    { type: 'auth/updateEmailFailed', error },
    ...alertActions(error, reason),
  ]
  const requested$ = action$.pipe(
    ofType('auth/updateEmailRequested'),
    switchMap(({ email }) =>
      frameRequest(action$, deps, appMessage('UPDATE_EMAIL', { email }), (reply): Action[] => {
        if (!reply.ok) return failed(reply.error, reply.reason)
        return [{ type: 'auth/updateEmailCodeSent', next: reply.payload.action }]
      }),
    ),
  )
  const codes$ = action$.pipe(
    ofType('auth/updateEmailOtpSubmitted'),
    switchMap(({ otp }): Observable<Action> => {
      // The reducer already moved to the step this code belongs to.
      if (state$.value.auth.updateEmail !== 'verifyingSecondary') {
        return frameRequest(action$, deps, appMessage('UPDATE_EMAIL_PRIMARY_OTP', { otp }), (reply): Action[] => {
          if (!reply.ok) return failed(reply.error, reply.reason)
          return [{ type: 'auth/updateEmailCodeSent', next: 'VERIFY_SECONDARY_OTP' }]
        })
      }
      return frameRequest(action$, deps, appMessage('UPDATE_EMAIL_SECONDARY_OTP', { otp }), (reply): Action[] => {
        if (!reply.ok) return failed(reply.error, reply.reason)
        authSession(deps.providers).email = reply.payload.newEmail
        void writeAuthItems(deps.storage, { walletEmail: reply.payload.newEmail })
        return [{ type: 'auth/emailUpdated' }]
      })
    }),
  )
  return merge(requested$, codes$)
}
