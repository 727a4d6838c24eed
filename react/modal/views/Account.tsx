import { avatarColorFromAddress } from '../../../core/chains/format.js'
import { shortAddress } from '../../components/shortAddress.js'
import { useAirlockInstance } from '../../context.js'
import { useDisconnectAndClose } from '../parts/useDisconnectAndClose.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useBalance } from '../../hooks/useBalance.js'
import { useNetwork } from '../../hooks/useNetwork.js'
import { useWalletInfo } from '../../hooks/useWalletInfo.js'
import { CopyIcon, ExitIcon } from '../parts/icons.js'
import { LazyAccountEmbeddedInfo } from '../parts/LazyAccountEmbeddedInfo.js'
import { RelayStatus } from '../parts/RelayStatus.js'

export const COPIED_MESSAGE = 'Address copied'
export const COPY_FAILED_MESSAGE = 'Could not copy the address'

/** The connected account: avatar, address and copy, native balance, network, disconnect. */
export function Account() {
  const airlock = useAirlockInstance()
  const { address, caipAddress } = useAccount()
  const { formatted, symbol, loading, failed } = useBalance()
  const { caipNetwork, unsupportedCaipNetworkId } = useNetwork()
  const { walletInfo } = useWalletInfo()
  const disconnectAndClose = useDisconnectAndClose()

  if (!address || !caipAddress) {
    return (
      <div className="center">
        <p className="muted">No wallet is connected.</p>
        <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'router/resetRequested', view: 'Connect' })}>
          Connect a wallet
        </button>
      </div>
    )
  }

  // The wallet left the app's networks: naming the last one would say the wallet is still there.
  const networkRow = unsupportedCaipNetworkId
    ? { name: 'Unsupported network', label: 'Unsupported network', badge: '!', view: 'UnsupportedChain' as const }
    : { name: `Network: ${caipNetwork.name}`, label: caipNetwork.name, badge: Array.from(caipNetwork.name)[0] ?? '?', view: 'Networks' as const }
  const toast = (variant: 'success' | 'error', message: string) =>
    airlock.dispatch({ type: 'notifications/showRequested', notification: { id: airlock.deps.id(), variant, message } })
  const copy = async () => {
    try {
      await globalThis.navigator.clipboard.writeText(address)
      toast('success', COPIED_MESSAGE)
    } catch {
      toast('error', COPY_FAILED_MESSAGE)
    }
  }

  return (
    <div className="stack">
      <div className="center">
        <span className="avatar" data-airlock="avatar" aria-hidden="true" style={{ background: avatarColorFromAddress(address) }} />
        <p className="address">
          <span title={address} data-airlock="address">
            {shortAddress(address)}
          </span>
          <button type="button" className="icon-button" aria-label="Copy address" onClick={() => void copy()}>
            <CopyIcon />
          </button>
        </p>
        <p className="muted" data-airlock="balance" aria-busy={loading || undefined}>
          {loading ? 'Loading balance…' : formatted !== undefined ? `${formatted} ${symbol}` : failed || unsupportedCaipNetworkId ? 'Balance unavailable' : `– ${symbol}`}
        </p>
        {walletInfo ? (
          <p className="muted" data-airlock="connected-with">
            Connected with {walletInfo.name}
            {walletInfo.via ? ` via ${walletInfo.via}` : null}
          </p>
        ) : null}
        <RelayStatus />
      </div>
      <LazyAccountEmbeddedInfo />
      <button type="button" className="row" data-airlock="network" aria-label={`${networkRow.name}. Switch network`} onClick={() => airlock.dispatch({ type: 'router/pushRequested', view: networkRow.view })}>
        <span className="badge" aria-hidden="true">
          {networkRow.badge}
        </span>
        <span className="row-name">{networkRow.label}</span>
        <span className="tag">Switch</span>
      </button>
      <button
        type="button"
        className="row"
        data-danger=""
        onClick={disconnectAndClose}
      >
        <span className="badge" aria-hidden="true">
          <ExitIcon />
        </span>
        <span className="row-name">Disconnect</span>
      </button>
    </div>
  )
}
