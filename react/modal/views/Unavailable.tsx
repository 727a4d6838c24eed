import { useT } from '../../i18n/useT.js'

/** Views that later releases fill in (send, swaps, WalletConnect QR...). */
export function Unavailable() {
  const t = useT()
  return (
    <div className="center">
      <p className="muted">{t('connect.Unavailable.message')}</p>
    </div>
  )
}
