import { useState, type FormEvent } from 'react'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useT } from '../../i18n/useT.js'
import { OtpInput } from '../parts/OtpInput.js'
import { EMAIL_MAX_LENGTH, parseEmail } from '../parts/parseEmail.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'


/**
 * UpdateEmail (SPEC 4): the new address, then the code sent to the current address, then the
 * code sent to the new one; done closes back to the account.
 */
export function UpdateEmail() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { step, error } = useAirlockSelector((s) => ({ step: s.auth.updateEmail, error: s.auth.updateEmailError?.message ?? null }), shallowEqual)
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  if (step === 'done') {
    return (
      <div className="center" data-airlock="update-email">
        <p className="lead" role="status">
          {t('flows.UpdateEmail.updated')}
        </p>
        <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'router/backRequested' })}>
          {t('flows.UpdateEmail.done')}
        </button>
      </div>
    )
  }
  if (step === 'primaryOtp' || step === 'secondaryOtp' || step === 'verifyingPrimary' || step === 'verifyingSecondary') {
    const stage = step === 'primaryOtp' || step === 'verifyingPrimary' ? 'primary' : 'secondary'
    return (
      <div className="stack" data-airlock="update-email">
        <p className="muted">{stage === 'primary' ? t('flows.UpdateEmail.enterCurrentCode') : t('flows.UpdateEmail.enterNewCode')}</p>
        <OtpInput key={stage} label={t('flows.UpdateEmail.codeLabel')} busy={step === 'verifyingPrimary' || step === 'verifyingSecondary'} error={error} onSubmit={(otp) => airlock.dispatch({ type: 'auth/updateEmailOtpSubmitted', otp })} />
      </div>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = parseEmail(email)
    if (value === null) return setInvalid(true)
    setInvalid(false)
    airlock.dispatch({ type: 'auth/updateEmailRequested', email: value })
  }
  const message = invalid ? t('flows.UpdateEmail.invalidEmail') : error && t.core(error)
  return (
    <form className="stack" noValidate onSubmit={submit} data-airlock="update-email">
      <label htmlFor="airlock-new-email" className="muted">
        {t('flows.UpdateEmail.newEmail')}
      </label>
      {/* The view asks for this one thing: the field has the focus when it opens. */}
      <input id="airlock-new-email" className="search" type="email" autoComplete="email" autoFocus maxLength={EMAIL_MAX_LENGTH} value={email} aria-invalid={invalid || undefined} onChange={(e) => setEmail(e.target.value)} />
      {message ? (
        <p className="error" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={step === 'sending' || email.trim() === ''} aria-busy={step === 'sending' || undefined}>
        {step === 'sending' ? t('flows.UpdateEmail.sendingCode') : t('flows.UpdateEmail.continue')}
      </button>
    </form>
  )
}
