import type { ChainNamespace } from '../../../core/chains/types.js'
import { selectConnector } from '../../../core/slices/connectors/selectors.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { requestConnect } from '../parts/requestConnect.js'
import { Spinner } from '../parts/Spinner.js'
import { WalletIcon } from '../parts/WalletIcon.js'
import { useT } from '../../i18n/useT.js'

/** The wallet being connected (`router.data.connectorId`): waiting, failed with Retry, or gone. */
export function ConnectingExternal() {
  const airlock = useAirlockInstance()
  const t = useT()
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
        <p className="lead">{t('connect.ConnectingExternal.unavailableTitle')}</p>
        <p className="muted">{t('connect.ConnectingExternal.unavailableHint')}</p>
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
          <Spinner label={t('connect.Connecting.waitingFor', { name: connector.name })} size="lg" />
          <p className="lead">{t('connect.ConnectingExternal.continueIn', { name: connector.name })}</p>
          <p className="muted">{t('connect.ConnectingExternal.acceptRequest')}</p>
        </>
      ) : connected ? (
        <p className="lead">{t('connect.Connecting.connected')}</p>
      ) : error ? (
        <>
          <p className="lead">{t('connect.Connecting.failed')}</p>
          <p className="error" role="alert">
            {t.core(error.message)}
          </p>
        </>
      ) : (
        <p className="muted">{t('connect.ConnectingExternal.connectToContinue', { name: connector.name })}</p>
      )}
      {connected ? null : (
        <button type="button" className="button" data-variant="secondary" disabled={connecting} onClick={() => requestConnect(airlock, connector, also)}>
          {t('connect.Connecting.retry')}
        </button>
      )}
    </div>
  )
}
