import { NetworkList } from '../parts/NetworkList.js'
import { useDisconnectAndClose } from '../parts/useDisconnectAndClose.js'
import { useT } from '../../i18n/useT.js'

/** The wallet is on a network the app does not support: switch to one it does, or disconnect. */
export function UnsupportedChain() {
  const disconnectAndClose = useDisconnectAndClose()
  const t = useT()
  return (
    <div className="stack">
      <p className="muted">{t('connect.UnsupportedChain.hint')}</p>
      <NetworkList />
      <button
        type="button"
        className="button"
        data-variant="secondary"
        onClick={disconnectAndClose}
      >
        {t('connect.UnsupportedChain.disconnect')}
      </button>
    </div>
  )
}
