import type { Address } from 'viem'
import type { Action } from '../../actions/types.js'
import { selectActiveNetwork } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import { isCaipAddress, parseCaipAddress } from '../caip.js'
import type { CaipAddress, Network } from '../types.js'
import { checksumAddress } from './checksumAddress.js'

/** Whose native balance to fetch after an action, and whether the cache may answer. */
export interface BalanceTarget {
  /** The balance's key: the CAIP address on the network it is read from. */
  readonly key: CaipAddress
  readonly force: boolean
  /** Absent when there is nothing to read from (the wallet is on an unsupported network). */
  readonly source?: { readonly network: Network; readonly address: Address }
}

/** The action types `evmBalanceTarget` may answer with a target (the balance epic listens to these only). */
export const BALANCE_TRIGGER_TYPES = [
  'connection/accountConnected',
  'connection/accountsChanged',
  'network/activeChanged',
  'network/chainChanged',
  'wallet/requestSucceeded',
  'balance/fetchRequested',
] as const

/**
 * The EVM balance an action calls for, or null: the connected account on the active network
 * after a connection, account or network change; the requested address on `fetchRequested`
 * with `force`; a forced refresh after `eth_sendTransaction` succeeded (the balance moved).
 * @example evmBalanceTarget({ type: 'network/activeChanged', caipNetworkId: 'eip155:1' }, state)?.key // 'eip155:1:0xabc…'
 */
export function evmBalanceTarget(action: Action, state: AirlockState): BalanceTarget | null {
  switch (action.type) {
    case 'connection/accountConnected':
    case 'connection/accountsChanged':
      return action.namespace === 'eip155' ? activeBalanceTarget(state, false) : null
    case 'network/activeChanged':
    case 'network/chainChanged':
      return activeBalanceTarget(state, false)
    case 'wallet/requestSucceeded':
      return action.method === 'eth_sendTransaction' ? activeBalanceTarget(state, true) : null
    case 'balance/fetchRequested':
      return action.force === true ? requestedTarget(action.caipAddress, state) : null
    default:
      return null
  }
}

/**
 * The balance the account panel shows: the connected EVM account on the active network (or on
 * the unsupported network its wallet is on), or null when nothing is connected.
 * @example activeBalanceTarget(state, false)?.key // 'eip155:1:0xabc…'
 */
export function activeBalanceTarget(state: AirlockState, force: boolean): BalanceTarget | null {
  const connection = state.connection.namespaces.eip155
  if (connection?.status !== 'connected' || !isCaipAddress(connection.caipAddress)) return null
  const { address: raw } = parseCaipAddress(connection.caipAddress)
  const address = checksumAddress(raw)
  if (!address) return null
  const unsupported = state.connection.unsupportedCaipNetworkId
  // SPEC 8: a wallet on an unsupported network has no balance to show ('Token Balance Unavailable').
  if (unsupported?.startsWith('eip155:')) return { key: `${unsupported}:${raw}` as CaipAddress, force }
  if (state.connection.activeNamespace !== 'eip155') return null
  const network = selectActiveNetwork(state)
  if (network.chainNamespace !== 'eip155') return null
  return { key: `${network.caipNetworkId}:${raw}` as CaipAddress, force, source: { network, address } }
}

function requestedTarget(caipAddress: CaipAddress, state: AirlockState): BalanceTarget | null {
  // A malformed key still gets an answer (a failure), so its loading flag never sticks.
  if (!isCaipAddress(caipAddress)) return { key: caipAddress, force: true }
  const { chainNamespace, chainId, address } = parseCaipAddress(caipAddress)
  if (chainNamespace !== 'eip155') return null
  const network = state.options.networks.find((n) => n.caipNetworkId === `eip155:${chainId}`)
  const checksummed = checksumAddress(address)
  if (!network || !checksummed) return { key: caipAddress, force: true }
  return { key: caipAddress, force: true, source: { network, address: checksummed } }
}
