import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, defineChain, formatEther, hexToBigInt, hexToString, http, isHex, numberToHex, type Address, type Hex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'

/** `config.json`, written by the dev stack; parsed at the edge. */
export const mobileWalletConfigSchema = z.object({
  projectId: z.string().min(1).max(100),
  relayUrl: z.string().regex(/^wss?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/, 'must be a local ws:// URL'),
  chains: z.array(z.object({ chainId: z.number().int().positive(), name: z.string().min(1).max(64), rpcUrl: z.string().regex(/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/, 'must be a local http:// URL') })).min(1),
  privateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
})
export type MobileWalletPageConfig = z.infer<typeof mobileWalletConfigSchema>

/** A WalletConnect v2 pairing URI: `wc:<topic>@2?…symKey=…`. */
export const wcUriSchema = z
  .string()
  .trim()
  .regex(/^wc:[0-9a-f]{64}@2\?\S*symKey=[0-9a-f]{64}/i, 'That is not a WalletConnect URI: paste the whole text starting with “wc:”.')

export interface ProposalView {
  id: number
  dappName: string
  dappUrl: string
  chains: string[]
}
export interface RequestView {
  id: number
  topic: string
  method: string
  chainId: number
  dappName: string
  /** What is being asked, as plain text. */
  detail: string
}
export interface SessionView {
  topic: string
  dappName: string
  dappUrl: string
  accounts: string[]
}
export interface MobileWalletSnapshot {
  proposals: ProposalView[]
  requests: RequestView[]
  sessions: SessionView[]
  status: string
}

/** Methods answered without asking (reads and chain switches to a known chain). */
const SILENT = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain'])
const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain']

class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const text = (value: unknown, max = 200) => String(value ?? '').slice(0, max)

/**
 * The mobile wallet's engine: a sign client on the local relay, a viem local
 * account, anvil for transactions. Proposals and signing requests wait for the
 * person; `onChange` gets a fresh snapshot after every change.
 */
export async function createMobileWallet(config: MobileWalletPageConfig, onChange: (snapshot: MobileWalletSnapshot) => void) {
  const account = privateKeyToAccount(config.privateKey as Hex)
  const chainIds = config.chains.map((c) => c.chainId)
  const client = await SignClient.init({
    relayUrl: config.relayUrl,
    projectId: config.projectId,
    metadata: { name: 'Airlock dev mobile wallet', description: 'Dev wallet for the local stack', url: location.origin, icons: [] },
    telemetryEnabled: false,
    // Same origin as the demo dapp: keep this wallet's keys apart from the dapp's WalletConnect storage.
    customStoragePrefix: 'airlock-mobile-wallet',
    logger: 'silent',
  })
  // Verify lives on verify.walletconnect.org, which a local stack never reaches: skip it (dev only).
  ;(client.core.verify as unknown as { resolve: () => Promise<unknown> }).resolve = async () => undefined

  const proposals = new Map<number, { view: ProposalView; params: ProposalTypes.Struct }>()
  const requests = new Map<number, RequestView & { params: unknown }>()
  let status = ''

  const snapshot = (): MobileWalletSnapshot => ({
    proposals: [...proposals.values()].map((p) => p.view),
    requests: [...requests.values()].map(({ params: _params, ...view }) => view),
    sessions: client.session.getAll().map((s) => ({ topic: s.topic, dappName: text(s.peer.metadata.name, 80), dappUrl: text(s.peer.metadata.url), accounts: s.namespaces.eip155?.accounts ?? [] })),
    status,
  })
  const changed = (message?: string) => {
    if (message !== undefined) status = message
    onChange(snapshot())
  }

  const walletClientFor = (chainId: number) => {
    const chain = config.chains.find((c) => c.chainId === chainId)
    if (!chain) throw new WalletRpcError(4901, `This wallet has no RPC for chain ${chainId}.`)
    const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
    return createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) })
  }

  const ownAccount = (address: unknown) => {
    if (typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase()) throw new WalletRpcError(4100, 'That account is not this wallet’s.')
  }

  async function answer(topic: string, method: string, params: unknown, chainId: number): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'wallet_switchEthereumChain': {
        const target = Number((list[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!chainIds.includes(target)) throw new WalletRpcError(4902, `Unrecognized chain ID ${text(target, 20)}.`)
        await client.emit({ topic, event: { name: 'chainChanged', data: target }, chainId: `eip155:${target}` })
        return null
      }
      case 'personal_sign': {
        ownAccount(list[1])
        if (typeof list[0] !== 'string') throw new WalletRpcError(-32602, 'personal_sign needs a message.')
        return account.signMessage({ message: isHex(list[0]) ? { raw: list[0] } : list[0] })
      }
      case 'eth_signTypedData_v4': {
        ownAccount(list[0])
        const typed = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as TypedDataDefinition & { types: Record<string, unknown> }
        const { EIP712Domain: _domain, ...types } = typed.types
        return account.signTypedData({ ...typed, types } as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        const tx = z.object({ from: z.string().optional(), to: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional(), value: z.string().regex(/^0x[0-9a-fA-F]*$/).optional(), data: z.string().regex(/^0x[0-9a-fA-F]*$/).optional(), gas: z.string().regex(/^0x[0-9a-fA-F]+$/).optional() }).parse(list[0])
        ownAccount(tx.from ?? account.address)
        return walletClientFor(chainId).sendTransaction({ to: tx.to as Address | undefined, value: tx.value ? hexToBigInt(tx.value as Hex) : undefined, data: tx.data as Hex | undefined, gas: tx.gas ? hexToBigInt(tx.gas as Hex) : undefined })
      }
      default:
        throw new WalletRpcError(4200, `This wallet does not support ${text(method, 60)}.`)
    }
  }

  /** What the person is asked to approve, in words. */
  function describe(method: string, params: unknown): string {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    try {
      if (method === 'personal_sign') {
        const message = text(list[0], 4000)
        return `Sign this message:\n${isHex(message) ? hexToString(message as Hex) : message}`
      }
      if (method === 'eth_sendTransaction') {
        const tx = (list[0] ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
        const value = typeof tx.value === 'string' && isHex(tx.value) ? formatEther(hexToBigInt(tx.value)) : '0'
        return `Send ${value} ETH to ${text(tx.to ?? '(new contract)', 42)}${typeof tx.data === 'string' && tx.data.length > 2 ? `\nwith ${(tx.data.length - 2) / 2} bytes of data` : ''}`
      }
      if (method === 'eth_signTypedData_v4') {
        const typed = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as { primaryType?: unknown; domain?: { name?: unknown } }
        return `Sign typed data ${text(typed.primaryType, 60)} for ${text(typed.domain?.name ?? 'an unnamed domain', 60)}`
      }
    } catch {
      // fall through to the raw parameters
    }
    return text(JSON.stringify(params), 2000)
  }

  const respond = async (topic: string, id: number, outcome: { result: unknown } | { error: { code: number; message: string } }) => {
    await client.respond({ topic, response: { id, jsonrpc: '2.0', ...outcome } })
  }

  client.on('session_proposal', ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    const requested = [...Object.values(params.requiredNamespaces ?? {}), ...Object.values(params.optionalNamespaces ?? {})].flatMap((ns) => ns.chains ?? [])
    proposals.set(id, { view: { id, dappName: text(params.proposer.metadata.name, 80) || 'Unnamed dapp', dappUrl: text(params.proposer.metadata.url), chains: [...new Set(requested)] }, params })
    changed(`${text(params.proposer.metadata.name, 80)} wants to connect.`)
  })

  client.on('session_request', async ({ id, topic, params }: SignClientTypes.EventArguments['session_request']) => {
    const { method, params: rpcParams } = params.request
    const chainId = Number(params.chainId.split(':')[1])
    if (SILENT.has(method)) {
      try {
        await respond(topic, id, { result: await answer(topic, method, rpcParams, chainId) })
      } catch (error) {
        await respond(topic, id, { error: { code: error instanceof WalletRpcError ? error.code : -32603, message: error instanceof Error ? error.message : 'Request failed.' } })
      }
      return
    }
    const dappName = text(client.session.getAll().find((s) => s.topic === topic)?.peer.metadata.name, 80) || 'A dapp'
    requests.set(id, { id, topic, method: text(method, 60), chainId, dappName, detail: describe(method, rpcParams), params: rpcParams })
    changed(`${dappName} asks for ${text(method, 60)}.`)
  })

  client.on('session_delete', () => changed('The dapp disconnected.'))

  return {
    address: account.address,
    snapshot,
    pair: async (uri: string) => {
      const before = status
      await client.pair({ uri })
      // The proposal may already have arrived (and been answered) while pairing: keep its newer status.
      changed(status === before ? 'Paired: waiting for the connection request…' : undefined)
    },
    approveProposal: async (id: number) => {
      const proposal = proposals.get(id)
      if (!proposal) return
      proposals.delete(id)
      try {
        const namespaces = buildApprovedNamespaces({
          proposal: proposal.params,
          supportedNamespaces: { eip155: { chains: chainIds.map((c) => `eip155:${c}`), methods: METHODS, events: ['chainChanged', 'accountsChanged'], accounts: chainIds.map((c) => `eip155:${c}:${account.address}`) } },
        })
        const { acknowledged } = await client.approve({ id, namespaces })
        await acknowledged()
        changed(`Connected to ${proposal.view.dappName}.`)
      } catch (error) {
        changed(`Could not connect: ${error instanceof Error ? error.message : String(error)}`)
      }
    },
    rejectProposal: async (id: number) => {
      if (!proposals.delete(id)) return
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
      changed('Connection request rejected.')
    },
    approveRequest: async (id: number) => {
      const request = requests.get(id)
      if (!request) return
      requests.delete(id)
      changed(`Working on ${request.method}…`)
      try {
        await respond(request.topic, id, { result: await answer(request.topic, request.method, request.params, request.chainId) })
        changed(`Approved ${request.method}.`)
      } catch (error) {
        const message = error instanceof z.ZodError ? 'The request parameters are malformed.' : error instanceof Error ? error.message : 'Request failed.'
        await respond(request.topic, id, { error: { code: error instanceof WalletRpcError ? error.code : -32603, message } }).catch(() => {})
        changed(`${request.method} failed: ${message}`)
      }
    },
    rejectRequest: async (id: number) => {
      const request = requests.get(id)
      if (!request) return
      requests.delete(id)
      await respond(request.topic, id, { error: { code: 4001, message: 'User rejected the request.' } })
      changed(`Rejected ${request.method}.`)
    },
    disconnect: async (topic: string) => {
      await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
      changed('Disconnected.')
    },
  }
}

export type MobileWallet = Awaited<ReturnType<typeof createMobileWallet>>
