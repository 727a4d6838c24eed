import type { Action } from '../../actions/types.js'
import { isSolanaAddress } from '../../chains/addressPatterns.js'
import { isCaipAddress, parseCaipAddress } from '../../chains/caip.js'
import { checksumAddress } from '../../chains/evm/checksumAddress.js'
import type { CaipAddress, ChainNamespace, Network } from '../../chains/types.js'
import { selectActiveNetwork } from '../network/selectors.js'
import type { AirlockState } from '../../state.js'

/** Whose native balance to fetch after an action, and whether the cache may answer. */
export interface BalanceTarget {
  /** The balance's key: the CAIP address on the network it is read from. */
  readonly key: CaipAddress
  readonly force: boolean
  /** Absent when there is nothing to read from (the wallet is on an unsupported network). */
  readonly source?: { readonly network: Network; readonly address: string }
}

/** The action types `nativeBalanceTarget` may answer with a target (the balance epic listens to these only). */
export const BALANCE_TRIGGER_TYPES = [
  'connection/accountConnected',
  'connection/accountsChanged',
  'network/activeChanged',
  'network/chainChanged',
  'wallet/requestSucceeded',
  'balance/fetchRequested',
] as const

/** Requests after which the balance moved, so the cache may not answer (SPEC 4). */
const SENDING_METHODS: Readonly<Record<string, ChainNamespace>> = {
  eth_sendTransaction: 'eip155',
  solana_signAndSendTransaction: 'solana',
  sendTransfer: 'bip122',
  // A PSBT may be broadcast by the wallet (`broadcast: true`); refetching after any is cheap.
  signPsbt: 'bip122',
}

/** The address as the namespace's balance reader takes it (EVM in checksum casing), or null when it is not one. */
function readableAddress(namespace: ChainNamespace, raw: string): string | null {
  if (namespace === 'eip155') return checksumAddress(raw) ?? null
  if (namespace === 'solana') return isSolanaAddress(raw) ? raw : null
  return raw
}

/**
 * The native balance of `namespace` an action calls for, or null: the connected account on the
 * active network after a connection, account or network change; the requested address on
 * `fetchRequested` with `force`; a forced refresh after a sent transaction (the balance moved).
 * @example nativeBalanceTarget('eip155', { type: 'network/activeChanged', caipNetworkId: 'eip155:1' }, state)?.key // 'eip155:1:0xabc…'
 */
export function nativeBalanceTarget(namespace: ChainNamespace, action: Action, state: AirlockState): BalanceTarget | null {
  switch (action.type) {
    case 'connection/accountConnected':
    case 'connection/accountsChanged':
      return action.namespace === namespace ? activeBalanceTarget(namespace, state, false) : null
    case 'network/activeChanged':
    case 'network/chainChanged':
      return activeBalanceTarget(namespace, state, false)
    case 'wallet/requestSucceeded':
      return SENDING_METHODS[action.method] === namespace ? activeBalanceTarget(namespace, state, true) : null
    case 'balance/fetchRequested':
      return action.force === true ? requestedTarget(namespace, action.caipAddress, state) : null
    default:
      return null
  }
}

/**
 * The balance the account panel shows for `namespace`: its connected account on the active
 * network (or on the unsupported network its wallet is on), or null when nothing is connected.
 * @example activeBalanceTarget('eip155', state, false)?.key // 'eip155:1:0xabc…'
 */
export function activeBalanceTarget(namespace: ChainNamespace, state: AirlockState, force: boolean): BalanceTarget | null {
  const connection = state.connection.namespaces[namespace]
  if (connection?.status !== 'connected' || !isCaipAddress(connection.caipAddress)) return null
  const { address: raw } = parseCaipAddress(connection.caipAddress)
  const address = readableAddress(namespace, raw)
  if (!address) return null
  const unsupported = state.connection.unsupportedCaipNetworkId
  // SPEC 8: a wallet on an unsupported network has no balance to show ('Token Balance Unavailable').
  if (unsupported?.startsWith(`${namespace}:`)) return { key: `${unsupported}:${raw}` as CaipAddress, force }
  if (state.connection.activeNamespace !== namespace) return null
  const network = selectActiveNetwork(state)
  if (network.chainNamespace !== namespace) return null
  return { key: `${network.caipNetworkId}:${raw}` as CaipAddress, force, source: { network, address } }
}

function requestedTarget(namespace: ChainNamespace, caipAddress: CaipAddress, state: AirlockState): BalanceTarget | null {
  // A malformed key still gets an answer (a failure), so its loading flag never sticks.
  if (!isCaipAddress(caipAddress)) return namespace === 'eip155' ? { key: caipAddress, force: true } : null
  const { chainNamespace, chainId, address } = parseCaipAddress(caipAddress)
  if (chainNamespace !== namespace) return null
  const network = state.options.networks.find((n) => n.caipNetworkId === `${namespace}:${chainId}`)
  const readable = readableAddress(namespace, address)
  if (!network || !readable) return { key: caipAddress, force: true }
  return { key: caipAddress, force: true, source: { network, address: readable } }
}
