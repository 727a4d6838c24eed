import { shortAddress } from '../../components/shortAddress.js'
import { useAccount } from '../../hooks/useAccount.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { useSiwx } from '../../hooks/useSiwx.js'
import { isDataImage, useWalletInfo } from '../../hooks/useWalletInfo.js'
import { Spinner } from '../parts/Spinner.js'
import { WalletIcon } from '../parts/WalletIcon.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * SIWXSignMessage (SPEC 2, 4): the app and the wallet side by side, what signing means, and
 * Sign / Cancel. While the wallet prompts, Sign waits; an error (SPEC 8) shows under it.
 */
export function SIWXSignMessage() {
  const { status, required, error, signIn, cancel } = useSiwx()
  const { address } = useAccount()
  const { walletInfo } = useWalletInfo()
  const app = useAirlockSelector((state) => {
    const { name, icons } = state.options.metadata
    const origin = state.app.environment.origin
    return { name: name ?? (origin ? new URL(origin).host : 'This app'), icon: icons?.find(isDataImage), host: origin ? new URL(origin).host : null }
  }, shallowEqual)
  const signing = status === 'signing'
  return (
    <div className="stack" data-airlock="siwx">
      <div className="center">
        <div className="identities" aria-hidden="true">
          <WalletIcon name={app.name} icon={app.icon} size="lg" />
          <WalletIcon name={walletInfo?.name ?? 'Wallet'} icon={walletInfo?.icon} size="lg" />
        </div>
        <p className="lead" data-wrap="">
          {app.name} needs to connect to your wallet
        </p>
        <p className="muted">
          Sign this message to prove you own {address ? <span title={address}>{shortAddress(address)}</span> : 'this wallet'}
          {walletInfo ? ` in ${walletInfo.name}` : ''}. It costs nothing and sends no transaction.
        </p>
        {app.host ? <p className="muted">Requested by {app.host}</p> : null}
        {required ? <p className="muted">Cancelling disconnects the wallet.</p> : null}
        {signing ? <Spinner label={`Waiting for ${walletInfo?.name ?? 'the wallet'}`} /> : null}
        {error ? (
          <p className="error" role="alert">
            {error.message}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="button" disabled={signing} aria-busy={signing || undefined} onClick={signIn}>
          {signing ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </div>
  )
}
