import { z } from 'zod'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { BaseError } from '../../errors/BaseError.js'
import { isBitcoinAddress } from '../address.js'
import { CONNECT_METHOD, DISCONNECT_METHOD } from '../announced/announcedWalletEpics.js'
import { bitcoinRequestParams } from './bitcoinRequestSchemas.js'

/** A sats-connect provider as Xverse, Leather and Magic Eden expose it: `request(method, params)`. */
export interface SatsConnectProviderLike {
  request(method: string, params?: unknown): Promise<unknown>
  /** sats-connect's event API (`accountChange`); some wallets name it `on`. Returns a remover. */
  addListener?(event: string, listener: (payload: unknown) => void): unknown
  on?(event: string, listener: (payload: unknown) => void): unknown
  removeListener?(event: string, listener: (payload: unknown) => void): unknown
}

const HEX = /^[0-9a-fA-F]+$/
const TXID = z.string().regex(/^[0-9a-fA-F]{64}$/)
const bitcoinAddress = z.string().refine((value) => isBitcoinAddress(value), 'Invalid Bitcoin address')
const accountSchema = z
  .object({
    address: bitcoinAddress,
    publicKey: z.string().max(130).regex(HEX).optional(),
    purpose: z.enum(['payment', 'ordinals', 'stacks', 'starknet', 'spark']).optional(),
    addressType: z.string().max(16).optional(),
  })
  .passthrough()
const accountsSchema = z.array(accountSchema).max(20)
/** `getAccounts` answers a list; `wallet_getAccount` an object with `addresses`. */
const accountsAnswer = z.union([accountsSchema, z.object({ addresses: accountsSchema }).passthrough().transform((value) => value.addresses)])

const PARAMS: Readonly<Record<string, z.ZodTypeAny>> = bitcoinRequestParams(bitcoinAddress)
const RESULTS: Readonly<Record<string, z.ZodTypeAny>> = {
  signMessage: z.object({ signature: z.string().min(1).max(2_048), address: z.string().max(100).optional(), protocol: z.string().max(16).optional(), messageHash: z.string().max(200).optional() }).passthrough(),
  signPsbt: z.object({ psbt: z.string().max(1_600_000), txid: TXID.optional() }).passthrough(),
  sendTransfer: z.object({ txid: TXID }).passthrough(),
}

/** Answers come as JSON-RPC (`{ result }` / `{ error }`) from the raw provider, or as sats-connect's `{ status }` from its wrapper. */
function unwrap(answer: unknown): unknown {
  if (answer === null || typeof answer !== 'object') throw new BaseError('The wallet sent a malformed answer')
  const { status, result, error } = answer as { status?: unknown; result?: unknown; error?: unknown }
  if (error !== undefined && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    throw new BaseError(typeof message === 'string' ? message.slice(0, 200) : 'The wallet refused the request', { ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}) })
  }
  if (status !== undefined && status !== 'success') throw new BaseError('The wallet refused the request')
  if (!('result' in answer)) throw new BaseError('The wallet sent a malformed answer')
  return result
}

/** The payment account first (SPEC: the default Bitcoin account), then the others. */
function addressesOf(accounts: z.infer<typeof accountsSchema>): string[] {
  const payment = accounts.filter((a) => a.purpose === undefined || a.purpose === 'payment')
  const others = accounts.filter((a) => (a.purpose === 'ordinals') && !payment.includes(a))
  return [...payment, ...others].map((a) => a.address)
}

/**
 * Speaks to a sats-connect Bitcoin wallet through one `request()`: the host's methods are the
 * wallet's own (`signMessage` { address, message, protocol? 'ECDSA' | 'BIP322' },
 * `signPsbt` { psbt: base64, signInputs: { [address]: input indexes }, broadcast? },
 * `sendTransfer` { recipients: [{ address, amount (sats) }] }), params and answers parsed with zod;
 * Airlock's epics also use `airlock_connect` (`getAccounts` for payment and ordinals; silent:
 * `wallet_getAccount`, which never prompts) and `airlock_disconnect`. Addresses come payment first.
 * @example await provider.request({ method: 'sendTransfer', params: { recipients: [{ address, amount: 10_000 }] } })
 */
export function satsConnectProvider(wallet: SatsConnectProviderLike): Eip1193Provider {
  const call = async (method: string, params?: unknown): Promise<unknown> => unwrap(await wallet.request(method, params))
  const listeners = new Map<(...args: unknown[]) => void, () => void>()
  return {
    async request({ method, params }) {
      switch (method) {
        case CONNECT_METHOD: {
          if ((params as { silent?: unknown } | undefined)?.silent === true) {
            // Only a wallet that already trusts this site answers without a prompt; any refusal means "not now".
            const answer = await call('wallet_getAccount', {}).catch(() => [])
            return addressesOf(accountsAnswer.parse(answer))
          }
          return addressesOf(accountsAnswer.parse(await call('getAccounts', { purposes: ['payment', 'ordinals'] })))
        }
        case DISCONNECT_METHOD:
          await call('wallet_disconnect', {}).catch(() => undefined)
          return null
        default: {
          const schema = Object.hasOwn(PARAMS, method) ? PARAMS[method] : undefined
          if (!schema) throw new BaseError(`Unsupported method: ${method.slice(0, 64)}`, { code: 4200 })
          return RESULTS[method]!.parse(await call(method, schema.parse(params)))
        }
      }
    },
    on(event, listener) {
      if (event !== 'accountsChanged' || listeners.has(listener)) return
      const onChange = (payload: unknown): void => {
        // sats-connect sends `{ type: 'accountChange', addresses }`; some wallets the list itself.
        const list = Array.isArray(payload) ? payload : (payload as { addresses?: unknown } | null)?.addresses
        const parsed = accountsSchema.safeParse(list ?? [])
        if (parsed.success) listener(addressesOf(parsed.data))
      }
      const add = wallet.addListener ?? wallet.on
      const off = add?.call(wallet, 'accountChange', onChange)
      listeners.set(listener, typeof off === 'function' ? (off as () => void) : () => void wallet.removeListener?.call(wallet, 'accountChange', onChange))
    },
    removeListener(_event, listener) {
      listeners.get(listener)?.()
      listeners.delete(listener)
    },
  }
}
