import { z } from 'zod'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { BaseError } from '../../errors/BaseError.js'
import { isBitcoinAddress } from '../address.js'
import { bitcoinRequestParams } from './bitcoinRequestSchemas.js'
import { CONNECT_METHOD, DISCONNECT_METHOD } from '../announced/announcedWalletEpics.js'
import { accountObject, featureMethod, fromBase64, standardAccountEvents, standardDisconnect, toBase64, UNSUPPORTED_METHOD_CODE, type StandardWalletLike } from '../announced/standardWallet.js'

/** A wallet's signature, PSBT or account list bigger than these is not one. */
const MAX_SIGNATURE_BYTES = 1_024
const MAX_PSBT_BYTES = 600_000
const MAX_ACCOUNTS = 20

const bitcoinAddress = z.string().refine((value) => isBitcoinAddress(value), 'Invalid Bitcoin address')
const accountsSchema = z.array(z.object({ address: bitcoinAddress, publicKey: z.instanceof(Uint8Array).optional() }).passthrough()).max(MAX_ACCOUNTS)
const bytes = (max: number) => z.instanceof(Uint8Array).refine((value) => value.length > 0 && value.length <= max, 'Invalid bytes')
const PARAMS = bitcoinRequestParams(bitcoinAddress)
const TXID = z.string().regex(/^[0-9a-fA-F]{64}$/)

/** Taproot (witness v1) addresses are the ordinals accounts by convention; the rest pay. */
const isTaproot = (address: string): boolean => /^(bc1p|tb1p|bcrt1p)/i.test(address)

/** The payment accounts first (SPEC: the default Bitcoin account), then Taproot (ordinals) ones. */
function addressesOf(accounts: unknown): string[] {
  const list = accountsSchema.parse(accounts).map((a) => a.address)
  return [...list.filter((a) => !isTaproot(a)), ...list.filter(isTaproot)]
}

/**
 * Speaks to a Wallet Standard Bitcoin wallet (the `bitcoin:` features of the Bitcoin extension:
 * `bitcoin:connect` with purposes, `bitcoin:signMessage`, `bitcoin:signTransaction`,
 * `bitcoin:signAndSendTransaction`) through the same `request()` as sats-connect wallets, so a host
 * writes one code path: `signMessage` { address, message } → { signature: base64, address,
 * protocol } (the wallet picks the scheme: 65 bytes is BIP-137 ECDSA, else BIP-322), `signPsbt`
 * { psbt: base64, signInputs, broadcast? } → { psbt } or, broadcast, { txid }. `sendTransfer` has
 * no feature of its own here and answers 4200. After a reload the accounts the wallet already
 * lists reconnect without a prompt (there is no silent connect in this extension). Every answer is
 * parsed; `chain` names the active network's `bitcoin:` chain.
 * @example await provider.request({ method: 'signPsbt', params: { psbt, signInputs: { [address]: [0] } } })
 */
export function bitcoinStandardProvider(wallet: StandardWalletLike, chain: () => string | undefined): Eip1193Provider {
  const feature = <T>(name: string, method: string): T => featureMethod<T>(wallet, name, method)
  const signed = <T>(outputs: unknown, schema: z.ZodType<T>): T => {
    const [first] = Array.isArray(outputs) ? outputs : []
    return schema.parse(first)
  }
  return {
    async request({ method, params }) {
      switch (method) {
        case CONNECT_METHOD: {
          if ((params as { silent?: unknown } | undefined)?.silent === true) return addressesOf(wallet.accounts)
          const output = await feature<(input: unknown) => Promise<{ accounts?: unknown } | undefined>>('bitcoin:connect', 'connect')({ purposes: ['payment', 'ordinals'] })
          return addressesOf(output?.accounts ?? wallet.accounts)
        }
        case DISCONNECT_METHOD:
          return standardDisconnect(wallet)
        case 'signMessage': {
          const { address, message } = PARAMS.signMessage.parse(params)
          const outputs = await feature<(input: unknown) => Promise<unknown>>('bitcoin:signMessage', 'signMessage')({ account: accountObject(wallet, address), message: new TextEncoder().encode(message) })
          const { signature } = signed(outputs, z.object({ signature: bytes(MAX_SIGNATURE_BYTES) }).passthrough())
          return { signature: toBase64(signature), address, protocol: signature.length === 65 ? 'ECDSA' : 'BIP322' }
        }
        case 'signPsbt': {
          const { psbt: base64, signInputs, broadcast } = PARAMS.signPsbt.parse(params)
          const psbt = fromBase64(base64)
          if (!psbt) throw new BaseError('Expected a base64 PSBT', { code: -32602 })
          const input = {
            psbt,
            inputsToSign: Object.entries(signInputs).map(([address, signingIndexes]) => ({ account: accountObject(wallet, address), signingIndexes })),
            ...(chain() ? { chain: chain() } : {}),
          }
          if (broadcast) {
            const outputs = await feature<(input: unknown) => Promise<unknown>>('bitcoin:signAndSendTransaction', 'signAndSendTransaction')(input)
            return { txid: signed(outputs, z.object({ txId: TXID }).passthrough()).txId }
          }
          const outputs = await feature<(input: unknown) => Promise<unknown>>('bitcoin:signTransaction', 'signTransaction')(input)
          return { psbt: toBase64(signed(outputs, z.object({ signedPsbt: bytes(MAX_PSBT_BYTES) }).passthrough()).signedPsbt) }
        }
        default:
          throw new BaseError(`Unsupported method: ${method.slice(0, 64)}`, { code: UNSUPPORTED_METHOD_CODE })
      }
    },
    ...standardAccountEvents(wallet, addressesOf),
  }
}
