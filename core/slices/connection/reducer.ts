import type { Action, PersistedValues, RecentWallet } from '../../actions/types.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../../chains/types.js'
import { RECENT_WALLETS_MAX } from '../../constants/limits.js'
import type { ResolvedOptions } from '../../options/resolveOptions.js'
import type { AirlockState, ConnectionState, NamespaceConnection } from '../../state.js'
import { isSupported } from './isSupported.js'

export function initialConnectionState(options: ResolvedOptions): ConnectionState {
  return {
    activeNamespace: options.defaultNetwork.chainNamespace,
    activeCaipNetworkId: options.defaultNetwork.caipNetworkId,
    namespaces: {},
    recentWallets: [],
    errors: {},
    unsupportedCaipNetworkId: null,
    switchingTo: null,
  }
}

// The only disconnected value (`kept` adds just `resume`): a disconnected namespace never has an address,
// so `activate` needs no status check besides `caipAddress`.
const disconnected: NamespaceConnection = { status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] }

/** Connection status per namespace (SPEC 4 "Connection"). */
export function connectionReducer(state: ConnectionState, action: Action, root: AirlockState): ConnectionState {
  switch (action.type) {
    case 'storage/hydrated':
      return hydrate(state, action.values, root.options)
    case 'connection/connectRequested':
      return {
        ...state,
        // A new connection replaces one kept for a later retry (`resume`).
        namespaces: { ...state.namespaces, [action.namespace]: { ...withoutResume(state.namespaces[action.namespace] ?? disconnected), status: 'connecting', connectorId: action.connectorId } },
        errors: omit(state.errors, action.namespace),
      }
    case 'connection/accountConnected':
      return {
        ...state,
        activeNamespace: action.namespace,
        namespaces: {
          ...state.namespaces,
          [action.namespace]: { status: 'connected', caipAddress: action.caipAddress, connectorId: action.connectorId, accounts: action.accounts ?? [action.caipAddress] },
        },
        recentWallets: action.wallet ? pushRecent(state.recentWallets, action.wallet) : state.recentWallets,
        errors: omit(state.errors, action.namespace),
      }
    case 'connection/accountsChanged': {
      const current = state.namespaces[action.namespace]
      const [first] = action.accounts
      if (!current || current.status !== 'connected') return state
      if (!first) return { ...state, namespaces: { ...state.namespaces, [action.namespace]: disconnected } }
      return { ...state, namespaces: { ...state.namespaces, [action.namespace]: { ...current, caipAddress: first, accounts: action.accounts } } }
    }
    case 'connection/connectFailed':
      return {
        ...state,
        namespaces: { ...state.namespaces, [action.namespace]: disconnected },
        errors: { ...state.errors, [action.namespace]: action.error },
      }
    case 'connection/disconnected':
      return {
        ...state,
        namespaces: { ...state.namespaces, [action.namespace]: action.reason === 'unreachable' ? kept(state.namespaces[action.namespace]) : disconnected },
        unsupportedCaipNetworkId: state.unsupportedCaipNetworkId?.startsWith(`${action.namespace}:`) ? null : state.unsupportedCaipNetworkId,
        switchingTo: null,
      }
    // `switchingTo` names only the network the wallet is being asked for. A prompt the wallet
    // already shows cannot be withdrawn, so it stays named until answered; a newer request waits
    // (the switch epic reports it as prompted or cancelled), and an unknown network is never named.
    case 'network/switchRequested':
      return state.switchingTo !== null || !isSupported(root.options, action.caipNetworkId) ? state : { ...state, switchingTo: action.caipNetworkId }
    case 'network/switchPrompted':
      return state.switchingTo === action.caipNetworkId ? state : { ...state, switchingTo: action.caipNetworkId }
    case 'network/switchFailed':
      return state.switchingTo === action.caipNetworkId ? { ...state, switchingTo: null } : state
    case 'network/activeChanged':
      // The app's switch is over (it lands here, or not connected it moved at once).
      return activate(state, action.caipNetworkId, null)
    case 'network/chainChanged':
      // The wallet moved: a switch to elsewhere is still waiting for the person's answer.
      if (isSupported(root.options, action.caipNetworkId)) return activate(state, action.caipNetworkId, state.switchingTo === action.caipNetworkId ? null : state.switchingTo)
      // SPEC 4: a chain change to an unknown chain marks the network unsupported.
      return state.unsupportedCaipNetworkId === action.caipNetworkId ? state : { ...state, unsupportedCaipNetworkId: action.caipNetworkId }
    default:
      return state
  }
}

/** Disconnected for now; the stored connection (if it had one) stays for the next load. */
function kept(current: NamespaceConnection | undefined): NamespaceConnection {
  const stored = current?.caipAddress && current.connectorId ? { connectorId: current.connectorId, caipAddress: current.caipAddress } : current?.resume
  return stored ? { ...disconnected, resume: stored } : disconnected
}

function withoutResume(connection: NamespaceConnection): NamespaceConnection {
  const { resume: _kept, ...rest } = connection
  return rest
}

function activate(state: ConnectionState, caipNetworkId: CaipNetworkId, switchingTo: CaipNetworkId | null): ConnectionState {
  const namespace = caipNetworkId.split(':')[0] as ChainNamespace
  const current = state.namespaces[namespace]
  const onIt = !current?.caipAddress || (current.caipAddress.startsWith(`${caipNetworkId}:`) && current.accounts.every((a) => a.startsWith(`${caipNetworkId}:`)))
  // Already there: the same state, so nothing downstream re-renders or re-runs.
  if (onIt && state.activeCaipNetworkId === caipNetworkId && state.activeNamespace === namespace && state.unsupportedCaipNetworkId === null && state.switchingTo === switchingTo) return state
  // The account follows its network: `eip155:1:0xabc` on chain 8453 is `eip155:8453:0xabc`.
  const namespaces =
    current?.caipAddress
      ? { ...state.namespaces, [namespace]: { ...current, caipAddress: onNetwork(current.caipAddress, caipNetworkId), accounts: current.accounts.map((a) => onNetwork(a, caipNetworkId)) } }
      : state.namespaces
  return { ...state, namespaces, activeCaipNetworkId: caipNetworkId, activeNamespace: namespace, unsupportedCaipNetworkId: null, switchingTo }
}

function onNetwork(caipAddress: CaipAddress, caipNetworkId: CaipNetworkId): CaipAddress {
  const address = caipAddress.slice(caipAddress.lastIndexOf(':') + 1)
  return `${caipNetworkId}:${address}` as CaipAddress
}

/**
 * SPEC 4: a stored `connected` becomes `connecting` until the wallet confirms
 * it; a stored `disconnected` clears the cached address. A stored network
 * the app no longer supports is ignored (the default network stays).
 */
function hydrate(state: ConnectionState, values: PersistedValues, options: ResolvedOptions): ConnectionState {
  const namespaces: Partial<Record<ChainNamespace, NamespaceConnection>> = { ...state.namespaces }
  const statuses = values.connectionStatus ?? {}
  for (const [ns, stored] of Object.entries(values.connections ?? {}) as [ChainNamespace, NonNullable<PersistedValues['connections']>[ChainNamespace]][]) {
    if (!stored || namespaces[ns]?.status === 'connected') continue
    const status = statuses[ns] ?? 'disconnected'
    namespaces[ns] =
      status === 'disconnected'
        ? disconnected
        : { status: 'connecting', caipAddress: stored.caipAddress, connectorId: values.connectedConnectorIds?.[ns] ?? stored.connectorId, accounts: [] }
  }
  const storedNetwork = values.activeCaipNetworkId && isSupported(options, values.activeCaipNetworkId) ? values.activeCaipNetworkId : null
  // Stryker disable next-line OptionalChaining: every namespace written is an object, never undefined; `?.` only satisfies the Partial record's type
  const anyConnected = Object.values(state.namespaces).some((c) => c?.status === 'connected')
  return {
    ...state,
    ...(storedNetwork && !anyConnected ? { activeCaipNetworkId: storedNetwork, activeNamespace: storedNetwork.split(':')[0] as ChainNamespace } : {}),
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
