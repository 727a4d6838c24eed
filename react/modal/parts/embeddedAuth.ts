import type { EmailLoginStep, RedirectSocialProvider } from '../../../core/actions/auth.js'
import { AUTH_CONNECTOR_ID, authSession } from '../../../core/connectors/auth/authSession.js'
import type { Airlock } from '../../../core/createAirlock.js'
import type { SocialProvider } from '../../../core/options/features.js'
import type { AirlockState } from '../../../core/state.js'
import { translator, type Translate } from '../../i18n/useT.js'
import { parseEmail } from './parseEmail.js'

// The email and social login as the Connect view, ConnectingSocial, ResendCode and the headless
// hooks (react/hooks: useEmailLogin, useSocialLogin) all start them: one place, so a host's own UI logs what the modal logs.

/** Display names of the SPEC 5 social providers. */
export const SOCIAL_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

/** The embedded wallet (email or social login) holds a connected account. */
export function selectEmbeddedConnected(state: AirlockState): boolean {
  return Object.values(state.connection.namespaces).some((c) => c?.connectorId === AUTH_CONNECTOR_ID && c.status === 'connected')
}

/**
 * Asks the secure frame for an email code when `typed` is an email address; false (nothing
 * dispatched) when it is not, and the field says INVALID_EMAIL_MESSAGE.
 * @example if (!requestEmailLogin(airlock, ' ada@example.com ')) showInvalid()
 */
export function requestEmailLogin(airlock: Airlock, typed: string): boolean {
  const email = parseEmail(typed)
  if (email === null) return false
  airlock.dispatch({ type: 'auth/emailLoginRequested', email })
  return true
}

/**
 * "Resend code": a new code for the email the last code went to (kept in the auth session, never
 * in state or the log). Inside the 30 s cooldown the epic refuses it and the countdown shows.
 * @example resendEmailCode(airlock)
 */
export function resendEmailCode(airlock: Airlock): void {
  const email = authSession(airlock.deps.providers).email
  if (email) airlock.dispatch({ type: 'auth/emailLoginRequested', email })
}

/** The email code's length (SPEC 4: six digits). */
export const EMAIL_CODE_LENGTH = 6

/**
 * Sends the code from the email to the frame when it has six digits (only the digits count, as
 * the code field keeps them from a paste); false, nothing sent, otherwise.
 * @example submitEmailCode(airlock, '123 456') // true
 */
export function submitEmailCode(airlock: Airlock, typed: string): boolean {
  const otp = typed.replace(/\D/g, '')
  if (otp.length !== EMAIL_CODE_LENGTH) return false
  airlock.dispatch({ type: 'auth/otpSubmitted', otp })
  return true
}

/** Loads the secure frame ahead of the first code request (an email field got focus): it answers sooner. */
export function preloadFrame(airlock: Airlock): void {
  if (airlock.state$.value.frame?.status === 'idle') airlock.dispatch({ type: 'frame/loadRequested' })
}

/**
 * The one line an email field shows, in `t`'s language: invalid input (SPEC 5 "fields must be
 * valid email addresses"; the frame validates again), the cooldown countdown, or the last error
 * (only once the flow is back to idle); null when there is nothing to say.
 * @example emailLoginMessage({ invalid: false, blocked: true, seconds: 12, step: 'idle', error: null }) // 'Please try again after 12 seconds'
 */
export function emailLoginMessage(
  { invalid, blocked, seconds, step, error }: { invalid: boolean; blocked: boolean; seconds: number; step: EmailLoginStep; error: string | null },
  t: Translate = translator(undefined),
): string | null {
  return invalid ? t('connect.EmbeddedLogin.invalidEmail') : blocked && seconds > 0 ? t('connect.EmbeddedLogin.tryAgainAfter', { seconds }) : step === 'idle' && error ? t.core(error) : null
}

/**
 * Starts a social login from the modal: the login's view (ConnectingSocial, or ConnectingFarcaster
 * with its QR code), then the login itself (`beginSocialLogin`).
 * @example <button onClick={() => startSocialLogin(airlock, 'google')}>Continue with Google</button>
 */
export function startSocialLogin(airlock: Airlock, provider: SocialProvider): void {
  airlock.dispatch({ type: 'router/pushRequested', view: provider === 'farcaster' ? 'ConnectingFarcaster' : 'ConnectingSocial' })
  beginSocialLogin(airlock, provider)
}

/**
 * A social login without a view (the modal's views and the headless `useSocialLogin` both use it).
 * The popup opens here, inside the click, because browsers block pop-ups opened later; the epic
 * sends it to the provider once the frame answers. Farcaster opens none: its channel URL arrives
 * in `auth.farcasterUrlRef`, to show as a QR code.
 * @example <button onClick={() => beginSocialLogin(airlock, 'github')}>GitHub</button>
 */
export function beginSocialLogin(airlock: Airlock, provider: SocialProvider): void {
  if (provider === 'farcaster') {
    airlock.dispatch({ type: 'auth/farcasterLoginRequested' })
    return
  }
  const session = authSession(airlock.deps.providers)
  try {
    session.popup?.close()
  } catch {
    // Already gone.
  }
  session.popup = typeof window === 'undefined' ? null : window.open('about:blank', 'airlock-social', 'popup,width=500,height=680')
  airlock.dispatch({ type: 'auth/socialLoginRequested', provider: provider as RedirectSocialProvider })
}
