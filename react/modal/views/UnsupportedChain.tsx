import { NetworkList } from '../parts/NetworkList.js'
import { useDisconnectAndClose } from '../parts/useDisconnectAndClose.js'

/** The wallet is on a network the app does not support: switch to one it does, or disconnect. */
export function UnsupportedChain() {
  const disconnectAndClose = useDisconnectAndClose()
  return (
    <div className="stack">
      <p className="muted">This app doesn’t support your wallet’s current network. Switch to one of these networks to continue.</p>
      <NetworkList />
      <button
        type="button"
        className="button"
        data-variant="secondary"
        onClick={disconnectAndClose}
      >
        Disconnect
      </button>
    </div>
  )
}
