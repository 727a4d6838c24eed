import type { Action } from '../../actions/types.js'
import { selectConnector } from '../../slices/connectors/selectors.js'
import { selectActiveNetwork, selectNetworks } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import type { CaipAddress } from '../types.js'

/**
 * True when the Solana adapter speaks to this connector itself: a Wallet Standard wallet it found.
 * WalletConnect and the embedded wallet carry their Solana accounts through their own adapters.
 */
export function isSolanaStandardConnector(state: AirlockState, connectorId: string | null | undefined): boolean {
  const connector = selectConnector(state, connectorId)
  return connector?.namespace === 'solana' && connector.type === 'ANNOUNCED'
}

/**
 * The facts of a confirmed Solana connection: the accounts (CAIP qualified on the active Solana
 * network, else the app's first Solana network), then that network as the wallet's chain.
 * @example solanaConnectedActions(state, 'solana:Phantom', ['9xQe…'])
 */
export function solanaConnectedActions(state: AirlockState, connectorId: string, addresses: readonly string[]): Action[] {
  const active = selectActiveNetwork(state)
  const network = active.chainNamespace === 'solana' ? active : selectNetworks(state, 'solana')[0]
  if (!network || addresses.length === 0) return []
  const accounts = addresses.map((address): CaipAddress => `${network.caipNetworkId}:${address}`)
  const connector = selectConnector(state, connectorId)
  return [
    { type: 'connection/accountConnected', namespace: 'solana', caipAddress: accounts[0]!, connectorId, accounts, wallet: { id: connectorId, name: connector?.name ?? connectorId } },
    { type: 'network/chainChanged', namespace: 'solana', caipNetworkId: network.caipNetworkId },
  ]
}
