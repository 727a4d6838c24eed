import { useAccount, useDisconnect } from 'airlock-kit/react'

/** A host app's own component: who is connected, and a way out. */
export function WalletStatus() {
  const { status, caipAddress } = useAccount({ namespace: 'eip155' })
  const { disconnect } = useDisconnect()
  if (status !== 'connected') return <p role="status">{status === 'connecting' ? 'Connecting…' : 'Not connected'}</p>
  return (
    <p role="status">
      Connected as {caipAddress?.split(':')[2]}{' '}
      <button type="button" onClick={() => disconnect('eip155')}>
        Sign out
      </button>
    </p>
  )
}
