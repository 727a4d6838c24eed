import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SocialMark } from '../marks/BrandMark.js'
import { SOCIAL_NAMES, startSocialLogin } from '../parts/embeddedAuth.js'
import { Spinner } from '../parts/Spinner.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** ConnectingSocial: the provider's window is open; waiting, or failed with Try again. */
export function ConnectingSocial() {
  const airlock = useAirlockInstance()
  const { social, error, step } = useAirlockSelector((s) => ({ social: s.auth.social, error: s.auth.error?.message ?? null, step: s.auth.step }), shallowEqual)
  const name = social ? SOCIAL_NAMES[social] : 'the provider'
  return (
    <div className="center" data-airlock="connecting-social">
      <span className="badge" data-size="lg" aria-hidden="true">
        {social ? <SocialMark provider={social} /> : name.slice(0, 1)}
      </span>
      {error ? (
        <>
          <p className="lead">Login failed</p>
          <p className="error" role="alert">
            {error}
          </p>
          {social ? (
            <button type="button" className="button" data-variant="secondary" onClick={() => startSocialLogin(airlock, social)}>
              Try again
            </button>
          ) : null}
        </>
      ) : (
        <>
          <Spinner label={step === 'loadingUser' ? 'Signing in' : `Waiting for ${name}`} size="lg" />
          <p className="lead">Continue with {name}</p>
          <p className="muted">Log in and allow access in the window that opened.</p>
        </>
      )}
    </div>
  )
}
