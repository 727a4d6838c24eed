import { createWalletClient, defineChain, type Hex, http, isHex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { FrameRpcRequest } from '../../../core/frame/index.js'
import { isFrameRpcMethodSafe } from '../../../core/frame/index.js'
import type { FrameConfig } from './frameConfig.js'

type Chain = FrameConfig['chains'][number]

/** A JSON-RPC call to the chain itself (reads, raw transactions, dev funding). */
export async function chainRpc(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (body.error) throw new Error(body.error.message ?? 'RPC error')
  return body.result
}

/** Dev only: gives a new account 100 ETH on every devnet chain, so sends work at once. */
export async function fund(config: FrameConfig, address: string): Promise<void> {
  await Promise.all(config.chains.map((chain) => chainRpc(chain.rpcUrl, 'anvil_setBalance', [address, '0x56bc75e2d63100000']).catch(() => undefined)))
}

/**
 * Refuses a request that names another account than the signed-in one ('Address mismatch'),
 * before the person is asked anything: the frame never shows a request it could not sign.
 */
export function assertOwnAccount(request: FrameRpcRequest, privateKey: Hex): void {
  const own = privateKeyToAccount(privateKey).address.toLowerCase()
  const named =
    request.method === 'personal_sign'
      ? (request.params as [string, string])[1]
      : request.method === 'eth_signTypedData_v4'
        ? (request.params as [string, unknown])[0]
        : request.method === 'eth_sendTransaction'
          ? (request.params as [{ from?: string }])[0].from
          : request.method === 'wallet_sendCalls'
            ? (request.params as [{ from?: string }])[0].from
            : undefined
  if (named !== undefined && named.toLowerCase() !== own) throw new Error('Address mismatch')
}

/**
 * Answers one rpc request for the signed-in user: signing with the key that never leaves this
 * origin, sending as a raw transaction to anvil, and forwarding safe reads to the chain.
 */
export async function handleRpc(request: FrameRpcRequest, privateKey: Hex, chain: Chain): Promise<unknown> {
  const account = privateKeyToAccount(privateKey)
  const same = (address: string) => address.toLowerCase() === account.address.toLowerCase()
  switch (request.method) {
    case 'personal_sign': {
      const [message, address] = request.params as [string, string]
      if (!same(address)) throw new Error('Address mismatch')
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = request.params as [string, string | Record<string, unknown>]
      if (!same(address)) throw new Error('Address mismatch')
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition & { types: Record<string, unknown> }
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({ ...typed, types } as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const [tx] = request.params as [{ from?: string; to?: Hex; data?: Hex; value?: Hex; gas?: Hex }]
      if (tx.from && !same(tx.from)) throw new Error('Address mismatch')
      const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
      const client = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) })
      return client.sendTransaction({
        to: tx.to ?? null,
        ...(tx.data ? { data: tx.data } : {}),
        value: tx.value ? BigInt(tx.value) : 0n,
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
      })
    }
    case 'eth_accounts':
      return [account.address]
    case 'eth_chainId':
      return `0x${chain.chainId.toString(16)}`
    case 'wallet_getCapabilities':
      return {}
    default:
      if (isFrameRpcMethodSafe(request.method)) return chainRpc(chain.rpcUrl, request.method, request.params)
      throw new Error(`${request.method} is not supported by the dev frame`)
  }
}
