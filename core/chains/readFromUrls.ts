import { RPC_TIMEOUT_MS } from '../constants/timing.js'
import { BaseError } from '../errors/BaseError.js'
import type { Network } from './types.js'

/**
 * Asks a network's RPC URLs in order until one answers: each try gets RPC_TIMEOUT_MS (10 s) and
 * the caller's abort signal; no retry (the balance epic owns the retry pause). The last failure is
 * thrown when none answers; an abort is thrown at once.
 * @example await readFromUrls(network, signal, (url, signal) => fetch(`${url}/address/${a}`, { signal }).then(parse))
 */
export async function readFromUrls<T>(network: Network, signal: AbortSignal | undefined, read: (url: string, signal: AbortSignal) => Promise<T>): Promise<T> {
  const urls = network.rpcUrls.default.http
  if (urls.length === 0) throw new BaseError('No RPC url provided for chainId', { details: network.caipNetworkId })
  let last: unknown
  for (const url of urls) {
    try {
      return await read(url, signal ? AbortSignal.any([signal, AbortSignal.timeout(RPC_TIMEOUT_MS)]) : AbortSignal.timeout(RPC_TIMEOUT_MS))
    } catch (error) {
      if (signal?.aborted) throw error
      last = error
    }
  }
  throw last
}
