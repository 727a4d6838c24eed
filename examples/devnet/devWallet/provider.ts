/**
 * The dev wallet's EIP-1193 provider, without any DOM: a wallet that holds
 * one anvil dev account and asks for consent through a queue that the panel
 * (or a test) answers. anvil keeps its dev accounts unlocked, so signing and
 * sending are forwarded to anvil's JSON-RPC as they are; reads go to the RPC
 * of the chain the wallet is on.
 */

export interface DevChain {
  chainId: number
  rpcUrl: string
  name: string
}

export type ConsentKind = 'connect' | 'sign' | 'signTypedData' | 'send' | 'switch' | 'addChain'

/** A request waiting for the person's Approve / Reject. Plain text only. */
export interface PendingApproval {
  readonly id: number
  readonly kind: ConsentKind
  readonly method: string
  readonly title: string
  /** Lines shown under the title, already shortened. */
  readonly details: readonly string[]
}

export interface DevWalletSnapshot {
  readonly address: string
  readonly chainId: number
  /** The site may see the account (eth_requestAccounts was approved, not revoked). */
  readonly permitted: boolean
  readonly locked: boolean
  readonly knownChains: readonly DevChain[]
  readonly pending: readonly PendingApproval[]
}

export interface DevWalletProvider {
  readonly isAirlockDevWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): DevWalletProvider
  removeListener(event: string, listener: (...args: unknown[]) => void): DevWalletProvider
}

export interface DevWallet {
  readonly provider: DevWalletProvider
  snapshot(): DevWalletSnapshot
  /** Called after every change (new request, answer, chain, lock). Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  approve(id: number): void
  reject(id: number): void
  /** Moves the wallet to a chain on its own (as a person would in the wallet), known or not. */
  moveToChain(chainId: number): void
  lock(): void
  unlock(): void
  /** Rejects everything pending and stops answering. */
  destroy(): void
}

/** The part of `Storage` the wallet uses to remember the site's permission across reloads. */
export interface DevWalletStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export interface DevWalletOptions {
  address: string
  /** Chains with an RPC (from the page config). */
  chains: readonly DevChain[]
  /** Chains the wallet knows at start; the others answer 4902 until added. Default: the first chain. */
  knownChainIds?: readonly number[]
  /** Default: the first known chain. */
  initialChainId?: number
  storage?: DevWalletStorage
  storageKey?: string
  fetch?: typeof fetch
}

/** An EIP-1193 error: `code` and `message` as wallets send them. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export const USER_REJECTED = 'User rejected the request.'
const UNAUTHORIZED = 'The requested account and/or method has not been authorized by the user.'
const UNSUPPORTED = 'The requested method is not supported by this Ethereum provider.'

const toHex = (n: number) => `0x${n.toString(16)}`
const MAX_DETAIL = 400

/** Read-only methods forwarded to the current chain's RPC without consent. */
const READ_METHODS = new Set([
  'eth_blockNumber', 'eth_call', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice', 'eth_getAccount', 'eth_getBalance', 'eth_getBlockByHash',
  'eth_getBlockByNumber', 'eth_getBlockReceipts', 'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getCode',
  'eth_getFilterChanges', 'eth_getFilterLogs', 'eth_getLogs', 'eth_getProof', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas', 'eth_newBlockFilter', 'eth_newFilter', 'eth_newPendingTransactionFilter', 'eth_sendRawTransaction', 'eth_syncing',
  'eth_uninstallFilter', 'web3_clientVersion',
])

interface Persisted {
  permitted: boolean
  locked: boolean
  chainId: number
  known: number[]
}

/**
 * Creates the wallet. Nothing is announced or drawn here: see `installDevWallet`.
 * @example const wallet = createDevWallet({ address, chains: [{ chainId: 31337, rpcUrl, name: 'Devnet' }] })
 */
export function createDevWallet(options: DevWalletOptions): DevWallet {
  const { address, chains, storage, storageKey = 'airlock-dev-wallet' } = options
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  if (chains.length === 0) throw new Error('The dev wallet needs at least one chain with an RPC URL')
  const rpcByChain = new Map(chains.map((c) => [c.chainId, c]))
  const known = new Map<number, DevChain>()
  for (const id of options.knownChainIds ?? [chains[0]!.chainId]) {
    const chain = rpcByChain.get(id)
    if (chain) known.set(id, chain)
  }
  let chainId = options.initialChainId ?? [...known.keys()][0] ?? chains[0]!.chainId
  let permitted = false
  let locked = false
  restore()

  let nextId = 1
  let destroyed = false
  const pending = new Map<number, { approval: PendingApproval; resolve: (approved: boolean) => void }>()
  const changeListeners = new Set<() => void>()
  const eventListeners = new Map<string, Set<(...args: unknown[]) => void>>()

  function restore(): void {
    try {
      const raw = storage?.getItem(storageKey)
      if (!raw) return
      const saved = JSON.parse(raw) as Partial<Persisted>
      if (typeof saved.permitted === 'boolean') permitted = saved.permitted
      if (typeof saved.locked === 'boolean') locked = saved.locked
      if (Array.isArray(saved.known)) {
        for (const id of saved.known) {
          const chain = typeof id === 'number' ? rpcByChain.get(id) : undefined
          if (chain) known.set(id, chain)
        }
      }
      if (typeof saved.chainId === 'number' && Number.isSafeInteger(saved.chainId) && saved.chainId > 0) chainId = saved.chainId
    } catch {
      // A corrupt saved value: start fresh.
    }
  }

  function persist(): void {
    try {
      const saved: Persisted = { permitted, locked, chainId, known: [...known.keys()] }
      storage?.setItem(storageKey, JSON.stringify(saved))
    } catch {
      // Storage full or blocked: the wallet still works for this page.
    }
  }

  function changed(): void {
    persist()
    for (const listener of [...changeListeners]) {
      try {
        listener()
      } catch (error) {
        console.error('[dev wallet] listener failed', error)
      }
    }
  }

  function emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(eventListeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`[dev wallet] ${event} listener failed`, error)
      }
    }
  }

  const visibleAccounts = () => (permitted && !locked ? [address] : [])

  function ask(kind: ConsentKind, method: string, title: string, details: string[]): Promise<void> {
    if (destroyed) return Promise.reject(new ProviderRpcError(4900, 'The dev wallet was removed from the page.'))
    const id = nextId++
    return new Promise<void>((resolve, reject) => {
      const approval: PendingApproval = { id, kind, method, title, details: details.map((line) => shorten(line)) }
      pending.set(id, {
        approval,
        resolve: (approved) => {
          pending.delete(id)
          if (approved) resolve()
          else reject(new ProviderRpcError(4001, USER_REJECTED))
          changed()
        },
      })
      changed()
    })
  }

  function requireAccount(): void {
    if (!permitted || locked) throw new ProviderRpcError(4100, UNAUTHORIZED)
  }

  function requireOwnAddress(value: unknown): void {
    if (typeof value !== 'string' || value.toLowerCase() !== address.toLowerCase()) {
      throw new ProviderRpcError(4100, `${UNAUTHORIZED} The dev wallet only holds ${address}.`)
    }
  }

  function currentRpc(): DevChain {
    const chain = known.get(chainId)
    if (!chain) throw new ProviderRpcError(4901, `The dev wallet is on chain ${chainId}, which has no RPC. Switch it back to a devnet chain.`)
    return chain
  }

  let rpcId = 0
  async function forward(chain: DevChain, method: string, params: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await doFetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: Array.isArray(params) ? params : params === undefined ? [] : [params] }),
      })
    } catch (error) {
      throw new ProviderRpcError(-32603, `The RPC of chain ${chain.chainId} (${chain.rpcUrl}) is not reachable: ${error instanceof Error ? error.message : String(error)}`)
    }
    let body: { result?: unknown; error?: { code?: number; message?: string; data?: unknown } }
    try {
      body = (await response.json()) as typeof body
    } catch {
      throw new ProviderRpcError(-32603, `The RPC of chain ${chain.chainId} answered HTTP ${response.status} without JSON.`)
    }
    if (body.error) throw new ProviderRpcError(typeof body.error.code === 'number' ? body.error.code : -32603, body.error.message ?? 'RPC error', body.error.data)
    return body.result ?? null
  }

  function param0(params: unknown): unknown {
    return Array.isArray(params) ? params[0] : undefined
  }

  // One connect consent at a time: a second eth_requestAccounts (a double click) waits for the same answer.
  let connecting: Promise<string[]> | null = null
  function connect(method: string): Promise<string[]> {
    if (permitted && !locked) return Promise.resolve([address])
    connecting ??= ask('connect', method, locked && permitted ? 'Unlock and connect' : 'Connect to this site', [`Account ${address}`, `Chain ${chainId}`])
      .then(() => {
        const before = visibleAccounts().length
        permitted = true
        locked = false
        changed()
        if (before === 0) emit('accountsChanged', [address])
        return [address]
      })
      .finally(() => {
        connecting = null
      })
    return connecting
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        return connect(method)
      case 'eth_accounts':
        return visibleAccounts()
      case 'eth_chainId':
        return toHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_requestPermissions': {
        await connect(method)
        return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] }]
      }
      case 'wallet_getPermissions':
        return permitted ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address] }] }] : []
      case 'wallet_revokePermissions': {
        const had = visibleAccounts().length > 0
        permitted = false
        changed()
        if (had) emit('accountsChanged', [])
        return null
      }
      case 'personal_sign': {
        requireAccount()
        const [message, from] = Array.isArray(params) ? params : []
        if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'personal_sign expects [message, address].')
        requireOwnAddress(from)
        await ask('sign', method, 'Sign message', [describeMessage(message), `Account ${address}`])
        return forward(known.get(chainId) ?? chains[0]!, 'personal_sign', [message, address])
      }
      case 'eth_signTypedData_v4': {
        requireAccount()
        const [from, data] = Array.isArray(params) ? params : []
        requireOwnAddress(from)
        const typed = parseTypedData(data)
        const domainChain = typed.domain?.chainId
        if (domainChain !== undefined && domainChain !== null && Number(domainChain) !== chainId) {
          throw new ProviderRpcError(-32602, `Provided chainId "${Number(domainChain)}" must match the active chainId "${chainId}"`)
        }
        await ask('signTypedData', method, 'Sign typed data', [
          `${typed.primaryType ?? '?'} for ${typed.domain?.name ?? 'an unnamed domain'}`,
          JSON.stringify(typed.message ?? {}),
          `Account ${address}`,
        ])
        return forward(known.get(chainId) ?? chains[0]!, 'eth_signTypedData_v4', [address, typeof data === 'string' ? data : JSON.stringify(data)])
      }
      case 'eth_sendTransaction': {
        requireAccount()
        const tx = param0(params)
        if (!tx || typeof tx !== 'object') throw new ProviderRpcError(-32602, 'eth_sendTransaction expects [transaction].')
        const { from, to, value, data, chainId: txChain } = tx as Record<string, unknown>
        requireOwnAddress(from)
        if (txChain !== undefined && Number(txChain) !== chainId) {
          throw new ProviderRpcError(-32602, `The transaction is for chain ${Number(txChain)} but the wallet is on chain ${chainId}.`)
        }
        const rpc = currentRpc()
        await ask('send', method, 'Send transaction', [
          `To ${typeof to === 'string' ? to : '(contract creation)'}`,
          `Value ${formatEther(value)} ETH on chain ${chainId}`,
          ...(typeof data === 'string' && data !== '0x' ? [`Data ${data}`] : []),
        ])
        // The chain may have changed while the person decided: never send on another chain than shown.
        if (known.get(chainId) !== rpc) throw new ProviderRpcError(4901, `The wallet moved to chain ${chainId} before the transaction was approved; nothing was sent.`)
        return forward(rpc, 'eth_sendTransaction', [{ ...(tx as object), from: address }])
      }
      case 'wallet_switchEthereumChain': {
        const target = parseChainId((param0(params) as { chainId?: unknown } | undefined)?.chainId)
        if (!known.has(target)) {
          throw new ProviderRpcError(4902, `Unrecognized chain ID "${toHex(target)}". Try adding the chain using wallet_addEthereumChain first.`)
        }
        if (target === chainId) return null
        await ask('switch', method, 'Switch network', [`From chain ${chainId} to ${known.get(target)!.name} (${target})`])
        moveTo(target)
        return null
      }
      case 'wallet_addEthereumChain': {
        const input = param0(params) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown } | undefined
        const target = parseChainId(input?.chainId)
        const offered = Array.isArray(input?.rpcUrls) ? input.rpcUrls.filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u)) : []
        // Prefer the page config's RPC for a devnet chain; otherwise the first http(s) URL the site offers.
        const rpcUrl = rpcByChain.get(target)?.rpcUrl ?? offered[0]
        if (!rpcUrl) throw new ProviderRpcError(-32602, 'wallet_addEthereumChain needs rpcUrls with an http(s) URL.')
        const name = typeof input?.chainName === 'string' && input.chainName.trim() ? input.chainName.trim().slice(0, 64) : (rpcByChain.get(target)?.name ?? `Chain ${target}`)
        if (known.has(target) && target === chainId) return null
        await ask('addChain', method, known.has(target) ? 'Switch network' : 'Add network and switch', [`${name} (${target})`, `RPC ${rpcUrl}`])
        if (!known.has(target)) known.set(target, { chainId: target, rpcUrl, name })
        moveTo(target)
        return null
      }
      default:
        if (READ_METHODS.has(method)) return forward(currentRpc(), method, params)
        throw new ProviderRpcError(4200, `${UNSUPPORTED} (${method.slice(0, 64)})`)
    }
  }

  function moveTo(target: number): void {
    if (target === chainId) return
    chainId = target
    changed()
    emit('chainChanged', toHex(target))
  }

  const provider: DevWalletProvider = {
    isAirlockDevWallet: true,
    async request(args) {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') throw new ProviderRpcError(-32600, 'Expected { method, params }.')
      return handle(args.method, args.params)
    },
    on(event, listener) {
      let set = eventListeners.get(event)
      if (!set) eventListeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      eventListeners.get(event)?.delete(listener)
      return provider
    },
  }

  return {
    provider,
    snapshot: () => ({ address, chainId, permitted, locked, knownChains: [...known.values()], pending: [...pending.values()].map((p) => p.approval) }),
    subscribe(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    approve: (id) => pending.get(id)?.resolve(true),
    reject: (id) => pending.get(id)?.resolve(false),
    moveToChain(target) {
      if (!Number.isSafeInteger(target) || target <= 0) throw new Error(`Not a chain id: ${target}`)
      moveTo(target)
    },
    lock() {
      if (locked) return
      const had = visibleAccounts().length > 0
      locked = true
      changed()
      if (had) emit('accountsChanged', [])
    },
    unlock() {
      if (!locked) return
      locked = false
      changed()
      if (permitted) emit('accountsChanged', [address])
    },
    destroy() {
      for (const entry of [...pending.values()]) entry.resolve(false)
      destroyed = true
      changeListeners.clear()
      eventListeners.clear()
    },
  }
}

function parseChainId(value: unknown): number {
  const id = typeof value === 'string' && /^0x[0-9a-fA-F]{1,15}$/.test(value) ? Number.parseInt(value, 16) : typeof value === 'number' ? value : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new ProviderRpcError(-32602, `Expected a hex chain id such as "0x7a69", got ${JSON.stringify(value)?.slice(0, 40)}.`)
  return id
}

interface TypedData {
  domain?: { name?: string; chainId?: number | string | null }
  primaryType?: string
  message?: unknown
}

function parseTypedData(data: unknown): TypedData {
  try {
    const parsed = typeof data === 'string' ? (JSON.parse(data) as unknown) : data
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as TypedData
  } catch {
    // fall through
  }
  throw new ProviderRpcError(-32602, 'eth_signTypedData_v4 expects [address, typedData JSON].')
}

/** A hex message as text when it is readable UTF-8, else the hex itself. */
export function describeMessage(message: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters (other than line breaks and tabs) mean it is not meant as text.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? message : text
  } catch {
    return message
  }
}

/** Wei (hex or decimal) as ETH with up to 6 decimals, exactly (no floating point). */
export function formatEther(value: unknown): string {
  let wei: bigint
  try {
    wei = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? BigInt(value) : 0n
  } catch {
    return String(value)
  }
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

function shorten(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text
}
