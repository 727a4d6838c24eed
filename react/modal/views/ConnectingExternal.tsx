import type { ChainNamespace } from '../../../core/chains/types.js'
import { selectConnector } from '../../../core/slices/connectors/selectors.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { requestConnect } from '../parts/requestConnect.js'
import { Spinner } from '../parts/Spinner.js'
import { WalletIcon } from '../parts/WalletIcon.js'

/** The wallet being connected (`router.data.connectorId`): waiting, failed with Retry, or gone. */
export function ConnectingExternal() {
  const airlock = useAirlockInstance()
  const connector = useAirlockSelector((state) => {
    const id = state.router.data?.['connectorId']
    return selectConnector(state, typeof id === 'string' ? id : undefined)
  })
  // The same wallet's connectors for other chain families, asked together with it (a Retry asks them again).
  const also = useAirlockSelector((state) => {
    const ids = state.router.data?.['also']
    return (Array.isArray(ids) ? ids : []).flatMap((id) => selectConnector(state, typeof id === 'string' ? id : undefined) ?? [])
  }, shallowEqual)
  const namespace: ChainNamespace = connector?.namespace ?? 'eip155'
  const { status, connectorId, error } = useAirlockSelector((state) => {
    const connection = state.connection.namespaces[namespace]
    return { status: connection?.status ?? 'disconnected', connectorId: connection?.connectorId ?? null, error: state.connection.errors[namespace] }
  }, shallowEqual)

  if (!connector) {
    return (
      <div className="center">
        <p className="lead">Wallet not available</p>
        <p className="muted">This wallet is no longer available in this browser. Go back and choose another one.</p>
      </div>
    )
  }
  const connecting = status === 'connecting' && connectorId === connector.id
  const connected = status === 'connected' && connectorId === connector.id
  return (
    <div className="center">
      <WalletIcon name={connector.name} icon={connector.icon} size="lg" />
      {connecting ? (
        <>
          <Spinner label={`Waiting for ${connector.name}`} size="lg" />
          <p className="lead">Continue in {connector.name}</p>
          <p className="muted">Accept the connection request in the wallet.</p>
        </>
      ) : connected ? (
        <p className="lead">Connected</p>
      ) : error ? (
        <>
          <p className="lead">Connection failed</p>
          <p className="error" role="alert">
            {error.message}
          </p>
        </>
      ) : (
        <p className="muted">Connect to {connector.name} to continue.</p>
      )}
      {connected ? null : (
        <button type="button" className="button" data-variant="secondary" disabled={connecting} onClick={() => requestConnect(airlock, connector, also)}>
          Retry
        </button>
      )}
    </div>
  )
}
