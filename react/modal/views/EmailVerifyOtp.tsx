import { authSession } from '../../../core/connectors/auth/authSession.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { OtpInput } from '../parts/OtpInput.js'
import { ResendCode } from '../parts/ResendCode.js'
import { Spinner } from '../parts/Spinner.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** Stands for the email in the sentence, which is cut there to make the address bold. */
const EMAIL_MARK = '\u0000'

/**
 * EmailVerifyOtp (SPEC 4): the 6-digit code sent to the email, resend with the cooldown; a wrong
 * code shows the frame's message and the field is ready again.
 */
export function EmailVerifyOtp() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { step, error } = useAirlockSelector((s) => ({ step: s.auth.step, error: s.auth.error?.message ?? null }), shallowEqual)
  // The email stays out of state and the event log (it is a secret there); it is text here.
  const email = authSession(airlock.deps.providers).email
  // The address is bold inside the sentence: the message is cut where it goes.
  const [before, after] = t('connect.EmailVerifyOtp.sentTo', { email: EMAIL_MARK }).split(EMAIL_MARK)
  return (
    <div className="stack" data-airlock="email-otp">
      <div className="center">
        <p className="lead">{t('connect.EmailVerifyOtp.title')}</p>
        <p className="muted" data-wrap="">
          {before}
          <strong>{email ?? t('connect.Connecting.yourEmail')}</strong>
          {after}
        </p>
      </div>
      <OtpInput label={t('connect.EmailVerifyOtp.codeLabel')} busy={step === 'verifying' || step === 'loadingUser'} error={step === 'verifyOtp' && error ? t.core(error) : null} onSubmit={(otp) => airlock.dispatch({ type: 'auth/otpSubmitted', otp })} />
      {step === 'loadingUser' ? <Spinner label={t('connect.Connecting.signingIn')} /> : null}
      <ResendCode />
    </div>
  )
}
