import type { Action, ConnectorInfo } from '../../actions/types.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../../chains/types.js'
import type { AirlockState } from '../../state.js'
import { WALLET_CONNECT_CONNECTOR_ID, WALLET_CONNECT_NAME } from './constants.js'
import type { ParsedSession } from './parseSession.js'

/**
 * The WalletConnect connector as plain data. While a session is live it carries the wallet's own
 * name, so "Connected with …" names the wallet, not the protocol.
 * @example walletConnectConnectorInfo('Rainbow') // { id: 'walletConnect', name: 'Rainbow', type: 'WALLET_CONNECT', … }
 */
export function walletConnectConnectorInfo(name = WALLET_CONNECT_NAME, icon?: string): ConnectorInfo {
  // Connector icons are shown only as data URIs (useWalletInfo); an https icon stays on the peer.
  return { id: WALLET_CONNECT_CONNECTOR_ID, name, type: 'WALLET_CONNECT', namespace: 'eip155', installed: false, ...(icon?.startsWith('data:image/') ? { icon } : {}) }
}

const networkOf = (account: CaipAddress): CaipNetworkId => account.slice(0, account.lastIndexOf(':')) as CaipNetworkId

/**
 * The account each namespace connects with: on the app's active network when the wallet approved
 * it, else on the first network the app supports, else the wallet's first.
 * @example activeAccount(state, 'eip155', ['eip155:1:0xa', 'eip155:8453:0xa']) // 'eip155:1:0xa' when eip155:1 is active
 */
export function activeAccount(state: AirlockState, namespace: ChainNamespace, accounts: readonly CaipAddress[]): CaipAddress | undefined {
  const active = state.connection.activeCaipNetworkId
  const supported = new Set(state.options.networks.map((n) => n.caipNetworkId))
  return (
    accounts.find((a) => active?.startsWith(`${namespace}:`) && networkOf(a) === active) ??
    accounts.find((a) => supported.has(networkOf(a))) ??
    accounts[0]
  )
}

/**
 * A live session as actions: `walletConnect/sessionSettled`, then for every namespace with
 * accounts `connection/accountConnected` (the accounts on the chosen network, active first) and,
 * for EVM, the wallet's chain.
 * @example store.dispatch(...settledActions(state, parsed, { restored: false }))
 */
export function settledActions(state: AirlockState, session: ParsedSession, { restored }: { restored: boolean }): Action[] {
  const all = Object.values(session.accounts).flat()
  const actions: Action[] = [
    { type: 'connectors/announced', connector: walletConnectConnectorInfo(session.peer.name, session.peer.icon) },
    { type: 'walletConnect/sessionSettled', peer: session.peer, accounts: all, restored },
  ]
  for (const [namespace, accounts] of Object.entries(session.accounts) as [ChainNamespace, CaipAddress[]][]) {
    const caipAddress = activeAccount(state, namespace, accounts)
    if (!caipAddress) continue
    const network = networkOf(caipAddress)
    const onNetwork = [caipAddress, ...accounts.filter((a) => a !== caipAddress && networkOf(a) === network)]
    actions.push({
      type: 'connection/accountConnected',
      namespace,
      caipAddress,
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
      accounts: onNetwork,
      wallet: { id: WALLET_CONNECT_CONNECTOR_ID, name: session.peer.name },
    })
    if (namespace === 'eip155') actions.push({ type: 'network/chainChanged', namespace, caipNetworkId: network })
  }
  return actions
}

/**
 * SPEC 4: the session ended: every namespace connected through WalletConnect is reset (the
 * other chains using the connector go with it).
 * @example endedActions(state, 'user')
 */
export function endedActions(state: AirlockState, reason: 'user' | 'wallet' | 'restoreFailed'): Action[] {
  const namespaces = (Object.entries(state.connection.namespaces) as [ChainNamespace, { connectorId: string | null; status: string } | undefined][])
    .filter(([, c]) => c?.connectorId === WALLET_CONNECT_CONNECTOR_ID && c.status !== 'disconnected')
    .map(([namespace]) => namespace)
  // The slice's own fact comes last: it ends the session-events listener that may be emitting these.
  return [
    ...namespaces.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: reason === 'restoreFailed' ? 'reconnectFailed' : reason })),
    { type: 'connectors/announced', connector: walletConnectConnectorInfo() },
    { type: 'walletConnect/sessionEnded', reason },
  ]
}

/** The chain a request for `namespace` goes to: the app's active network, or the account's. */
export function requestChain(state: AirlockState, namespace: ChainNamespace): string | undefined {
  const active = state.connection.activeCaipNetworkId
  if (active?.startsWith(`${namespace}:`)) return active
  const account = state.connection.namespaces[namespace]?.caipAddress
  return account ? networkOf(account) : undefined
}
