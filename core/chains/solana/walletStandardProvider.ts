import bs58 from 'bs58'
import { z } from 'zod'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { BaseError } from '../../errors/BaseError.js'
import { CONNECT_METHOD, DISCONNECT_METHOD } from '../announced/announcedWalletEpics.js'
import { accountObject, featureMethod, fromBase64, standardAccountEvents, standardDisconnect, toBase64, UNSUPPORTED_METHOD_CODE, type StandardWalletLike } from '../announced/standardWallet.js'
import { decodeBase58, solanaAddressSchema, walletStandardAccountsSchema } from './solanaSchemas.js'

export type { StandardWalletLike } from '../announced/standardWallet.js'

/** The Solana wallet provider a host gets from `getProvider('solana')`: WalletConnect's method names and shapes. */
export interface SolanaWalletProvider extends Eip1193Provider {
  readonly wallet: StandardWalletLike
}

/** A wallet's signature or transaction bigger than this is not one. */
const MAX_BYTES = 1_232 * 4

const base58Bytes = z.string().max(8_192).transform((value, ctx) => {
  const bytes = decodeBase58(value)
  if (bytes) return bytes
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Invalid base58' })
  return z.NEVER
})
const base64Bytes = z.string().max(MAX_BYTES * 2).transform((value, ctx) => {
  const bytes = fromBase64(value)
  if (bytes) return bytes
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Invalid base64' })
  return z.NEVER
})
const signMessageParams = z.object({ message: base58Bytes, pubkey: solanaAddressSchema })
const transactionParams = z.object({
  transaction: base64Bytes,
  pubkey: solanaAddressSchema.optional(),
  sendOptions: z.object({ skipPreflight: z.boolean().optional(), preflightCommitment: z.string().max(16).optional() }).passthrough().optional(),
})
const allTransactionsParams = z.object({ transactions: z.array(base64Bytes).min(1).max(100), pubkey: solanaAddressSchema.optional() })
const bytesOut = z.instanceof(Uint8Array).refine((bytes) => bytes.length > 0 && bytes.length <= MAX_BYTES, 'Invalid bytes')
const signatureOut = z.instanceof(Uint8Array).refine((bytes) => bytes.length === 64, 'Invalid signature')

/**
 * Speaks to a Wallet Standard Solana wallet through one `request()` with WalletConnect's Solana
 * methods, so the epics and the host use one surface for injected and WalletConnect wallets:
 * `solana_signMessage` ({ message: base58, pubkey } → { signature: base58 }),
 * `solana_signTransaction` ({ transaction: base64 } → { signature, transaction }),
 * `solana_signAllTransactions` ({ transactions: base64[] } → { transactions }),
 * `solana_signAndSendTransaction` ({ transaction: base64, sendOptions? } → { signature }).
 * Airlock's own epics also use `airlock_connect` ({ silent? } → addresses) and `airlock_disconnect`
 * (see announcedWalletEpics); `on('accountsChanged')` follows `standard:events`. Every wallet answer
 * is parsed; `chain` names the wallet's id for the active network (see walletChainFor).
 * @example await provider.request({ method: 'solana_signMessage', params: { message: bs58.encode(bytes), pubkey } })
 */
export function walletStandardProvider(wallet: StandardWalletLike, chain: () => string | undefined): SolanaWalletProvider {
  const feature = <T>(name: string, method: string): T => featureMethod<T>(wallet, name, method)
  const account = (address?: string): unknown => accountObject(wallet, address)
  const addresses = (accounts: unknown): string[] => walletStandardAccountsSchema.parse(accounts).map((a) => a.address)

  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    switch (method) {
      case CONNECT_METHOD: {
        const silent = (params as { silent?: unknown } | undefined)?.silent === true
        const output = (await feature<(input: unknown) => Promise<{ accounts?: unknown }>>('standard:connect', 'connect')(silent ? { silent } : undefined)) ?? {}
        return addresses(output.accounts ?? wallet.accounts)
      }
      case DISCONNECT_METHOD:
        return standardDisconnect(wallet)
      case 'solana_signMessage': {
        const { message, pubkey } = signMessageParams.parse(params)
        const [output] = await feature<(input: unknown) => Promise<unknown[]>>('solana:signMessage', 'signMessage')({ account: account(pubkey), message })
        return { signature: bs58.encode(signatureOut.parse((output as { signature?: unknown } | undefined)?.signature)) }
      }
      case 'solana_signTransaction': {
        const { transaction, pubkey } = transactionParams.parse(params)
        const [output] = await feature<(input: unknown) => Promise<unknown[]>>('solana:signTransaction', 'signTransaction')({ account: account(pubkey), transaction, chain: chain() })
        const signed = bytesOut.parse((output as { signedTransaction?: unknown } | undefined)?.signedTransaction)
        return { signature: firstSignature(signed), transaction: toBase64(signed) }
      }
      case 'solana_signAllTransactions': {
        // The feature takes several inputs at once: one prompt for the batch, as wallets show it.
        const { transactions, pubkey } = allTransactionsParams.parse(params)
        const signer = account(pubkey)
        const outputs = await feature<(...inputs: unknown[]) => Promise<unknown[]>>('solana:signTransaction', 'signTransaction')(...transactions.map((transaction) => ({ account: signer, transaction, chain: chain() })))
        if (!Array.isArray(outputs) || outputs.length !== transactions.length) throw new BaseError('The wallet returned another number of transactions')
        return { transactions: outputs.map((output) => toBase64(bytesOut.parse((output as { signedTransaction?: unknown } | undefined)?.signedTransaction))) }
      }
      case 'solana_signAndSendTransaction': {
        const { transaction, pubkey, sendOptions } = transactionParams.parse(params)
        const [output] = await feature<(input: unknown) => Promise<unknown[]>>('solana:signAndSendTransaction', 'signAndSendTransaction')({
          account: account(pubkey),
          transaction,
          chain: chain(),
          ...(sendOptions ? { options: sendOptions } : {}),
        })
        return { signature: bs58.encode(signatureOut.parse((output as { signature?: unknown } | undefined)?.signature)) }
      }
      default:
        throw new BaseError(`Unsupported method: ${method.slice(0, 64)}`, { code: UNSUPPORTED_METHOD_CODE })
    }
  }

  return { wallet, request, ...standardAccountEvents(wallet, addresses) }
}

/** A serialized transaction starts with its signature count (compact-u16; one byte below 128), then the signatures. */
function firstSignature(signed: Uint8Array): string {
  const count = signed[0] ?? 0
  if (count === 0 || count >= 0x80 || signed.length < 65) throw new BaseError('The wallet returned an unsigned transaction')
  return bs58.encode(signed.subarray(1, 65))
}
