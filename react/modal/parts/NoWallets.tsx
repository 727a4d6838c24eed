import { useT } from '../../i18n/useT.js'

/** The empty state of the wallet lists. */
export function NoWallets() {
  const t = useT()
  return (
    <div className="center" data-airlock="no-wallets">
      <p className="lead">{t('connect.NoWallets.title')}</p>
      <p className="muted">{t('connect.NoWallets.hint')}</p>
    </div>
  )
}
