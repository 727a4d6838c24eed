import { readTokenAccounts } from '../chains/solana/readTokenAccounts.js'
import type { Network } from '../chains/types.js'
import { readNativeBalance } from '../slices/balances/readNativeBalance.js'
import { tokenEntry } from './tokenEntry.js'
import type { TokenBalance } from './types.js'
// A lazy entry (readTokens on Solana without a project id): re-export the shared start-up chunk (see core/sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

/** A mint as a label, when nothing names it: its first and last four characters. */
export const shortMint = (mint: string): string => `${mint.slice(0, 4)}…${mint.slice(-4)}`

/**
 * Without a data service: SOL and every SPL token the account holds, straight from the cluster
 * (`getBalance` and `getTokenAccountsByOwner` under both token programs). Unlike ERC-20 tokens,
 * SPL holdings are found without a list; the cluster does not name them, so each shows as its
 * short mint. Several accounts of one mint add up; empty ones and 0-decimal tokens (NFTs) are left out.
 * @example await readSolanaTokens({ network, address }) // [SOL, { symbol: 'AirL…1111', … }]
 */
export async function readSolanaTokens({ network, address, signal }: { network: Network; address: string; signal: AbortSignal }): Promise<TokenBalance[]> {
  const [native, accounts] = await Promise.all([readNativeBalance({ network, address, signal }), readTokenAccounts({ network, owner: address, signal })])
  const byMint = new Map<string, { amount: bigint; decimals: number }>()
  for (const account of accounts) {
    if (account.decimals === 0) continue
    const held = byMint.get(account.mint)
    byMint.set(account.mint, { amount: (held?.amount ?? 0n) + account.amount, decimals: account.decimals })
  }
  const tokens = [...byMint].flatMap(([mint, { amount, decimals }]) => (amount > 0n ? [tokenEntry(network, { name: shortMint(mint), symbol: shortMint(mint), decimals, address: mint }, amount)] : []))
  return [tokenEntry(network, network.nativeCurrency, native), ...tokens]
}
