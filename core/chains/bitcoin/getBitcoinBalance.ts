import { z } from 'zod'
import { BaseError } from '../../errors/BaseError.js'
import { readFromUrls } from '../readFromUrls.js'
import type { Network } from '../types.js'

const stats = z.object({ funded_txo_sum: z.number().int().nonnegative().safe(), spent_txo_sum: z.number().int().nonnegative().safe() }).passthrough()
/** Esplora's `GET /address/{a}`: what the chain and the mempool paid to and spent from the address. */
const addressResponse = z.object({ chain_stats: stats, mempool_stats: stats }).passthrough()

/**
 * Reads a Bitcoin address's balance in sats, confirmed plus unconfirmed, from the network's
 * Esplora API (`GET {url}/address/{address}`), URL after URL until one answers. The answer is
 * parsed before use.
 * @example await getBitcoinBalance({ network: airlockBitcoinRegtest, address: 'bcrt1q…' }) // 100000n
 */
export function getBitcoinBalance({ network, address, signal }: { network: Network; address: string; signal?: AbortSignal }): Promise<bigint> {
  return readFromUrls(network, signal, async (url, signal) => {
    const response = await fetch(`${url.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`, { signal })
    if (!response.ok) throw new BaseError('Balance request failed', { details: `HTTP ${response.status}` })
    const { chain_stats: chain, mempool_stats: mempool } = addressResponse.parse(await response.json())
    const sats = BigInt(chain.funded_txo_sum) - BigInt(chain.spent_txo_sum) + BigInt(mempool.funded_txo_sum) - BigInt(mempool.spent_txo_sum)
    if (sats < 0n) throw new BaseError('Invalid balance')
    return sats
  })
}

// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'
