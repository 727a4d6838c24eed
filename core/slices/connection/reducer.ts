import type { Action, PersistedValues, RecentWallet } from '../../actions/types.js'
import type { ChainNamespace } from '../../chains/types.js'
import { RECENT_WALLETS_MAX } from '../../constants/limits.js'
import type { ConnectionState, NamespaceConnection } from '../../state.js'

export const initialConnectionState: ConnectionState = {
  activeNamespace: null,
  activeCaipNetworkId: null,
  namespaces: {},
  recentWallets: [],
  errors: {},
}

const disconnected: NamespaceConnection = { status: 'disconnected', caipAddress: null, connectorId: null }

/** Connection status per namespace (SPEC 4 "Connection"). */
export function connectionReducer(state: ConnectionState, action: Action): ConnectionState {
  switch (action.type) {
    case 'storage/hydrated':
      return hydrate(state, action.values)
    case 'connection/connectRequested':
      return {
        ...state,
        namespaces: { ...state.namespaces, [action.namespace]: { ...(state.namespaces[action.namespace] ?? disconnected), status: 'connecting', connectorId: action.connectorId } },
        errors: omit(state.errors, action.namespace),
      }
    case 'connection/accountConnected':
      return {
        ...state,
        activeNamespace: state.activeNamespace ?? action.namespace,
        namespaces: { ...state.namespaces, [action.namespace]: { status: 'connected', caipAddress: action.caipAddress, connectorId: action.connectorId } },
        recentWallets: action.wallet ? pushRecent(state.recentWallets, action.wallet) : state.recentWallets,
        errors: omit(state.errors, action.namespace),
      }
    case 'connection/connectFailed':
      return {
        ...state,
        namespaces: { ...state.namespaces, [action.namespace]: disconnected },
        errors: { ...state.errors, [action.namespace]: action.error },
      }
    case 'connection/disconnected':
      return { ...state, namespaces: { ...state.namespaces, [action.namespace]: disconnected } }
    case 'network/activeChanged': {
      const namespace = action.caipNetworkId.split(':')[0] as ChainNamespace
      return { ...state, activeCaipNetworkId: action.caipNetworkId, activeNamespace: namespace }
    }
    default:
      return state
  }
}

/**
 * SPEC 4: a stored `connected` becomes `connecting` until the wallet confirms
 * it; a stored `disconnected` clears the cached address.
 */
function hydrate(state: ConnectionState, values: PersistedValues): ConnectionState {
  const namespaces: Partial<Record<ChainNamespace, NamespaceConnection>> = { ...state.namespaces }
  const statuses = values.connectionStatus ?? {}
  for (const [ns, stored] of Object.entries(values.connections ?? {}) as [ChainNamespace, NonNullable<PersistedValues['connections']>[ChainNamespace]][]) {
    if (!stored || namespaces[ns]?.status === 'connected') continue
    const status = statuses[ns] ?? 'disconnected'
    namespaces[ns] =
      status === 'disconnected'
        ? disconnected
        : { status: 'connecting', caipAddress: stored.caipAddress, connectorId: values.connectedConnectorIds?.[ns] ?? stored.connectorId }
  }
  return {
    ...state,
    activeNamespace: state.activeNamespace ?? values.activeNamespace ?? null,
    activeCaipNetworkId: state.activeCaipNetworkId ?? values.activeCaipNetworkId ?? null,
    namespaces,
    recentWallets: values.recentWallets ? values.recentWallets.slice(0, RECENT_WALLETS_MAX) : state.recentWallets,
  }
}

/** Recent wallets: at most 2, newest first, no duplicates (SPEC 3). */
function pushRecent(list: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}

function omit<T extends object>(record: T, key: keyof T): T {
  if (!(key in record)) return record
  const copy = { ...record }
  delete copy[key]
  return copy
}
