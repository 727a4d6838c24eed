import { shortAddress } from '../../components/shortAddress.js'
import { useAccount } from '../../hooks/useAccount.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useSiwx } from '../../hooks/useSiwx.js'
import { isDataImage, useWalletInfo } from '../../hooks/useWalletInfo.js'
import { useT } from '../../i18n/useT.js'
import { Spinner } from '../parts/Spinner.js'
import { WalletIcon } from '../parts/WalletIcon.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * SIWXSignMessage (SPEC 2, 4): the app and the wallet side by side, what signing means, and
 * Sign / Cancel. While the wallet prompts, Sign waits; an error (SPEC 8) shows under it.
 */
export function SIWXSignMessage() {
  const t = useT()
  const { status, required, error, signIn, cancel } = useSiwx()
  const { address } = useAccount()
  const { walletInfo } = useWalletInfo()
  const app = useAirlockSelector((state) => {
    const { name, icons } = state.options.metadata
    const origin = state.app.environment.origin
    return { name: name ?? (origin ? new URL(origin).host : null), icon: icons?.find(isDataImage), host: origin ? new URL(origin).host : null }
  }, shallowEqual)
  const signing = status === 'signing'
  const appName = app.name ?? t('flows.SIWXSignMessage.thisApp')
  // One sentence in the catalogue; the address, shortened with its full form as a title, goes where the language puts `{address}`.
  const [beforeAddress, afterAddress = ''] = (walletInfo ? t('flows.SIWXSignMessage.proveIn', { wallet: walletInfo.name }) : t('flows.SIWXSignMessage.prove')).split('{address}')
  return (
    <div className="stack" data-airlock="siwx">
      <div className="center">
        <div className="identities" aria-hidden="true">
          <WalletIcon name={appName} icon={app.icon} size="lg" />
          <WalletIcon name={walletInfo?.name ?? t('flows.SIWXSignMessage.wallet')} icon={walletInfo?.icon} size="lg" />
        </div>
        <p className="lead" data-wrap="">
          {t('flows.SIWXSignMessage.needsConnect', { app: appName })}
        </p>
        <p className="muted">
          {beforeAddress}
          {address ? <span title={address}>{shortAddress(address)}</span> : t('flows.SIWXSignMessage.thisWallet')}
          {afterAddress}
        </p>
        {app.host ? <p className="muted">{t('flows.SIWXSignMessage.requestedBy', { host: app.host })}</p> : null}
        {required ? <p className="muted">{t('flows.SIWXSignMessage.cancelDisconnects')}</p> : null}
        {signing ? <Spinner label={walletInfo ? t('flows.SIWXSignMessage.waitingFor', { wallet: walletInfo.name }) : t('flows.SIWXSignMessage.waitingForWallet')} /> : null}
        {error ? (
          <p className="error" role="alert">
            {t.core(error.message)}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" onClick={cancel}>
          {t('flows.SIWXSignMessage.cancel')}
        </button>
        <button type="button" className="button" disabled={signing} aria-busy={signing || undefined} onClick={signIn}>
          {signing ? t('flows.SIWXSignMessage.signing') : t('flows.SIWXSignMessage.sign')}
        </button>
      </div>
    </div>
  )
}
