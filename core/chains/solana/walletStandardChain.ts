import type { Network } from '../types.js'

/**
 * Wallet Standard names Solana clusters (`solana:mainnet`); CAIP-2 names them by genesis hash.
 * Wallets list either form in `chains`, so both are accepted; any other cluster is `localnet`.
 */
const CLUSTER_BY_GENESIS: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The chain ids a Wallet Standard wallet may use for a Solana network: its CAIP-2 id, then the
 * cluster name (`solana:localnet` for a cluster that is not mainnet, devnet or testnet).
 * @example walletStandardChains(solanaDevnet) // ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:devnet']
 */
export function walletStandardChains(network: Network): [string, string] {
  return [network.caipNetworkId, CLUSTER_BY_GENESIS[String(network.id)] ?? 'solana:localnet']
}

/**
 * The id the wallet itself lists for this network (what its `chain` inputs expect), or undefined
 * when the wallet does not serve it.
 * @example walletChainFor(['solana:devnet'], solanaDevnet) // 'solana:devnet'
 */
export function walletChainFor(chains: readonly string[], network: Network): string | undefined {
  return walletStandardChains(network).find((chain) => chains.includes(chain))
}
