import { createWalletClient, defineChain, hexToBigInt, http, isHex, numberToHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainIdOf, rpcError, TestWalletError, USER_REJECTED, type RpcEnvelope, type RpcErrorData } from './testWalletError.js'
import { createWalletPrompts, type WalletPrompts } from './walletPrompts.js'

export { announceWallet, TEST_WALLET_INFO } from './announceWallet.js'
export { TestWalletError, USER_REJECTED, type RpcEnvelope, type RpcErrorData } from './testWalletError.js'
export type { WalletPrompts } from './walletPrompts.js'

export interface CreateTestWalletParameters {
  readonly privateKey: Hex
  /** RPC URL by chain id: the chains this wallet knows (more can be added by the dapp). */
  readonly chains: Record<number, string>
  /** The chain it starts on (default: the first of `chains`). */
  readonly chainId?: number
}

type Listener = (...args: unknown[]) => void

export interface TestWallet {
  readonly address: Address
  /** The chain the wallet is on now (possibly one it has no RPC for). */
  readonly chainId: number
  /** How often each method was called, rejected ones included. */
  readonly calls: Readonly<Record<string, number>>
  /** EIP-1193: resolves with the result or throws an Error carrying `code` (4001, 4902…). */
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** The plain core a browser bridge calls: `(method, params)` to a JSON envelope. */
  call(method: string, params?: unknown): Promise<RpcEnvelope>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  listenerCount(event: string): number
  emit(event: string, payload: unknown): void
  /** The next call of `method` fails with 4001 'User rejected the request.'. */
  rejectNext(method: string): void
  /** The next call of `method` fails with `error`. */
  failNext(method: string, error: RpcErrorData): void
  /**
   * From now on each call of `method` shows a prompt that waits for the test's answer (approve or
   * reject), one at a time: the same request while one shows fails with -32002, as in MetaMask.
   */
  holdPrompts(method: string): WalletPrompts
  /** The wallet moves by itself (the person picked another network), even to a chain the dapp does not know. */
  moveToChain(chainId: number): void
  /** The wallet forgets this site: `eth_accounts` answers [] until the next `eth_requestAccounts`. */
  forget(): void
  /** The person locks the wallet: it forgets the site and tells the page (`accountsChanged` with []), as MetaMask does. */
  lock(): void
  /** The next call of `method` never answers (a wallet whose popup was left open and forgotten). */
  hangNext(method: string): void
}

/**
 * A Node EIP-1193 wallet for tests: a viem local account that signs, and anvil behind it for
 * transactions and reads. Scriptable: reject or fail the next call of a method, move chains,
 * forget the site, emit any event.
 * @example const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNTS[0].privateKey, chains: { 31337: anvil.rpcUrl }, chainId: 31337 })
 */
export function createTestWallet({ privateKey, chains: knownChains, chainId: startChainId = Number(Object.keys(knownChains)[0]) }: CreateTestWalletParameters): TestWallet {
  const account = privateKeyToAccount(privateKey)
  const chains = new Map<number, string>(Object.entries(knownChains).map(([id, url]) => [Number(id), url]))
  const listeners = new Map<string, Set<Listener>>()
  const nextFailures = new Map<string, RpcErrorData>()
  const hanging = new Set<string>()
  const prompts = new Map<string, ReturnType<typeof createWalletPrompts>>()
  const calls: Record<string, number> = {}
  let chainId = startChainId
  let authorized = false

  const emit = (event: string, payload: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch {
        // A dapp's broken listener must not break the wallet (real wallets isolate them too).
      }
    }
  }
  const rpcUrl = (): string => {
    const url = chains.get(chainId)
    if (!url) throw new TestWalletError(rpcError(4901, `The wallet has no RPC for chain ${chainId}`))
    return url
  }
  const requireAccount = (address: unknown): void => {
    if (!authorized) throw new TestWalletError(rpcError(4100, 'The requested account has not been authorized by the user.'))
    if (typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase()) {
      throw new TestWalletError(rpcError(4100, `Unknown account ${String(address).slice(0, 64)}`))
    }
  }
  const forward = async (method: string, params: unknown): Promise<unknown> => {
    const res = await fetch(rpcUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
    const body = (await res.json()) as { result?: unknown; error?: RpcErrorData }
    if (body.error) throw new TestWalletError(body.error)
    return body.result
  }

  const handlers: Record<string, (params: unknown[]) => unknown> = {
    eth_requestAccounts: () => {
      authorized = true
      return [account.address]
    },
    eth_accounts: () => (authorized ? [account.address] : []),
    eth_chainId: () => numberToHex(chainId),
    personal_sign: ([message, address]) => {
      requireAccount(address)
      if (typeof message !== 'string') throw new TestWalletError(rpcError(-32602, 'Invalid message'))
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    },
    eth_signTypedData_v4: ([address, data]) => {
      requireAccount(address)
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as { domain?: object; types: Record<string, unknown>; primaryType: string; message: object }
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as never)
    },
    eth_sendTransaction: async ([tx]) => {
      const request = (tx ?? {}) as Record<string, Hex | undefined>
      requireAccount(request.from)
      const url = rpcUrl()
      const chain = defineChain({ id: chainId, name: `chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
      const client = createWalletClient({ account, chain, transport: http(url, { retryCount: 0 }) })
      const big = (value: Hex | undefined) => (value === undefined ? undefined : hexToBigInt(value))
      return client.sendTransaction({
        to: request.to as Address | undefined,
        data: request.data ?? request.input,
        value: big(request.value),
        gas: big(request.gas),
        ...(request.maxFeePerGas ? { maxFeePerGas: big(request.maxFeePerGas) } : request.gasPrice ? { gasPrice: big(request.gasPrice) } : {}),
      } as never)
    },
    wallet_switchEthereumChain: ([param]) => {
      const id = chainIdOf(param)
      if (!chains.has(id)) throw new TestWalletError(rpcError(4902, `Unrecognized chain ID "${numberToHex(id)}". Try adding the chain using wallet_addEthereumChain first.`))
      if (id !== chainId) {
        chainId = id
        emit('chainChanged', numberToHex(id))
      }
      return null
    },
    wallet_addEthereumChain: ([param]) => {
      const id = chainIdOf(param)
      const urls = (param as { rpcUrls?: unknown }).rpcUrls
      if (!Array.isArray(urls) || typeof urls[0] !== 'string') throw new TestWalletError(rpcError(-32602, 'rpcUrls must list at least one URL'))
      chains.set(id, urls[0])
      return null
    },
    wallet_revokePermissions: () => {
      authorized = false
      emit('accountsChanged', [])
      return null
    },
    wallet_getPermissions: () => (authorized ? [{ parentCapability: 'eth_accounts' }] : []),
  }

  const call = async (method: string, params?: unknown): Promise<RpcEnvelope> => {
    calls[method] = (calls[method] ?? 0) + 1
    if (hanging.delete(method)) return new Promise<never>(() => {})
    const scripted = nextFailures.get(method)
    if (scripted) {
      nextFailures.delete(method)
      return { error: scripted }
    }
    const prompt = prompts.get(method)
    if (prompt?.active) {
      const answer = await prompt.hold(params)
      if (answer.error) return { error: answer.error }
    }
    try {
      const handler = handlers[method]
      const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
      if (handler) return { result: await handler(list) }
      if (method.startsWith('eth_') || method === 'net_version') return { result: await forward(method, list) }
      return { error: rpcError(4200, `The wallet does not support ${method.slice(0, 64)}`) }
    } catch (error) {
      if (error instanceof TestWalletError) return { error: rpcError(error.code, error.message, error.data) }
      const short = (error as { shortMessage?: unknown }).shortMessage
      return { error: rpcError(-32603, typeof short === 'string' ? short : error instanceof Error ? error.message : 'Internal error') }
    }
  }

  return {
    address: account.address,
    get chainId() {
      return chainId
    },
    calls,
    call,
    async request(args) {
      const answer = await call(args.method, args.params)
      if ('error' in answer) throw new TestWalletError(answer.error)
      return answer.result
    },
    on: (event, listener) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(listener),
    removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    emit,
    rejectNext: (method) => void nextFailures.set(method, USER_REJECTED),
    failNext: (method, error) => void nextFailures.set(method, error),
    holdPrompts(method) {
      const prompt = createWalletPrompts(method)
      prompts.set(method, prompt)
      return prompt
    },
    moveToChain(id) {
      chainId = id
      emit('chainChanged', numberToHex(id))
    },
    forget: () => void (authorized = false),
    lock() {
      authorized = false
      emit('accountsChanged', [])
    },
    hangNext: (method) => void hanging.add(method),
  }
}
