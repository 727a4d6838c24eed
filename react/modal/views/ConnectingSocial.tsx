import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SocialMark } from '../marks/BrandMark.js'
import { SOCIAL_NAMES, startSocialLogin } from '../parts/embeddedAuth.js'
import { Spinner } from '../parts/Spinner.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** ConnectingSocial: the provider's window is open; waiting, or failed with Try again. */
export function ConnectingSocial() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { social, error, step } = useAirlockSelector((s) => ({ social: s.auth.social, error: s.auth.error?.message ?? null, step: s.auth.step }), shallowEqual)
  const name = social ? SOCIAL_NAMES[social] : t('connect.ConnectingSocial.theProvider')
  return (
    <div className="center" data-airlock="connecting-social">
      <span className="badge" data-size="lg" aria-hidden="true">
        {social ? <SocialMark provider={social} /> : name.slice(0, 1)}
      </span>
      {error ? (
        <>
          <p className="lead">{t('connect.Connecting.loginFailed')}</p>
          <p className="error" role="alert">
            {t.core(error)}
          </p>
          {social ? (
            <button type="button" className="button" data-variant="secondary" onClick={() => startSocialLogin(airlock, social)}>
              {t('connect.Connecting.tryAgain')}
            </button>
          ) : null}
        </>
      ) : (
        <>
          <Spinner label={step === 'loadingUser' ? t('connect.Connecting.signingIn') : t('connect.Connecting.waitingFor', { name })} size="lg" />
          <p className="lead">{t('connect.EmbeddedLogin.continueWith', { provider: name })}</p>
          <p className="muted">{t('connect.ConnectingSocial.allowAccess')}</p>
        </>
      )}
    </div>
  )
}
