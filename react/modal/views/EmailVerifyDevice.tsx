import { authSession } from '../../../core/connectors/auth/authSession.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { ResendCode } from '../parts/ResendCode.js'
import { Spinner } from '../parts/Spinner.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** Stands for the email in the sentence, which is cut there to make the address bold. */
const EMAIL_MARK = '\u0000'

/**
 * EmailVerifyDevice (SPEC 4): a first login from this browser is approved from a link in the
 * email; the view waits for it (the frame answers CONNECT_DEVICE), then moves to the code.
 */
export function EmailVerifyDevice() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { step, error } = useAirlockSelector((s) => ({ step: s.auth.step, error: s.auth.error?.message ?? null }), shallowEqual)
  const email = authSession(airlock.deps.providers).email
  // The address is bold inside the sentence: the message is cut where it goes.
  const [before, after] = t('connect.EmailVerifyDevice.approveFrom', { email: EMAIL_MARK }).split(EMAIL_MARK)
  return (
    <div className="stack" data-airlock="email-device">
      <div className="center">
        <p className="lead">{t('connect.EmailVerifyDevice.title')}</p>
        <p className="muted" data-wrap="">
          {before}
          <strong>{email ?? t('connect.Connecting.yourEmail')}</strong>
          {after}
        </p>
        {step === 'verifyDevice' ? <Spinner label={t('connect.EmailVerifyDevice.waiting')} size="lg" /> : null}
        {step === 'idle' && error ? (
          <p className="error" role="alert">
            {t.core(error)}
          </p>
        ) : null}
      </div>
      <ResendCode />
    </div>
  )
}
