import type { CaipNetworkId } from '../chains/types.js'
import type { SiwxMessageData } from './types.js'

/** True when a message is of this account on this chain (EVM addresses in any case, others exactly). */
export function sameAccount(data: SiwxMessageData, chainId: CaipNetworkId, address: string): boolean {
  return data.chainId === chainId && (chainId.startsWith('eip155:') ? data.accountAddress.toLowerCase() === address.toLowerCase() : data.accountAddress === address)
}
