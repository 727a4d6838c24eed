import { ed25519 } from '@noble/curves/ed25519'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature, StandardEventsListeners } from '@wallet-standard/features'

/** What the person is asked to approve (the dev panel or a test's answer). */
export type SolanaApproval = { kind: 'connect' } | { kind: 'signMessage'; message: Uint8Array } | { kind: 'signTransaction' | 'signAndSendTransaction'; transaction: Uint8Array; chain: IdentifierString }

export interface SolanaTestWalletOptions {
  readonly name?: string
  readonly keypair?: Keypair
  /** JSON-RPC per chain this wallet serves (`solana:<genesis prefix>` → URL), e.g. the litesvm shim's. */
  readonly rpcUrls: Readonly<Record<IdentifierString, string>>
  /** The person's answer to each request; default: approve everything. */
  readonly approve?: (request: SolanaApproval) => boolean | Promise<boolean>
  /** Where the wallet keeps whether this site may see the account (the demo page: localStorage), so a reload can reconnect silently. */
  readonly remember?: { get(): boolean; set(value: boolean): void }
}

export type SolanaTestWallet = Wallet & {
  readonly keypair: Keypair
  /** Every request shown to the person, in order. */
  readonly requests: SolanaApproval[]
}

/** The error wallets throw when the person says no (as Phantom and Solflare word it, EIP-1193's code). */
export class UserRejectedError extends Error {
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
  }
}

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA4IDgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIGZpbGw9IiM5OTQ1RkYiLz48L3N2Zz4=' as const

/**
 * A Solana wallet that speaks the Wallet Standard as browser wallets do today (`standard:connect`
 * with `silent`, `standard:disconnect`, `standard:events`, `solana:signMessage`,
 * `solana:signTransaction`, `solana:signAndSendTransaction` for legacy and v0 transactions), with a
 * real key: signatures verify, and sent transactions land on the chain behind `rpcUrls`. It is
 * "unfamiliar": no name or id any list knows. Register it with `@wallet-standard/wallet`'s
 * `registerWallet` in a page; tests may call its features directly.
 * @example const wallet = createSolanaTestWallet({ rpcUrls: { [airlockSolanaLocal.caipNetworkId]: rpc.url } })
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions): SolanaTestWallet {
  const keypair = options.keypair ?? Keypair.generate()
  const chains = Object.keys(options.rpcUrls) as IdentifierString[]
  const requests: SolanaApproval[] = []
  const listeners = new Set<StandardEventsListeners['change']>()
  let authorized = options.remember?.get() ?? false
  const account: WalletAccount = Object.freeze({ address: keypair.publicKey.toBase58(), publicKey: keypair.publicKey.toBytes(), chains, features: [...FEATURES] })
  const accounts = (): readonly WalletAccount[] => (authorized ? [account] : [])
  const ask = async (request: SolanaApproval): Promise<void> => {
    requests.push(request)
    if (!(await (options.approve ?? (() => true))(request))) throw new UserRejectedError()
  }
  const own = (input: { account: WalletAccount }): void => {
    if (!authorized || input.account.address !== account.address) throw new Error('Account not connected')
  }
  const chainOf = (chain: IdentifierString | undefined): IdentifierString => {
    const picked = chain ?? chains[0]!
    if (!chains.includes(picked)) throw new Error(`Unsupported chain: ${picked}`)
    return picked
  }
  const sign = (bytes: Uint8Array): VersionedTransaction => {
    const tx = VersionedTransaction.deserialize(bytes)
    tx.sign([keypair])
    return tx
  }
  /** One transaction input: its account and chain checked, the person asked, then signed. */
  const approvedSign = async (kind: 'signTransaction' | 'signAndSendTransaction', input: { account: WalletAccount; transaction: Uint8Array; chain?: IdentifierString }) => {
    own(input)
    const chain = chainOf(input.chain)
    await ask({ kind, transaction: input.transaction, chain })
    return { tx: sign(input.transaction), chain }
  }
  const emit = () => {
    for (const listener of [...listeners]) listener({ accounts: accounts() })
  }

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    connect: async (input) => {
      if (!authorized && input?.silent) return { accounts: [] }
      if (!authorized) {
        await ask({ kind: 'connect' })
        authorized = true
        options.remember?.set(true)
        emit()
      }
      return { accounts: accounts() }
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    disconnect: async () => {
      if (!authorized) return
      authorized = false
      options.remember?.set(false)
      emit()
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on: (event, listener) => {
      if (event !== 'change') return () => {}
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.1.0',
    signMessage: async (...inputs) => {
      const outputs = []
      for (const input of inputs) {
        own(input)
        await ask({ kind: 'signMessage', message: input.message })
        outputs.push({ signedMessage: input.message, signature: ed25519.sign(input.message, keypair.secretKey.slice(0, 32)), signatureType: 'ed25519' as const })
      }
      return outputs
    },
  }
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    signTransaction: async (...inputs) => {
      const outputs = []
      for (const input of inputs) outputs.push({ signedTransaction: (await approvedSign('signTransaction', input)).tx.serialize() })
      return outputs
    },
  }
  const signAndSendTransaction: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    signAndSendTransaction: async (...inputs) => {
      const outputs = []
      for (const input of inputs) {
        const { tx, chain } = await approvedSign('signAndSendTransaction', input)
        await new Connection(options.rpcUrls[chain]!, 'confirmed').sendRawTransaction(tx.serialize(), { skipPreflight: input.options?.skipPreflight ?? false })
        outputs.push({ signature: tx.signatures[0]! })
      }
      return outputs
    },
  }

  return {
    version: '1.0.0',
    name: options.name ?? 'Test Solana Wallet',
    icon: ICON,
    chains,
    get accounts() {
      return accounts()
    },
    features: { 'standard:connect': connect, 'standard:disconnect': disconnect, 'standard:events': events, 'solana:signMessage': signMessage, 'solana:signTransaction': signTransaction, 'solana:signAndSendTransaction': signAndSendTransaction },
    keypair,
    requests,
  }
}
