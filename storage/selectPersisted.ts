import type { ConnectionStatus, PersistedValues, StoredConnection } from '../core/actions/types.js'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../core/chains/index.js'
import { RECENT_WALLETS_MAX } from '../core/constants/limits.js'
import type { AirlockState } from '../core/state.js'

/**
 * The part of the state that must survive a reload (SPEC 3). A namespace is
 * stored as connected when it is connected, or still `connecting` with a
 * cached address (hydrated, awaiting the wallet's sync), so a reload during
 * the sync does not forget it; so is a disconnected one kept for a later
 * retry (`resume`). Anything else is stored as disconnected with
 * no connection entry. Empty values are `undefined`, which removes the key,
 * and so is the default network.
 * @example storage.save(selectPersisted(store.getState()))
 */
export function selectPersisted(state: AirlockState): PersistedValues {
  const { activeNamespace, activeCaipNetworkId, namespaces, recentWallets } = state.connection
  const connectionStatus: Partial<Record<ChainNamespace, ConnectionStatus>> = {}
  const connectedConnectorIds: Partial<Record<ChainNamespace, string>> = {}
  const connections: Partial<Record<ChainNamespace, StoredConnection>> = {}
  const connectedNamespaces: ChainNamespace[] = []
  // CHAIN_NAMESPACES order, not insertion order, so equal states give equal projections.
  for (const namespace of CHAIN_NAMESPACES) {
    const connection = namespaces[namespace]
    if (!connection) continue
    const { status, caipAddress, connectorId } = connection
    const live = (status === 'connected' || status === 'connecting') && caipAddress !== null && connectorId !== null
    // Shown disconnected for now, but not given up: the next load tries the stored connection again.
    const stored = live ? { connectorId, caipAddress } : status === 'disconnected' ? connection.resume : undefined
    if (!stored) {
      connectionStatus[namespace] = 'disconnected'
      continue
    }
    connectionStatus[namespace] = 'connected'
    connectedConnectorIds[namespace] = stored.connectorId
    connections[namespace] = { connectorId: stored.connectorId, caipAddress: stored.caipAddress }
    connectedNamespaces.push(namespace)
  }
  // The default network is implied; storing it would pin it if the host later changes its default.
  const chosen = activeCaipNetworkId !== null && activeCaipNetworkId !== state.options.defaultNetwork.caipNetworkId
  return {
    activeNamespace: chosen && activeNamespace ? activeNamespace : undefined,
    activeCaipNetworkId: chosen && activeCaipNetworkId ? activeCaipNetworkId : undefined,
    recentWallets: recentWallets.length > 0 ? recentWallets.slice(0, RECENT_WALLETS_MAX) : undefined,
    connectedConnectorIds: nonEmpty(connectedConnectorIds),
    connectionStatus: nonEmpty(connectionStatus),
    connectedNamespaces: connectedNamespaces.length > 0 ? connectedNamespaces : undefined,
    connections: nonEmpty(connections),
  }
}

function nonEmpty<T extends object>(record: T): T | undefined {
  return Object.keys(record).length > 0 ? record : undefined
}
