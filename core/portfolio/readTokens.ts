import { z } from 'zod'
import { parseCaipAddress } from '../chains/caip.js'
import type { Network } from '../chains/types.js'
import { AUTH_CONNECTOR_ID } from '../connectors/auth/authSession.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../connectors/walletConnect/constants.js'
import { WALLET_ASSETS_TIMEOUT_MS } from '../constants/timing.js'
import type { AirlockDeps } from '../deps.js'
import { formatUnits } from 'viem'
import type { AirlockState } from '../state.js'
import { readNativeBalance } from '../slices/balances/readNativeBalance.js'
import { serviceOrigin, serviceParams } from './serviceParams.js'
import { balanceResponse, priceResponse } from './portfolioSchemas.js'
import { tokenEntry } from './tokenEntry.js'
import type { TokenBalance } from './types.js'

/** One EIP-1193 request with the wallet's answer checked; the wallet is never trusted. */
type WalletRequest = (method: string, params: unknown[]) => Promise<unknown>

const hex = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/)
/** SPEC 3 "Wallet asset" (EIP-7811 `wallet_getAssets`). */
const walletAsset = z.object({
  address: z.string().max(200),
  balance: hex,
  type: z.string().max(20),
  metadata: z
    .object({ name: z.string().max(200).catch(''), symbol: z.string().max(32), decimals: z.number().int().min(0).max(255), price: z.number().finite().nonnegative().optional(), value: z.number().finite().nonnegative().optional() })
    .passthrough(),
})

/**
 * The wallet's own asset list (EIP-7811) when its capabilities say it can discover assets on the
 * network (SPEC 7), else null so the data service answers. Errors mean "no": most wallets do not
 * know these methods.
 * @example await walletAssets(request, '0xabc…', network) // [{ symbol: 'USDC', … }] or null
 */
export async function walletAssets(request: WalletRequest, address: string, network: Network): Promise<TokenBalance[] | null> {
  const chainHex = `0x${Number(network.id).toString(16)}`
  const capabilities = await request('wallet_getCapabilities', [address]).catch(() => null)
  const discovery = z.record(z.object({ assetDiscovery: z.object({ supported: z.boolean() }).partial() }).partial()).safeParse(capabilities)
  if (!discovery.success || discovery.data[chainHex]?.assetDiscovery?.supported !== true) return null
  const answer = z.record(z.array(z.unknown()).max(500)).safeParse(await request('wallet_getAssets', [{ account: address, chainFilter: [chainHex] }]).catch(() => null))
  if (!answer.success) return null
  return (answer.data[chainHex] ?? []).flatMap((entry) => {
    const asset = walletAsset.safeParse(entry)
    if (!asset.success || asset.data.metadata.decimals === 0) return []
    const { metadata, type, address: token } = asset.data
    const numeric = formatUnits(BigInt(asset.data.balance), metadata.decimals)
    const price = metadata.price ?? 0
    return [
      {
        name: metadata.name,
        symbol: metadata.symbol,
        chainId: network.caipNetworkId,
        ...(type.toUpperCase() === 'NATIVE' ? {} : { address: `${network.caipNetworkId}:${token}` }),
        value: metadata.value ?? Number(numeric) * price,
        price,
        quantity: { decimals: String(metadata.decimals), numeric },
        iconUrl: '',
      },
    ]
  })
}

export interface ReadTokensParameters {
  readonly state: AirlockState
  readonly deps: AirlockDeps
  /** CAIP-10: the account on the network to read. */
  readonly key: string
  readonly force: boolean
  readonly signal: AbortSignal
}

/**
 * The account's tokens on one network (SPEC 4, 7): an EVM wallet that discovers assets answers
 * first; then the data service (`/v1/account/{address}/balance`, `forceUpdate` after a send, EVM
 * and Solana); without a project id, from the RPC: on EVM the native balance and the host's
 * listed tokens, on Solana SOL and every SPL token held; on Bitcoin the native balance.
 * @example await readTokens({ state, deps, key: 'eip155:1:0xabc…', force: false, signal })
 */
export async function readTokens({ state, deps, key, force, signal }: ReadTokensParameters): Promise<TokenBalance[]> {
  const { chainNamespace: namespace, chainId: reference, address } = parseCaipAddress(key)
  const caip2 = `${namespace}:${reference}`
  const network = state.options.networks.find((n) => n.caipNetworkId === caip2)
  if (!network) throw new Error('Unsupported chain')
  const connectorId = state.connection.namespaces[namespace]?.connectorId
  const provider = connectorId ? (deps.providers.get(connectorId) as { request?: (args: { method: string; params: unknown[] }) => Promise<unknown> } | undefined) : undefined
  // WalletConnect wallets may prompt on an unknown method and the embedded wallet has no asset list.
  if (namespace === 'eip155' && provider?.request && connectorId !== WALLET_CONNECT_CONNECTOR_ID && connectorId !== AUTH_CONNECTOR_ID) {
    const request: WalletRequest = (method, params) => provider.request!({ method, params })
    // A wallet that never answers must not hold the tab: after the wait the data service answers.
    const fromWallet = await new Promise<TokenBalance[] | null>((resolve) => {
      const wait = deps.scheduler.schedule(() => resolve(null), WALLET_ASSETS_TIMEOUT_MS)
      void walletAssets(request, address, network).catch(() => null).then((assets) => {
        wait.unsubscribe()
        resolve(assets)
      })
    })
    if (fromWallet) return state.options.projectId ? withPrices(fromWallet, state, deps, signal) : fromWallet
  }
  // Bitcoin: the native balance from its API (the data service answers for EVM and Solana).
  if (state.options.projectId && (namespace === 'eip155' || namespace === 'solana')) {
    return deps.http.blockchain.get({
      path: `/v1/account/${encodeURIComponent(address)}/balance`,
      params: { currency: 'usd', chainId: caip2, ...(force ? { forceUpdate: 'true' } : {}), ...serviceParams(state) },
      schema: balanceResponse(serviceOrigin(deps)),
      signal,
    })
  }
  if (namespace === 'eip155') {
    const { readTokensByRpc } = await import('./readTokensByRpc.js')
    return readTokensByRpc({ network, address, tokens: state.options.tokens[caip2] ?? [], signal })
  }
  if (namespace === 'solana') {
    const { readSolanaTokens } = await import('./readSolanaTokens.js')
    return readSolanaTokens({ network, address, signal })
  }
  return [tokenEntry(network, network.nativeCurrency, await readNativeBalance({ network, address, signal }))]
}

/**
 * The wallet's own asset list carries no USD prices: the data service's `POST /v1/fungible/price`
 * (SPEC 7) prices the tokens it knows, matched by symbol; a failed call leaves them unpriced.
 * @example await withPrices(assets, state, deps, signal)
 */
export async function withPrices(tokens: TokenBalance[], state: AirlockState, deps: AirlockDeps, signal: AbortSignal): Promise<TokenBalance[]> {
  const addresses = tokens.flatMap((t) => (t.address && t.price === 0 ? [t.address] : []))
  if (addresses.length === 0) return tokens
  const answer = await deps.http.blockchain
    .post({ path: '/v1/fungible/price', body: { currency: 'usd', addresses, projectId: state.options.projectId }, schema: priceResponse, signal })
    .catch(() => null)
  if (!answer) return tokens
  const prices = new Map(answer.fungibles.map((f) => [f.symbol.toLowerCase(), f.price]))
  return tokens.map((t) => {
    const price = t.address && t.price === 0 ? prices.get(t.symbol.toLowerCase()) : undefined
    return price === undefined ? t : { ...t, price, value: Number(t.quantity.numeric) * price }
  })
}
