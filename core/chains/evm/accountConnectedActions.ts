import type { Address } from 'viem'
import type { Action, RecentWallet } from '../../actions/types.js'
import { GENERIC_WALLET_NAME, selectConnector } from '../../slices/connectors/selectors.js'
import type { AirlockState } from '../../state.js'
import type { CaipAddress, CaipNetworkId } from '../types.js'

/**
 * The two facts of a confirmed EVM connection: the account (with every exposed account, CAIP
 * qualified on the wallet's chain, and the wallet for the recent list), then the wallet's chain,
 * which marks the network unsupported when the app does not know it (SPEC 4).
 * @example accountConnectedActions(state, { connectorId: 'io.metamask', accounts: ['0xabc…'], chainId: 1 })
 */
export function accountConnectedActions(
  state: AirlockState,
  params: { connectorId: string; accounts: readonly Address[]; chainId: number },
): Action[] {
  const { connectorId, accounts, chainId } = params
  const caipNetworkId: CaipNetworkId = `eip155:${chainId}`
  const caipAccounts = accounts.map((address): CaipAddress => `${caipNetworkId}:${address}`)
  const [caipAddress] = caipAccounts
  if (!caipAddress) return []
  const connector = selectConnector(state, connectorId)
  const wallet: RecentWallet = { id: connectorId, name: connector?.name ?? GENERIC_WALLET_NAME, ...(connector?.rdns ? { rdns: connector.rdns } : {}) }
  return [
    { type: 'connection/accountConnected', namespace: 'eip155', caipAddress, connectorId, accounts: caipAccounts, wallet },
    { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId },
  ]
}
