import type { Action } from '../actions/types.js'

/** A transaction hash as EVM nodes give it: 32 bytes in hex. */
export const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/

/**
 * The action for a wallet request that succeeded. The result stays out of the log (it may be a
 * signature), except a sent transaction's hash: public, and what `receiptEpic` awaits the block by.
 * Built here, in the code loaded after the first render, to keep it off the page's start-up bytes.
 * @example requestSucceeded('r1', 'eth_sendTransaction', '0x5c50…') // { type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction', hash: '0x5c50…' }
 */
export function requestSucceeded(id: string, method: string, result: unknown): Action {
  return method === 'eth_sendTransaction' && typeof result === 'string' && TRANSACTION_HASH.test(result)
    ? { type: 'wallet/requestSucceeded', id, method, hash: result }
    : { type: 'wallet/requestSucceeded', id, method }
}
