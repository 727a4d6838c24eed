import { z } from 'zod'
import { toBase64 } from '../../chains/announced/standardWallet.js'
import { bitcoinRequestParams } from '../../chains/bitcoin/bitcoinRequestSchemas.js'
import { BaseError } from '../../errors/BaseError.js'

const TXID = z.string().regex(/^[0-9a-fA-F]{64}$/)
/** Addresses by form only: the wallet checks its own, and bitcoinjs-lib stays out of the WalletConnect chunk. */
const PARAMS = bitcoinRequestParams(z.string().min(14).max(90).regex(/^[a-zA-Z0-9]+$/, 'Invalid Bitcoin address'))
const signMessageAnswer = z.object({ signature: z.string().min(1).max(2_048), address: z.string().max(100).optional(), messageHash: z.string().max(200).optional() }).passthrough()
const signPsbtAnswer = z.object({ psbt: z.string().max(1_600_000), txid: TXID.optional() }).passthrough()
/** `txid` today; the first version of the spec named it `tx_id`. */
const sendTransferAnswer = z.union([z.object({ txid: TXID }).passthrough(), z.object({ tx_id: TXID }).passthrough().transform((a) => ({ txid: a.tx_id }))])

const HEX = /^(?:[0-9a-fA-F]{2})+$/

/**
 * A `getProvider('bip122')` request (sats-connect's shapes, the same for every Bitcoin wallet) in
 * WalletConnect's bip122 shapes: every call names the session's `account` (its first address),
 * `signPsbt`'s inputs are a list of `{ address, index }`, `sendTransfer` pays one
 * `recipientAddress` an `amount` in sats as a string, `protocol` is lower case.
 * @example toWalletConnectBitcoin('sendTransfer', { recipients: [{ address, amount: 1000 }] }, account) // { account, recipientAddress: address, amount: '1000' }
 */
export function toWalletConnectBitcoin(method: string, params: unknown, account: string): unknown {
  switch (method) {
    case 'signMessage': {
      const { address, message, protocol } = PARAMS.signMessage.parse(params)
      return { account, address, message, ...(protocol ? { protocol: protocol.toLowerCase() } : {}) }
    }
    case 'signPsbt': {
      const { psbt, signInputs, broadcast } = PARAMS.signPsbt.parse(params)
      const inputs = Object.entries(signInputs).flatMap(([address, indexes]) => indexes.map((index) => ({ address, index })))
      return { account, psbt, signInputs: inputs, ...(broadcast === undefined ? {} : { broadcast }) }
    }
    case 'sendTransfer': {
      const { recipients } = PARAMS.sendTransfer.parse(params)
      const [recipient] = recipients
      if (recipients.length !== 1 || !recipient) throw new BaseError('A WalletConnect Bitcoin wallet pays one recipient per transfer', { code: -32602 })
      return { account, recipientAddress: recipient.address, amount: String(recipient.amount) }
    }
    default:
      return params
  }
}

/**
 * A WalletConnect bip122 answer as sats-connect's: a hex signature (as WalletConnect wallets send
 * it) becomes base64, `tx_id` becomes `txid`; anything malformed is refused.
 */
export function fromWalletConnectBitcoin(method: string, result: unknown): unknown {
  switch (method) {
    case 'signMessage': {
      const answer = signMessageAnswer.parse(result)
      const signature = HEX.test(answer.signature) ? toBase64(Uint8Array.from(answer.signature.match(/../g)!, (b) => parseInt(b, 16))) : answer.signature
      return { ...answer, signature }
    }
    case 'signPsbt':
      return signPsbtAnswer.parse(result)
    case 'sendTransfer':
      return sendTransferAnswer.parse(result)
    default:
      return result
  }
}
