import { numberToHex, type Hex } from 'viem'
import type { Network } from '../types.js'

/** The EIP-3085 parameter of `wallet_addEthereumChain`. */
export interface AddEthereumChainParameter {
  chainId: Hex
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
}

/**
 * Describes one of the app's EVM networks to a wallet that does not know it yet (EIP-3085).
 * @example provider.request({ method: 'wallet_addEthereumChain', params: [addEthereumChainParams(base)] })
 */
export function addEthereumChainParams(network: Network): AddEthereumChainParameter {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: numberToHex(Number(network.id)),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...network.rpcUrls.default.http],
    // Wallets reject an empty list or a null entry: leave the field out when there is no explorer.
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}
