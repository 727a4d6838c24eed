import type { ConnectorInfo } from '../../../core/actions/types.js'
import type { Airlock } from '../../../core/createAirlock.js'

/**
 * Shows ConnectingExternal for the wallet and asks it to connect, unless that
 * same wallet is already connecting: a double click, or a Retry pressed twice,
 * sends one request. The same wallet's connectors for other chain families
 * (`also`) are asked too, so one click connects every family it offers.
 * @example requestConnect(airlock, connector)
 */
export function requestConnect(airlock: Airlock, connector: ConnectorInfo, also: readonly ConnectorInfo[] = []): void {
  const state = airlock.getState()
  if (state.router.view !== 'ConnectingExternal' || state.router.data?.['connectorId'] !== connector.id) {
    airlock.dispatch({ type: 'router/pushRequested', view: 'ConnectingExternal', data: { connectorId: connector.id, ...(also.length > 0 ? { also: also.map((c) => c.id) } : {}) } })
  }
  connectWallet(airlock, connector, also)
}

/**
 * Asks the wallet (and its connectors for other chain families) to connect, skipping any that is
 * already connecting or connected with that connector: the modal's rows and the headless
 * `useConnect` send the same requests, and a double click sends one.
 * @example connectWallet(airlock, connector)
 */
export function connectWallet(airlock: Airlock, connector: ConnectorInfo, also: readonly ConnectorInfo[] = []): void {
  for (const wallet of [connector, ...also]) {
    const current = airlock.getState().connection.namespaces[wallet.namespace]
    if (current?.status === 'connecting' && current.connectorId === wallet.id) continue
    if (current?.status === 'connected' && current.connectorId === wallet.id) continue
    airlock.dispatch({ type: 'connection/connectRequested', namespace: wallet.namespace, connectorId: wallet.id })
  }
}
