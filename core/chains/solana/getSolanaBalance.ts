import { z } from 'zod'
import { RPC_TIMEOUT_MS } from '../../constants/timing.js'
import { BaseError } from '../../errors/BaseError.js'
import type { Network } from '../types.js'

/** JSON-RPC `getBalance`: lamports as a safe integer (the whole supply fits). */
const balanceResponse = z.object({
  result: z.object({ value: z.number().int().nonnegative().safe() }).passthrough(),
})

/**
 * Reads a Solana account's balance in lamports with one JSON-RPC `getBalance` (commitment
 * `confirmed`) per RPC URL of the network, in order, until one answers (10 s each, no retry: the
 * balance epic owns the retry pause). The answer is parsed before use.
 * @example await getSolanaBalance({ network: airlockSolanaLocal, address: '9xQe…' }) // 1000000000n
 */
export async function getSolanaBalance({ network, address, signal }: { network: Network; address: string; signal?: AbortSignal }): Promise<bigint> {
  const urls = network.rpcUrls.default.http
  if (urls.length === 0) throw new BaseError('No RPC url provided for chainId', { details: network.caipNetworkId })
  let last: unknown
  for (const url of urls) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(RPC_TIMEOUT_MS)]) : AbortSignal.timeout(RPC_TIMEOUT_MS),
      })
      if (!response.ok) throw new BaseError('RPC request failed', { details: `HTTP ${response.status}` })
      return BigInt(balanceResponse.parse(await response.json()).result.value)
    } catch (error) {
      if (signal?.aborted) throw error
      last = error
    }
  }
  throw last
}

// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'
