import type { Action } from '../actions/types.js'
import type { CaipAddress } from '../chains/types.js'
import type { Eip1193Provider } from '../connectors/providerRegistry.js'
import { TRANSACTION_HASH } from '../connectors/requestSucceeded.js'
import { BaseError } from '../errors/BaseError.js'
import type { ActivityTransaction } from './types.js'

/**
 * Asks an EVM wallet to send `tx`; the hash it answers, checked (a wallet answering anything else
 * fails in words rather than leaving a bogus row in Activity).
 * @example const hash = await sendEvmTransaction(provider, { from, to, value })
 */
export async function sendEvmTransaction(provider: Eip1193Provider, tx: Record<string, unknown>): Promise<string> {
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [tx] })
  if (typeof hash !== 'string' || !TRANSACTION_HASH.test(hash)) throw new BaseError('The wallet returned no transaction hash')
  return hash
}

export interface SentTransaction {
  readonly hash: string
  /** CAIP-10 of the sending account. */
  readonly account: string
  readonly operationType: ActivityTransaction['operationType']
  readonly sentTo: string
  readonly transfers: ActivityTransaction['transfers']
  /** The scheduler's clock, ms. */
  readonly now: number
}

/**
 * What follows a transaction the wallet sent: its pending row in Activity at once, and the
 * account's balances read again (SPEC 7 forceUpdate: they moved). Send and Swap both end here.
 * @example from([{ type: 'send/succeeded', hash }, ...sentTransactionActions({ hash, account, … })])
 */
export function sentTransactionActions({ hash, account, operationType, sentTo, transfers, now }: SentTransaction): Action[] {
  const at = account.lastIndexOf(':')
  return [
    {
      type: 'activity/transactionSent',
      transaction: { id: hash, hash, minedAt: new Date(now).toISOString(), chain: account.slice(0, at), operationType, status: 'pending', sentFrom: account.slice(at + 1), sentTo, transfers, pending: true },
    },
    { type: 'balance/fetchRequested', caipAddress: account as CaipAddress, force: true },
    { type: 'portfolio/fetchRequested', resource: 'tokens', key: account, force: true },
  ]
}
