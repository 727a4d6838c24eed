import { createClient, fallback, http, type Address, type Client } from 'viem'
import { getBalance } from 'viem/actions'
import { RPC_TIMEOUT_MS } from '../../constants/timing.js'
import { BaseError } from '../../errors/BaseError.js'
import type { Network } from '../types.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

export interface GetNativeBalanceParameters {
  readonly network: Network
  readonly address: Address
  /** Aborts the HTTP request when the balance no longer matters (account or network changed). */
  readonly signal?: AbortSignal
}

/**
 * Reads the native balance over the network's RPC URLs with viem: one `http` transport per URL
 * (10 s timeout, no retry: the balance epic owns the retry pause), behind `fallback` when there
 * are several, so a down RPC falls through to the next (TESTING "RPC down"). A bare client plus
 * the one `getBalance` action, not `createPublicClient` (which bundles every public action).
 * The balance epic imports this module on first use, so viem loads only when a balance is read.
 * @example await getNativeBalance({ network: airlockDevnet, address: '0xf39F…' }) // 10000000000000000000000n
 */
export async function getNativeBalance({ network, address, signal }: GetNativeBalanceParameters): Promise<bigint> {
  return getBalance(rpcClient(network, signal), { address })
}

/**
 * A bare viem client over the network's RPC URLs (fallback between them, 10 s timeout, no retry:
 * the epics own retries), aborted with `signal`.
 * @example await multicall(rpcClient(network), { contracts, deployless: true })
 */
export function rpcClient(network: Network, signal?: AbortSignal): Client {
  const urls = network.rpcUrls.default.http
  if (urls.length === 0) throw new BaseError('No RPC url provided for chainId', { details: network.caipNetworkId })
  const transports = urls.map((url) => http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 0, ...(signal ? { fetchOptions: { signal } } : {}) }))
  const transport = transports.length === 1 ? transports[0]! : fallback(transports, { retryCount: 0 })
  return createClient({ transport })
}
