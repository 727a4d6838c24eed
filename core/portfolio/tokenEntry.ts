import { formatUnits } from 'viem'
import type { Network } from '../chains/types.js'
import type { TokenBalance } from './types.js'

/**
 * A holding read from the chain itself (no data service): unpriced, no icon.
 * @example tokenEntry(network, { name: 'Ether', symbol: 'ETH', decimals: 18 }, 10n ** 18n).quantity.numeric // '1'
 */
export function tokenEntry(network: Network, token: { name: string; symbol: string; decimals: number; address?: string }, amount: bigint): TokenBalance {
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: network.caipNetworkId,
    ...(token.address ? { address: `${network.caipNetworkId}:${token.address}` } : {}),
    value: 0,
    price: 0,
    quantity: { decimals: String(token.decimals), numeric: formatUnits(amount, token.decimals) },
    iconUrl: '',
  }
}
