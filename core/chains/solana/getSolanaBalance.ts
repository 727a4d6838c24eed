import { z } from 'zod'
import { solanaRpc } from './solanaRpc.js'
import type { Network } from '../types.js'

/** JSON-RPC `getBalance`: lamports as a safe integer (the whole supply fits). */
const balanceResponse = z.object({
  result: z.object({ value: z.number().int().nonnegative().safe() }).passthrough(),
})

/**
 * Reads a Solana account's balance in lamports with one JSON-RPC `getBalance` (commitment
 * `confirmed`), the network's RPC URLs in order until one answers. The answer is parsed before use.
 * @example await getSolanaBalance({ network: airlockSolanaLocal, address: '9xQe…' }) // 1000000000n
 */
export function getSolanaBalance({ network, address, signal }: { network: Network; address: string; signal?: AbortSignal }): Promise<bigint> {
  return solanaRpc(network, 'getBalance', [address, { commitment: 'confirmed' }], balanceResponse, signal).then((answer) => BigInt(answer.result.value))
}

// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'
