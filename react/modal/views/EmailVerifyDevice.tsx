import { authSession } from '../../../core/connectors/auth/authSession.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { ResendCode } from '../parts/ResendCode.js'
import { Spinner } from '../parts/Spinner.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * EmailVerifyDevice (SPEC 4): a first login from this browser is approved from a link in the
 * email; the view waits for it (the frame answers CONNECT_DEVICE), then moves to the code.
 */
export function EmailVerifyDevice() {
  const airlock = useAirlockInstance()
  const { step, error } = useAirlockSelector((s) => ({ step: s.auth.step, error: s.auth.error?.message ?? null }), shallowEqual)
  const email = authSession(airlock.deps.providers).email
  return (
    <div className="stack" data-airlock="email-device">
      <div className="center">
        <p className="lead">Register this device</p>
        <p className="muted" data-wrap="">
          Approve the login from the link we sent to <strong>{email ?? 'your email'}</strong>.
        </p>
        {step === 'verifyDevice' ? <Spinner label="Waiting for the approval" size="lg" /> : null}
        {step === 'idle' && error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <ResendCode />
    </div>
  )
}
