import type { ConnectorInfo } from '../../../core/actions/types.js'
import type { Airlock } from '../../../core/createAirlock.js'

/**
 * Shows ConnectingExternal for the wallet and asks it to connect, unless that
 * same wallet is already connecting: a double click, or a Retry pressed twice,
 * sends one request.
 * @example requestConnect(airlock, connector)
 */
export function requestConnect(airlock: Airlock, connector: ConnectorInfo): void {
  const state = airlock.getState()
  if (state.router.view !== 'ConnectingExternal' || state.router.data?.['connectorId'] !== connector.id) {
    airlock.dispatch({ type: 'router/pushRequested', view: 'ConnectingExternal', data: { connectorId: connector.id } })
  }
  const current = airlock.getState().connection.namespaces[connector.namespace]
  if (current?.status === 'connecting' && current.connectorId === connector.id) return
  airlock.dispatch({ type: 'connection/connectRequested', namespace: connector.namespace, connectorId: connector.id })
}
