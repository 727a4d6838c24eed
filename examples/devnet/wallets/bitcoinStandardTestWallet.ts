import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardEventsListeners } from '@wallet-standard/features'
import type { BitcoinAccount, BitcoinTestWallet, RpcResponse } from './bitcoinTestWallet.js'

const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction', 'bitcoin:signAndSendTransaction'] as const
const CHAIN: IdentifierString = 'bitcoin:regtest'

/** The error a wallet throws when the person says no (or the request is bad), with its code. */
class WalletError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

const toBytes = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
const hexBytes = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))

/**
 * A Bitcoin wallet that announces itself only through the Wallet Standard's Bitcoin extension
 * (`bitcoin:connect` with purposes, `bitcoin:signMessage`, `bitcoin:signTransaction`,
 * `bitcoin:signAndSendTransaction`, `standard:events`, `standard:disconnect`), as Exodus-style
 * wallets do, with no sats-connect provider. Its keys and signing are the sats-connect test
 * wallet's (`inner`), so signatures verify and transactions land on the regtest stand-in.
 * @example registerWallet(createBitcoinStandardTestWallet(createBitcoinTestWallet({ apiUrl })))
 */
export function createBitcoinStandardTestWallet(inner: BitcoinTestWallet, name = 'Standard Only BTC'): Wallet {
  const listeners = new Set<StandardEventsListeners['change']>()
  const asAccount = (account: BitcoinAccount): WalletAccount =>
    Object.freeze({ address: account.address, publicKey: hexBytes(account.publicKey), chains: [CHAIN], features: [...FEATURES] })
  let accounts: readonly WalletAccount[] = []
  inner.on('accountChange', (list) => {
    accounts = list.map(asAccount)
    for (const listener of [...listeners]) listener({ accounts })
  })
  const call = async (method: string, params: unknown): Promise<Record<string, unknown>> => {
    const answer: RpcResponse = await inner.request(method, params)
    if (answer.status === 'error') throw new WalletError(answer.error.message, answer.error.code)
    return answer.result as Record<string, unknown>
  }
  type SignInput = { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }
  const signInputs = (input: SignInput) => Object.fromEntries(input.inputsToSign.map(({ account, signingIndexes }) => [account.address, signingIndexes]))

  return {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA4IDgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIGZpbGw9IiNGNzkzMUEiLz48L3N2Zz4=',
    chains: [CHAIN],
    get accounts() {
      return accounts
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: async ({ purposes }: { purposes: string[] }) => {
          await call('getAccounts', { purposes })
          return { accounts }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ account, message }) => {
              const { signature } = await call('signMessage', { address: account.address, message: new TextDecoder().decode(message), protocol: 'BIP322' })
              return { signedMessage: message, signature: toBytes(signature as string) }
            }),
          ),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (...inputs: SignInput[]) =>
          Promise.all(inputs.map(async (input) => ({ signedPsbt: toBytes((await call('signPsbt', { psbt: toBase64(input.psbt), signInputs: signInputs(input) })).psbt as string) }))),
      },
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: async (...inputs: SignInput[]) =>
          Promise.all(inputs.map(async (input) => ({ txId: (await call('signPsbt', { psbt: toBase64(input.psbt), signInputs: signInputs(input), broadcast: true })).txid as string }))),
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void (await call('wallet_disconnect', {})) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: StandardEventsListeners['change']) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
    },
  }
}
