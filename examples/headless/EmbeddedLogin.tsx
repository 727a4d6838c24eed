import { useState, type FormEvent } from 'react'
import { useEmailLogin, useSocialLogin } from 'airlock-kit/react'

/** Email, then the code from the email, through the embedded secure frame. */
export function EmailLogin() {
  const { step, email: sentTo, isConnected, message, error, cooldownSeconds, sendCode, verifyCode, resendCode, cancel, preload } = useEmailLogin()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  if (isConnected && step === 'idle') return <p className="small" data-testid="email-step" data-step="connected">Signed in with the embedded wallet.</p>
  if (step === 'verifyOtp' || step === 'verifying' || step === 'loadingUser') {
    const submit = (event: FormEvent) => {
      event.preventDefault()
      if (verifyCode(code)) setCode('')
    }
    return (
      <form className="stack" onSubmit={submit} data-testid="email-step" data-step={step}>
        <p className="small">
          We sent a code to <strong>{sentTo}</strong>.
        </p>
        <label className="small">
          Code from the email
          <input inputMode="numeric" autoComplete="one-time-code" maxLength={12} value={code} disabled={step !== 'verifyOtp'} onChange={(event) => setCode(event.target.value)} />
        </label>
        {step === 'verifyOtp' && error ? (
          <p className="small error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="action">
          <button type="submit" disabled={step !== 'verifyOtp'}>
            {step === 'verifyOtp' ? 'Verify' : 'Verifying…'}
          </button>
          <button type="button" className="secondary" disabled={cooldownSeconds > 0} onClick={resendCode}>
            {cooldownSeconds > 0 ? `Resend in ${cooldownSeconds} s` : 'Resend code'}
          </button>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
    )
  }
  if (step === 'verifyDevice') {
    return (
      <p className="small" data-testid="email-step" data-step={step}>
        Approve this device from the email we sent to {sentTo}, then enter the code.{' '}
        <button type="button" className="secondary small" onClick={cancel}>
          Cancel
        </button>
      </p>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    sendCode(email)
  }
  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="email-step" data-step={step}>
      <label className="small">
        Email
        <input type="email" autoComplete="email" value={email} onFocus={preload} onChange={(event) => setEmail(event.target.value)} />
      </label>
      {message ? (
        <p className="small error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="action">
        <button type="submit" disabled={step === 'sendingCode' || email.trim() === ''}>
          {step === 'sendingCode' ? 'Sending the code…' : 'Email me a code'}
        </button>
      </div>
    </form>
  )
}

/** One button per provider the app has on; the login opens the provider's pop-up in the click. */
export function SocialLogin() {
  const { providers, provider, status, error, farcasterUrl, login, cancel } = useSocialLogin()
  if (providers.length === 0) return null
  return (
    <div className="stack" data-testid="social-login" data-status={status}>
      <div className="action">
        {providers.map((p) => (
          <button key={p.id} type="button" className="secondary small" onClick={() => login(p.id)}>
            {p.name}
          </button>
        ))}
      </div>
      {status === 'connecting' ? (
        <p className="small muted">
          Continue in the {provider} window…{' '}
          {farcasterUrl ? (
            <a href={farcasterUrl} target="_blank" rel="noopener noreferrer">
              Open Farcaster
            </a>
          ) : null}{' '}
          <button type="button" className="secondary small" onClick={cancel}>
            Cancel
          </button>
        </p>
      ) : null}
      {status === 'failed' ? (
        <p className="small error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
