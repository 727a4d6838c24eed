import { z } from 'zod'
import type { Network } from '../types.js'
import { rpcClient } from './getNativeBalance.js'

// A node answers null until the transaction is in a block; a receipt names its block.
const receiptSchema = z.object({ blockNumber: z.string().regex(/^0x[0-9a-fA-F]+$/) }).nullable()

/**
 * Whether the transaction is in a block (`eth_getTransactionReceipt` over the network's RPC URLs,
 * as balances are read). An answer of another shape is an error, not a "no".
 * @example await getTransactionMined({ network: airlockDevnet, hash: '0x5c50…', signal }) // true
 */
export async function getTransactionMined({ network, hash, signal }: { network: Network; hash: string; signal?: AbortSignal }): Promise<boolean> {
  const answer: unknown = await rpcClient(network, signal).request({ method: 'eth_getTransactionReceipt', params: [hash as `0x${string}`] })
  return receiptSchema.parse(answer) !== null
}
