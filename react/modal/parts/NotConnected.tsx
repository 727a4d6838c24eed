import { useAirlockInstance } from '../../context.js'

/** What an account view shows with no account: the fact, and the way to the Connect view. */
export function NotConnected() {
  const airlock = useAirlockInstance()
  return (
    <div className="center">
      <p className="muted">No wallet is connected.</p>
      <button type="button" className="button" onClick={() => airlock.dispatch({ type: 'router/resetRequested', view: 'Connect' })}>
        Connect a wallet
      </button>
    </div>
  )
}
