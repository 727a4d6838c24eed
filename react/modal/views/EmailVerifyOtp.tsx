import { authSession } from '../../../core/connectors/auth/authSession.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { OtpInput } from '../parts/OtpInput.js'
import { ResendCode } from '../parts/ResendCode.js'
import { Spinner } from '../parts/Spinner.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * EmailVerifyOtp (SPEC 4): the 6-digit code sent to the email, resend with the cooldown; a wrong
 * code shows the frame's message and the field is ready again.
 */
export function EmailVerifyOtp() {
  const airlock = useAirlockInstance()
  const { step, error } = useAirlockSelector((s) => ({ step: s.auth.step, error: s.auth.error?.message ?? null }), shallowEqual)
  // The email stays out of state and the event log (it is a secret there); it is text here.
  const email = authSession(airlock.deps.providers).email
  return (
    <div className="stack" data-airlock="email-otp">
      <div className="center">
        <p className="lead">Enter the code</p>
        <p className="muted" data-wrap="">
          We sent a 6-digit code to <strong>{email ?? 'your email'}</strong>.
        </p>
      </div>
      <OtpInput label="Code from the email" busy={step === 'verifying' || step === 'loadingUser'} error={step === 'verifyOtp' ? error : null} onSubmit={(otp) => airlock.dispatch({ type: 'auth/otpSubmitted', otp })} />
      {step === 'loadingUser' ? <Spinner label="Signing in" /> : null}
      <ResendCode />
    </div>
  )
}
