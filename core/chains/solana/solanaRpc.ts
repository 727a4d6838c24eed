import type { z } from 'zod'
import { BaseError } from '../../errors/BaseError.js'
import { readFromUrls } from '../readFromUrls.js'
import type { Network } from '../types.js'

/**
 * One Solana JSON-RPC call over the network's RPC URLs in order until one answers (10 s each), its
 * answer parsed with `schema` before use. Plain fetch: no @solana/web3.js in the page.
 * @example await solanaRpc(network, 'getBalance', [address, { commitment: 'confirmed' }], schema)
 */
export function solanaRpc<T>(network: Network, method: string, params: unknown[], schema: z.ZodType<T, z.ZodTypeDef, unknown>, signal?: AbortSignal): Promise<T> {
  return readFromUrls(network, signal, async (url, signal) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal,
    })
    if (!response.ok) throw new BaseError('RPC request failed', { details: `HTTP ${response.status}` })
    return schema.parse(await response.json())
  })
}
