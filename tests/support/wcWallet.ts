import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, defineChain, hexToBigInt, http, isHex, numberToHex, type Address, type Hex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import type { BitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'
import { forgetGlobalCore, keepVerifyLocal, memoryKeyValueStorage, signClientOptions, uniquePrefix } from './wcOffline.js'

export interface CreateWcWalletParameters {
  relayUrl: string
  projectId?: string
  /** Anvil: one URL for every chain, or one per chain id. */
  rpcUrl: string | Record<number, string>
  privateKey: Hex
  /** The eip155 chains this wallet supports (default: those of `rpcUrl`, or 31337). */
  chains?: number[]
  /** Approve proposals and requests unless told otherwise (default true). */
  autoApprove?: boolean
  /** Also a Solana account on `chain` (answers `solana_signMessage`, base58 in and out, ed25519). */
  solana?: { seed: Uint8Array; chain: string }
  /**
   * Also a Bitcoin account on `chain`: WalletConnect's bip122 methods with their shapes (`account`
   * on every call, `signInputs` as a list, `amount` a string, a hex signature), signed by the
   * sats-connect test wallet's real regtest keys.
   */
  bitcoin?: { wallet: BitcoinTestWallet; chain: string }
}

export interface WcWalletSession {
  topic: string
  /** The approved namespaces, e.g. `{ eip155: { accounts: ['eip155:31337:0x…'], … } }`. */
  namespaces: SessionTypes.Namespaces
  /** The dapp's metadata as the wallet saw it. */
  peer: SignClientTypes.Metadata
}

export interface WcWallet {
  readonly address: Address
  readonly client: InstanceType<typeof SignClient>
  /** Method names of the session requests handled, in order (rejected ones included). */
  readonly requests: readonly string[]
  /** Topics of sessions the dapp deleted (`session_delete` seen by the wallet). */
  readonly deletedByPeer: readonly string[]
  /** Pairs with a `wc:` URI and resolves when the proposal was approved (throws when it was rejected). */
  pair(uri: string): Promise<WcWalletSession>
  /** The next session proposal is rejected (4001-style USER_REJECTED). */
  rejectNextProposal(): void
  /** The next session request is rejected with 4001 'User rejected the request.'. */
  rejectNextRequest(): void
  /** Settles when the wallet has handled `count` requests in total. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>
  /** Resolves on the next `session_delete` from the dapp. */
  nextSessionDelete(timeoutMs?: number): Promise<string>
  /** Disconnects one session (default: every session). */
  disconnect(topic?: string): Promise<void>
  emitAccountsChanged(accounts: Address[], topic?: string): Promise<void>
  emitChainChanged(chainId: number, topic?: string): Promise<void>
  /** The session topics the wallet knows. */
  sessions(): string[]
  /** Closes the relay socket and forgets the client (nothing is disconnected). */
  close(): Promise<void>
}

const SOLANA_METHODS = ['solana_signMessage']
const BIP122_METHODS = ['signMessage', 'signPsbt', 'sendTransfer']
const EIP155_METHODS = ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain']
const EIP155_EVENTS = ['chainChanged', 'accountsChanged']

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A WalletConnect wallet in Node for tests: `@walletconnect/sign-client` on the
 * local relay, a viem local account signing, anvil sending. It approves every
 * proposal with the eip155 chains it supports and answers `personal_sign`,
 * `eth_signTypedData_v4`, `eth_sendTransaction`, `eth_accounts`, `eth_chainId`
 * and `wallet_switchEthereumChain` (emitting `chainChanged`).
 * @example const wallet = await createWcWallet({ relayUrl: relay.url, rpcUrl: anvil.rpcUrl, privateKey: ANVIL_ACCOUNTS[0].privateKey }); await wallet.pair(uri)
 */
export async function createWcWallet(params: CreateWcWalletParameters): Promise<WcWallet> {
  const rpcUrls: Record<number, string> = typeof params.rpcUrl === 'string' ? Object.fromEntries((params.chains ?? [31337]).map((id) => [id, params.rpcUrl as string])) : params.rpcUrl
  const chains = params.chains ?? Object.keys(rpcUrls).map(Number)
  const account = privateKeyToAccount(params.privateKey)
  const prefix = uniquePrefix('wc-wallet')
  const client = await SignClient.init(signClientOptions({ relayUrl: params.relayUrl, projectId: params.projectId, storage: memoryKeyValueStorage(), customStoragePrefix: prefix }))
  keepVerifyLocal(client)

  const requests: string[] = []
  const deletedByPeer: string[] = []
  const deleteWaiters: ((topic: string) => void)[] = []
  let rejectProposal = params.autoApprove === false
  let rejectRequest = false
  /** Pending `pair()` calls, oldest first: each waits for the next proposal. */
  const proposalWaiters: { resolve: (s: WcWalletSession) => void; reject: (e: Error) => void }[] = []
  const activeChain = new Map<string, number>()
  // The Bitcoin keys belong to this wallet: its sats-connect signer has them unlocked from the start.
  if (params.bitcoin) await params.bitcoin.wallet.request('getAccounts', { purposes: ['payment', 'ordinals'] })
  const solanaKey = params.solana ? { seed: params.solana.seed, address: bs58.encode(ed25519.getPublicKey(params.solana.seed)) } : null

  const walletFor = (chainId: number) => {
    const url = rpcUrls[chainId]
    if (!url) throw new RequestError(4901, `The wallet has no RPC for chain ${chainId}`)
    const chain = defineChain({ id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
    return createWalletClient({ account, chain, transport: http(url) })
  }

  client.on('session_proposal', async ({ id, params: proposal }) => {
    const waiter = proposalWaiters.shift()
    try {
      if (rejectProposal) {
        rejectProposal = params.autoApprove === false
        await client.reject({ id, reason: getSdkError('USER_REJECTED') })
        waiter?.reject(new Error('The wallet rejected the session proposal.'))
        return
      }
      const namespaces = buildApprovedNamespaces({
        proposal,
        supportedNamespaces: {
          eip155: { chains: chains.map((c) => `eip155:${c}`), methods: EIP155_METHODS, events: EIP155_EVENTS, accounts: chains.map((c) => `eip155:${c}:${account.address}`) },
          ...(solanaKey && params.solana ? { solana: { chains: [params.solana.chain], methods: SOLANA_METHODS, events: [], accounts: [`${params.solana.chain}:${solanaKey.address}`] } } : {}),
          ...(params.bitcoin ? { bip122: { chains: [params.bitcoin.chain], methods: BIP122_METHODS, events: [], accounts: [`${params.bitcoin.chain}:${params.bitcoin.wallet.payment.address}`] } } : {}),
        },
      })
      const session = await client.approve({ id, namespaces })
      const settled = await session.acknowledged()
      waiter?.resolve({ topic: settled.topic, namespaces: settled.namespaces, peer: settled.peer.metadata })
    } catch (error) {
      waiter?.reject(error instanceof Error ? error : new Error(String(error)))
    }
  })

  client.on('session_request', async ({ topic, id, params: { request, chainId } }) => {
    requests.push(request.method)
    try {
      if (rejectRequest) {
        rejectRequest = false
        throw new RequestError(4001, 'User rejected the request.')
      }
      const result = await answer(topic, request.method, request.params, Number(chainId.split(':')[1]))
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const code = error instanceof RequestError ? error.code : -32603
      const message = error instanceof Error ? error.message : String(error)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } }).catch(() => {})
    }
  })

  client.on('session_delete', ({ topic }) => {
    deletedByPeer.push(topic)
    for (const waiter of deleteWaiters.splice(0)) waiter(topic)
  })

  async function answer(topic: string, method: string, rpcParams: unknown, chainId: number): Promise<unknown> {
    const list = Array.isArray(rpcParams) ? (rpcParams as unknown[]) : []
    const own = (address: unknown) => {
      if (typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase()) throw new RequestError(4100, `Unknown account ${String(address).slice(0, 64)}`)
    }
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return numberToHex(activeChain.get(topic) ?? chainId)
      case 'personal_sign': {
        const [message, address] = list
        own(address)
        if (typeof message !== 'string') throw new RequestError(-32602, 'personal_sign: the message must be a string')
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = list
        own(address)
        const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition & { types: Record<string, unknown> }
        const { EIP712Domain: _domain, ...types } = typed.types
        return account.signTypedData({ ...typed, types } as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        const tx = list[0] as { from?: string; to?: Address; value?: Hex; data?: Hex; gas?: Hex } | undefined
        if (!tx || typeof tx !== 'object') throw new RequestError(-32602, 'eth_sendTransaction: expected a transaction object')
        own(tx.from ?? account.address)
        return walletFor(chainId).sendTransaction({
          to: tx.to,
          value: tx.value ? hexToBigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
        })
      }
      case 'solana_signMessage': {
        const { message, pubkey } = (rpcParams ?? {}) as { message?: unknown; pubkey?: unknown }
        if (!solanaKey || pubkey !== solanaKey.address || typeof message !== 'string') throw new RequestError(-32602, 'solana_signMessage: expected { message: base58, pubkey }')
        return { signature: bs58.encode(ed25519.sign(bs58.decode(message), solanaKey.seed)) }
      }
      case 'signMessage':
      case 'signPsbt':
      case 'sendTransfer':
        return answerBitcoin(method, rpcParams)
      case 'wallet_switchEthereumChain': {
        const target = Number((list[0] as { chainId?: string } | undefined)?.chainId)
        if (!chains.includes(target)) throw new RequestError(4902, `Unrecognized chain ID ${target}.`)
        activeChain.set(topic, target)
        await client.emit({ topic, event: { name: 'chainChanged', data: target }, chainId: `eip155:${target}` })
        return null
      }
      default:
        throw new RequestError(4200, `The wallet does not support ${method}.`)
    }
  }

  /** WalletConnect's bip122 shapes, checked as a wallet would, then signed by the sats-connect test wallet. */
  async function answerBitcoin(method: string, rpcParams: unknown): Promise<unknown> {
    const btc = params.bitcoin
    const p = (rpcParams ?? {}) as Record<string, unknown>
    if (!btc || p.account !== btc.wallet.payment.address) throw new RequestError(-32602, `${method}: expected the connected account`)
    const call = async (name: string, args: unknown) => {
      const answer = await btc.wallet.request(name, args)
      if (answer.status === 'error') throw new RequestError(answer.error.code, answer.error.message)
      return answer.result as Record<string, string>
    }
    switch (method) {
      case 'signMessage': {
        if (typeof p.message !== 'string' || (p.protocol !== undefined && p.protocol !== 'ecdsa' && p.protocol !== 'bip322')) throw new RequestError(-32602, 'signMessage: expected { account, message, protocol? ecdsa | bip322 }')
        const { signature } = await call('signMessage', { address: p.address ?? p.account, message: p.message, protocol: p.protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' })
        // WalletConnect wallets answer the signature in hex.
        return { address: p.address ?? p.account, signature: Buffer.from(signature!, 'base64').toString('hex') }
      }
      case 'signPsbt': {
        if (typeof p.psbt !== 'string' || !Array.isArray(p.signInputs)) throw new RequestError(-32602, 'signPsbt: expected { account, psbt, signInputs: [{ address, index }] }')
        const grouped: Record<string, number[]> = {}
        for (const input of p.signInputs as { address: string; index: number }[]) (grouped[input.address] ??= []).push(input.index)
        return call('signPsbt', { psbt: p.psbt, signInputs: grouped, ...(p.broadcast === undefined ? {} : { broadcast: p.broadcast }) })
      }
      default: {
        if (typeof p.recipientAddress !== 'string' || typeof p.amount !== 'string' || !/^\d+$/.test(p.amount)) throw new RequestError(-32602, 'sendTransfer: expected { account, recipientAddress, amount (sats, a string) }')
        return call('sendTransfer', { recipients: [{ address: p.recipientAddress, amount: Number(p.amount) }] })
      }
    }
  }

  const topics = (topic?: string) => (topic ? [topic] : client.session.getAll().map((s) => s.topic))
  const timeout = <T>(promise: Promise<T>, ms: number, what: string) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen in ${ms} ms`)), ms).unref())])

  return {
    address: account.address,
    client,
    requests,
    deletedByPeer,
    pair: async (uri) => {
      const approved = new Promise<WcWalletSession>((resolve, reject) => proposalWaiters.push({ resolve, reject }))
      await client.pair({ uri })
      return approved
    },
    rejectNextProposal: () => void (rejectProposal = true),
    rejectNextRequest: () => void (rejectRequest = true),
    waitForRequests: async (count, timeoutMs = 10_000) => {
      const started = performance.now()
      while (requests.length < count) {
        if (performance.now() - started > timeoutMs) throw new Error(`the wallet handled ${requests.length} of ${count} requests in ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    nextSessionDelete: (timeoutMs = 10_000) => timeout(new Promise<string>((resolve) => deleteWaiters.push(resolve)), timeoutMs, 'session_delete'),
    disconnect: async (topic) => {
      for (const t of topics(topic)) await client.disconnect({ topic: t, reason: getSdkError('USER_DISCONNECTED') })
    },
    emitAccountsChanged: async (accounts, topic) => {
      for (const t of topics(topic)) await client.emit({ topic: t, event: { name: 'accountsChanged', data: accounts }, chainId: `eip155:${activeChain.get(t) ?? chains[0]}` })
    },
    emitChainChanged: async (chainId, topic) => {
      for (const t of topics(topic)) {
        activeChain.set(t, chainId)
        await client.emit({ topic: t, event: { name: 'chainChanged', data: chainId }, chainId: `eip155:${chainId}` })
      }
    },
    sessions: () => client.session.getAll().map((s) => s.topic),
    close: async () => {
      await closeSignClient(client)
      forgetGlobalCore(prefix)
    },
  }
}

/** Stops a SignClient's relay socket and timers so the test process can end. */
export async function closeSignClient(client: { core: { relayer: { transportClose(): Promise<void> }; heartbeat: { stop(): void } } }): Promise<void> {
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}
