import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useT } from '../../i18n/useT.js'
import { resendEmailCode } from './embeddedAuth.js'

/**
 * "Resend code": asks for a new code for the same email. Inside the 30 s cooldown the request is
 * refused and SPEC 5's 'Please try again after N seconds' counts down (the cooldown epic).
 */
export function ResendCode() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { blocked, seconds, sending } = useAirlockSelector((s) => ({ blocked: s.auth.blocked, seconds: s.auth.cooldownSeconds, sending: s.auth.step === 'sendingCode' }), shallowEqual)
  const resend = () => resendEmailCode(airlock)
  return (
    <div className="center">
      {blocked && seconds > 0 ? (
        <p className="error" role="alert">
          {t('connect.EmbeddedLogin.tryAgainAfter', { seconds })}
        </p>
      ) : null}
      <button type="button" className="button" data-variant="secondary" disabled={sending} aria-busy={sending || undefined} onClick={resend}>
        {sending ? t('flows.ResendCode.sending') : t('flows.ResendCode.resend')}
      </button>
    </div>
  )
}
