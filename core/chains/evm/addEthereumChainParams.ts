import type { Hex } from 'viem'
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
    chainId: toHexChainId(Number(network.id)),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...network.rpcUrls.default.http],
    // Wallets reject an empty list or a null entry: leave the field out when there is no explorer.
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}

/**
 * A chain id as EIP-1193 wants it: `0x` and lowercase hex, no leading zeros (viem's `numberToHex`
 * for a safe integer, without loading viem).
 * @example toHexChainId(31337) // '0x7a69'
 */
export function toHexChainId(chainId: number): Hex {
  if (!Number.isSafeInteger(chainId) || chainId < 0) throw new RangeError(`Invalid chain id ${chainId}`)
  return `0x${chainId.toString(16)}`
}
