import { useCallback, useMemo, useState } from 'react'
import type { EmailLoginStep } from '../../core/actions/auth.js'
import { authSession } from '../../core/connectors/auth/authSession.js'
import { useAirlockInstance } from '../context.js'
import { useT } from '../i18n/useT.js'
import { emailLoginMessage, preloadFrame, requestEmailLogin, resendEmailCode, selectEmbeddedConnected, submitEmailCode } from '../modal/parts/embeddedAuth.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface UseEmailLoginReturnType {
  /**
   * Where the login is: `sendingCode`, then `verifyOtp` (enter the code) or `verifyDevice` (approve
   * this device from the email first), `verifying`, `loadingUser`, and `idle` again at the end.
   */
  step: EmailLoginStep
  /** The embedded wallet is connected (the login is done, or a session was restored). */
  isConnected: boolean
  /** The email the code went to, during the login (kept in memory only, never in state or the log). */
  email: string | null
  /** The last `sendCode` was not an email address. */
  invalid: boolean
  /** The frame's last error (a wrong code keeps `verifyOtp`; anything else goes back to `idle`). */
  error: string | null
  /** The line an email field shows, as the modal words it: invalid input, the cooldown, or the error. */
  message: string | null
  /** Seconds until another code may be asked for (SPEC 5: 30 s after each); 0 when it may. */
  cooldownSeconds: number
  /** A code was asked for inside the cooldown. */
  blocked: boolean
  /** Asks the secure frame to email a code; false (nothing sent, `invalid` set) when `email` is not an address. */
  sendCode(email: string): boolean
  /** The six digits from the email; false (nothing sent) when it is not six digits. */
  verifyCode(code: string): boolean
  /** Another code to the same email (refused inside the cooldown: `blocked`). */
  resendCode(): void
  /** Stops waiting: the flow goes back to `idle`. */
  cancel(): void
  /** Loads the secure frame ahead (e.g. when the field gets focus): the first code comes sooner. */
  preload(): void
}

/**
 * Email login through the embedded secure frame (SPEC 4), as the modal's email form and code view
 * drive it, for a form of your own: email, then the code, then the embedded wallet connects.
 * @example
 * const { step, sendCode, verifyCode, message } = useEmailLogin()
 * step === 'verifyOtp' ? <input onChange={(e) => verifyCode(e.target.value)} /> : <form onSubmit={(e) => { e.preventDefault(); sendCode(email) }}>…</form>
 */
export function useEmailLogin(): UseEmailLoginReturnType {
  const airlock = useAirlockInstance()
  const [invalid, setInvalid] = useState(false)
  const { step, blocked, cooldownSeconds, error, isConnected } = useAirlockSelector(
    (s) => ({
      step: s.auth.step,
      blocked: s.auth.blocked,
      cooldownSeconds: s.auth.cooldownSeconds,
      error: s.auth.error?.message ?? null,
      isConnected: selectEmbeddedConnected(s),
    }),
    shallowEqual,
  )
  const sendCode = useCallback(
    (email: string) => {
      const sent = requestEmailLogin(airlock, email)
      setInvalid(!sent)
      return sent
    },
    [airlock],
  )
  const verifyCode = useCallback((code: string) => submitEmailCode(airlock, code), [airlock])
  const resendCode = useCallback(() => resendEmailCode(airlock), [airlock])
  const cancel = useCallback(() => airlock.dispatch({ type: 'auth/loginCancelled' }), [airlock])
  const preload = useCallback(() => preloadFrame(airlock), [airlock])
  // Read in render, as the modal's code view does: the email never enters state.
  const email = step === 'idle' ? null : authSession(airlock.deps.providers).email
  const message = emailLoginMessage({ invalid, blocked, seconds: cooldownSeconds, step, error }, useT())
  return useMemo(
    () => ({ step, isConnected, email, invalid, error, message, cooldownSeconds, blocked, sendCode, verifyCode, resendCode, cancel, preload }),
    [step, isConnected, email, invalid, error, message, cooldownSeconds, blocked, sendCode, verifyCode, resendCode, cancel, preload],
  )
}
