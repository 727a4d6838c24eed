import { useState, type FormEvent } from 'react'
import type { ConnectMethod, SocialProvider } from '../../../core/options/features.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SocialMark } from '../marks/BrandMark.js'
import { emailLoginMessage, preloadFrame, requestEmailLogin, SOCIAL_NAMES, startSocialLogin } from './embeddedAuth.js'
import { EMAIL_MAX_LENGTH } from './parseEmail.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

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
    setInvalid(!requestEmailLogin(airlock, email))
  }
  const message = emailLoginMessage({ invalid, blocked, seconds, step, error }, t)
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
        onFocus={() => preloadFrame(airlock)}
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
