import { useState, type FormEvent } from 'react'
import type { RedirectSocialProvider } from '../../../core/actions/auth.js'
import { authSession } from '../../../core/connectors/auth/authSession.js'
import type { ConnectMethod, SocialProvider } from '../../../core/options/features.js'
import type { Airlock } from '../../../core/createAirlock.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SocialMark } from '../marks/BrandMark.js'
import { EMAIL_MAX_LENGTH, parseEmail } from './parseEmail.js'
import { translator, useT, type Translate } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

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

/** SPEC 5 "fields must be valid email addresses"; the frame validates again. */

/** The cooldown message of SPEC 5, with the seconds left, in `t`'s language (English without it). */
export const tryAgainMessage = (seconds: number, t: Translate = translator(undefined)) => t('connect.EmbeddedLogin.tryAgainAfter', { seconds })

/**
 * The Connect view's email or social section (SPEC 2 "Default order of connect methods"), a
 * chunk of its own loaded with the Connect view.
 * @example <EmbeddedLogin method="email" />
 */
export function EmbeddedLogin({ method }: { method: Exclude<ConnectMethod, 'wallet'> }) {
  return method === 'email' ? <EmailForm /> : <SocialButtons />
}

function EmailForm() {
  const airlock = useAirlockInstance()
  const t = useT()
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const { step, blocked, seconds, error } = useAirlockSelector(
    (s) => ({ step: s.auth.step, blocked: s.auth.blocked, seconds: s.auth.cooldownSeconds, error: s.auth.error?.message ?? null }),
    shallowEqual,
  )
  const sending = step === 'sendingCode'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = parseEmail(email)
    if (value === null) return setInvalid(true)
    setInvalid(false)
    airlock.dispatch({ type: 'auth/emailLoginRequested', email: value })
  }
  const message = invalid ? t('connect.EmbeddedLogin.invalidEmail') : blocked && seconds > 0 ? tryAgainMessage(seconds, t) : step === 'idle' && error ? t.core(error) : null
  return (
    <form className="stack" onSubmit={submit} noValidate data-airlock="email-login">
      <label className="sr-only" htmlFor="airlock-email">
        {t('connect.EmbeddedLogin.emailLabel')}
      </label>
      <input
        id="airlock-email"
        className="search"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('connect.EmbeddedLogin.emailPlaceholder')}
        maxLength={EMAIL_MAX_LENGTH}
        value={email}
        aria-invalid={invalid || undefined}
        aria-describedby={message ? 'airlock-email-message' : undefined}
        // Loading the frame early makes the first code request faster.
        onFocus={() => airlock.state$.value.frame?.status === 'idle' && airlock.dispatch({ type: 'frame/loadRequested' })}
        onChange={(event) => setEmail(event.target.value)}
      />
      {message ? (
        <p id="airlock-email-message" className="error" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={sending || email.trim() === ''} aria-busy={sending || undefined}>
        {sending ? t('connect.EmbeddedLogin.sendingCode') : t('connect.EmbeddedLogin.continueWithEmail')}
      </button>
    </form>
  )
}

/**
 * Starts a redirect social login. The popup opens here, inside the click, because browsers block
 * pop-ups opened later; the epic sends it to the provider once the frame answers.
 */
export function startSocialLogin(airlock: Airlock, provider: SocialProvider): void {
  if (provider === 'farcaster') {
    airlock.dispatch({ type: 'router/pushRequested', view: 'ConnectingFarcaster' })
    airlock.dispatch({ type: 'auth/farcasterLoginRequested' })
    return
  }
  const session = authSession(airlock.deps.providers)
  try {
    session.popup?.close()
  } catch {
    // Already gone.
  }
  const opened = typeof window === 'undefined' ? null : window.open('about:blank', 'airlock-social', 'popup,width=500,height=680')
  session.popup = opened
  airlock.dispatch({ type: 'router/pushRequested', view: 'ConnectingSocial' })
  airlock.dispatch({ type: 'auth/socialLoginRequested', provider: provider as RedirectSocialProvider })
}

/**
 * The first social login as a full row, the others as a compact grid of labelled buttons, so the
 * Connect view stays short with all seven providers on.
 */
function SocialButtons() {
  const airlock = useAirlockInstance()
  const t = useT()
  const socials = useAirlockSelector((s) => s.options.features.socials, shallowEqual)
  if (!socials || socials.length === 0) return null
  const [first, ...rest] = socials
  const label = (provider: SocialProvider) => t('connect.EmbeddedLogin.continueWith', { provider: SOCIAL_NAMES[provider] })
  return (
    <div className="stack" role="group" aria-label={t('connect.EmbeddedLogin.socialLabel')} data-airlock="social-login">
      <button type="button" className="row" onClick={() => startSocialLogin(airlock, first!)}>
        <span className="badge" aria-hidden="true">
          <SocialMark provider={first!} />
        </span>
        <span className="row-name">{label(first!)}</span>
      </button>
      {rest.length > 0 ? (
        <div style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(rest.length, 6)}, minmax(0, 1fr))`, gap: 8 }}>
          {rest.map((provider) => (
            <button key={provider} type="button" className="row" style={{ justifyContent: 'center', padding: 8, minWidth: 0 }} aria-label={label(provider)} title={SOCIAL_NAMES[provider]} onClick={() => startSocialLogin(airlock, provider)}>
              <span className="badge" aria-hidden="true">
                <SocialMark provider={provider} />
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
