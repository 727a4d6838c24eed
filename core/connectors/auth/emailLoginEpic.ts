import { concat, defer, EMPTY, filter, merge, of, switchMap, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { authSession } from './authSession.js'
import { writeAuthItems } from './authStorage.js'
import { loginFailedActions } from './failureActions.js'
import { loadUser } from './loadUser.js'

/**
 * Email login (SPEC 4): CONNECT_EMAIL, then VERIFY_OTP (CONNECT_OTP with the code), or
 * VERIFY_DEVICE (CONNECT_DEVICE waits for the approval link, which also sends the code), or CONNECT;
 * then GET_USER. Each code the frame sends starts the 30 s cooldown, persisted so it holds across
 * reloads (the reducer refuses requests inside it); an attempt that sent none (the frame did not
 * load, or refused) starts none. A newer attempt replaces an older one.
 * @example store.dispatch({ type: 'auth/emailLoginRequested', email: 'ada@example.com' })
 */
export const emailLoginEpic =
  (cooldownMs = EMAIL_LOGIN_COOLDOWN_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) => {
    const session = authSession(deps.providers)
    // The cooldown counts from a code the frame sent (or may have sent: no answer in time), persisted
    // so it holds across reloads. A frame that never loaded, or refused, sent nothing: no cooldown.
    const cooldown = (): Action[] => {
      const now = deps.scheduler.now()
      void writeAuthItems(deps.storage, { walletLastEmailLoginTime: now })
      return [{ type: 'auth/cooldownStarted', until: now + cooldownMs }]
    }
    const sendCode = (email: string): Observable<Action> =>
      frameRequest(action$, deps, appMessage('CONNECT_EMAIL', { email }), (reply): Action[] => {
        if (!reply.ok) return [...(reply.reason === 'timeout' ? cooldown() : []), ...loginFailedActions(reply.error, reply.reason)]
        const next = reply.payload.action
        const view = next === 'VERIFY_OTP' ? 'EmailVerifyOtp' : next === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : null
        const onView = state$.value.router.view
        const route: Action[] = !view || onView === view ? [] : [{ type: onView === 'EmailVerifyDevice' ? 'router/replaceRequested' : 'router/pushRequested', view }]
        return [...cooldown(), { type: 'auth/emailCodeSent', next }, ...route]
      })

    const requested$ = action$.pipe(
      ofType('auth/emailLoginRequested'),
      // The reducer already refused a request inside the cooldown (`blocked`).
      filter(() => state$.value.auth.step === 'sendingCode'),
      switchMap(({ email }) =>
        defer(() => {
          session.email = email
          return sendCode(email)
        }),
      ),
    )

    const connected = (): Observable<Action> => concat(of<Action>({ type: 'auth/frameConnected', method: 'email' }), loadUser(action$, state$, deps, null))

    const otp$ = action$.pipe(
      ofType('auth/otpSubmitted', 'auth/emailCodeSent', 'auth/loginCancelled'),
      switchMap((action): Observable<Action> => {
        // The person left the code view: stop waiting for the check.
        if (action.type === 'auth/loginCancelled') return EMPTY
        if (action.type === 'auth/emailCodeSent') return action.next === 'CONNECT' ? connected() : EMPTY
        return frameRequest(action$, deps, appMessage('CONNECT_OTP', { otp: action.otp }), (reply) =>
          reply.ok ? connected() : loginFailedActions(reply.error, reply.reason),
        )
      }),
    )

    // VERIFY_DEVICE: CONNECT_DEVICE resolves once the person approved this device from the email;
    // the frame sends the one-time code with that approval, so the code view follows at once
    // (asking CONNECT_EMAIL again would answer VERIFY_DEVICE again for a device it just registered).
    const device$ = action$.pipe(
      ofType('auth/emailCodeSent', 'auth/loginCancelled'),
      switchMap((action): Observable<Action> => {
        if (action.type !== 'auth/emailCodeSent' || action.next !== 'VERIFY_DEVICE') return EMPTY
        return frameRequest(action$, deps, appMessage('CONNECT_DEVICE'), (reply): Action[] => {
          if (!reply.ok) return loginFailedActions(reply.error, reply.reason)
          const onView = state$.value.router.view
          const route: Action[] = onView === 'EmailVerifyOtp' ? [] : [{ type: onView === 'EmailVerifyDevice' ? 'router/replaceRequested' : 'router/pushRequested', view: 'EmailVerifyOtp' }]
          return [{ type: 'auth/deviceApproved' }, { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' }, ...route]
        })
      }),
    )
    return merge(requested$, otp$, device$)
  }
