import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SocialMark } from '../marks/BrandMark.js'
import { QrCode } from '../parts/QrCode.js'
import { Spinner } from '../parts/Spinner.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** Only https (or http on localhost in development) links are offered. */
const openable = (url: string) => /^https:\/\//i.test(url) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/i.test(url)

/** ConnectingFarcaster: the frame's Farcaster link as a QR code (and a link on mobile), then waiting. */
export function ConnectingFarcaster() {
  const airlock = useAirlockInstance()
  const t = useT()
  const { urlRef, error } = useAirlockSelector((s) => ({ urlRef: s.auth.farcasterUrlRef, error: s.auth.error?.message ?? null }), shallowEqual)
  // A bearer value: kept out of state and the log, read here by its reference.
  const url = airlock.deps.secrets.get(urlRef)
  if (error) {
    return (
      <div className="center" data-airlock="connecting-farcaster">
        <p className="lead">{t('connect.Connecting.loginFailed')}</p>
        <p className="error" role="alert">
          {t.core(error)}
        </p>
        <button type="button" className="button" data-variant="secondary" onClick={() => airlock.dispatch({ type: 'auth/farcasterLoginRequested' })}>
          {t('connect.Connecting.tryAgain')}
        </button>
      </div>
    )
  }
  return (
    <div className="center" data-airlock="connecting-farcaster">
      {url && openable(url) ? (
        <>
          <QrCode value={url} label={t('connect.ConnectingFarcaster.qrLabel')} />
          <p className="muted">{t('connect.ConnectingFarcaster.scanHint')}</p>
          <a className="button" data-variant="secondary" href={url} target="_blank" rel="noopener noreferrer">
            <SocialMark provider="farcaster" />
            {t('connect.ConnectingFarcaster.open')}
          </a>
        </>
      ) : (
        <Spinner label={t('connect.ConnectingFarcaster.loadingQr')} size="lg" />
      )}
    </div>
  )
}
