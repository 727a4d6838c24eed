import { useAirlockInstance } from '../../context.js'
import { useDisconnect } from '../../hooks/useDisconnect.js'
import { NetworkList } from '../parts/NetworkList.js'

/** The wallet is on a network the app does not support: switch to one it does, or disconnect. */
export function UnsupportedChain() {
  const airlock = useAirlockInstance()
  const { disconnect } = useDisconnect()
  return (
    <div className="stack">
      <p className="muted">This app doesn’t support your wallet’s current network. Switch to one of these networks to continue.</p>
      <NetworkList />
      <button
        type="button"
        className="button"
        data-variant="secondary"
        onClick={() => {
          disconnect()
          airlock.close()
        }}
      >
        Disconnect
      </button>
    </div>
  )
}
