import bs58 from 'bs58'
import type { ServerResponse } from 'node:http'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { ONRAMP_CURRENCIES } from '../../core/constants/onrampLimits.js'
import { DEV_AGGREGATOR_PUBLIC_KEY } from './devAggregator.js'
import { COINS } from './onrampOrder.js'
import { messagePage } from './onrampPage.js'
import { fiatAmountSchema, fiatCents, limitError, paymentMethodSchema, priceFromFiat } from './onrampPricing.js'
import type { EvmOnrampOrder, OnrampOrder, OnrampSessions, SolanaOnrampOrder } from './onrampSessions.js'
import type { TreasuryChain, TreasuryCluster } from './onrampTreasury.js'

// The key and path live in the browser-safe devAggregator.ts, which the demo's options read too.
export { DEV_AGGREGATOR_PATH, DEV_AGGREGATOR_PUBLIC_KEY } from './devAggregator.js'

const upper = <T extends z.ZodTypeAny>(schema: T) => z.string().max(16).transform((s) => s.toUpperCase()).pipe(schema)

/** The widget's query, as the client's aggregator URL builds it (codes case-insensitive, as such widgets take them). */
const aggregatorQuery = z.object({
  publicKey: z.string().min(1).max(256),
  destinationCurrencyCode: upper(z.string().min(1)),
  walletAddress: z.string().min(1).max(100),
  externalCustomerId: z.string().max(256).default(''),
  sourceAmount: fiatAmountSchema,
  sourceCurrencyCode: upper(z.enum(ONRAMP_CURRENCIES)),
  paymentMethodType: paymentMethodSchema.default('card'),
  /** CAIP-2: `eip155:31337`, or the Solana cluster's id. */
  network: z.string().min(1).max(100),
})
type AggregatorQuery = z.infer<typeof aggregatorQuery>
const PARAMETERS = Object.keys(aggregatorQuery.shape)

export interface AggregatorOptions {
  sessions: OnrampSessions
  chains: () => readonly TreasuryChain[]
  solana: () => TreasuryCluster | null
  /** USD prices by symbol (ETH, SOL). */
  prices: Readonly<Record<string, number>>
}

type Refusal = { readonly status: 400 | 401; readonly message: string }
type Destination = ({ family: 'eip155' } & Pick<EvmOnrampOrder, 'destination' | 'chainId' | 'networkName'>) | Pick<SolanaOnrampOrder, 'family' | 'destination' | 'caipNetworkId' | 'networkName'>

/**
 * `GET /dev/onramp/aggregator?publicKey=…&network=…`: a local stand-in for the aggregator's widget
 * (SPEC: EVM and Solana). No service call precedes it (the client builds the URL), so the order is
 * checked here; a valid one opens a checkout session and redirects (303) to the shared checkout,
 * whose Pay settles it; a refused one answers an error page naming the parameter.
 * @example const open = createAggregatorCheckout({ sessions, chains, solana, prices }); open(url, res)
 */
export function createAggregatorCheckout(options: AggregatorOptions): (url: URL, res: ServerResponse) => void {
  return (url, res) => {
    const order = aggregatorOrder(url.searchParams, options)
    if ('status' in order) return messagePage(res, order.status, order.status === 401 ? 'Unauthorized' : 'Bad request', order.message, { provider: 'aggregator' })
    // Relative: the checkout is on this gateway, whatever name the pop-up reached it by.
    res.writeHead(303, { location: `/dev/onramp/pay?session=${options.sessions.open(order).id}`, 'cache-control': 'no-store' })
    res.end()
  }
}

function aggregatorOrder(params: URLSearchParams, options: AggregatorOptions): OnrampOrder | Refusal {
  // Known parameters only, first value of each: a widget ignores the rest.
  const query = Object.fromEntries(PARAMETERS.flatMap((key) => (params.has(key) ? [[key, params.get(key)!]] : [])))
  // The key first, as a real widget authenticates before it reads the order.
  if (query.publicKey !== undefined && query.publicKey !== DEV_AGGREGATOR_PUBLIC_KEY) {
    return { status: 401, message: `Invalid parameter publicKey: not this provider's key (the dev stack's is ${DEV_AGGREGATOR_PUBLIC_KEY})` }
  }
  const parsed = aggregatorQuery.safeParse(query)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { status: 400, message: `Invalid parameter ${issue.path.join('.')}: ${issue.message}` }
  }
  const body = parsed.data
  const destination = destinationOf(body, options)
  if (typeof destination === 'string') return { status: 400, message: destination }
  const coin = COINS[destination.family]
  if (body.destinationCurrencyCode !== coin.symbol) return { status: 400, message: `Invalid parameter destinationCurrencyCode: ${body.destinationCurrencyCode} is not sold on ${body.network}; this dev provider sells ${coin.symbol} there` }
  const cents = fiatCents(body.sourceAmount)!
  const outside = limitError(cents, body.sourceCurrencyCode, body.paymentMethodType)
  if (outside) return { status: 400, message: outside }
  const price = priceFromFiat(cents, body.sourceCurrencyCode, options.prices[coin.symbol] ?? 0, coin.decimals)
  return { ...destination, symbol: coin.symbol, price, partnerUserId: body.externalCustomerId, provider: 'aggregator', paymentMethod: body.paymentMethodType }
}

/** Where the order pays out: the network the CAIP-2 id names and the wallet on it, or why not. */
function destinationOf({ network, walletAddress }: AggregatorQuery, { chains, solana }: AggregatorOptions): Destination | string {
  const cluster = solana()
  if (cluster && network === cluster.caipNetworkId) {
    if (!isSolanaKey(walletAddress)) return `Invalid parameter walletAddress: ${walletAddress} is not a Solana public key`
    return { family: 'solana', destination: walletAddress, caipNetworkId: cluster.caipNetworkId, networkName: cluster.name }
  }
  const chain = chains().find((c) => `eip155:${c.chainId}` === network)
  if (chain) {
    if (!isAddress(walletAddress, { strict: false })) return `Invalid parameter walletAddress: ${walletAddress} is not an EVM address`
    return { family: 'eip155', destination: getAddress(walletAddress), chainId: chain.chainId, networkName: chain.name }
  }
  const known = [...chains().map((c) => `eip155:${c.chainId}`), ...(cluster ? [cluster.caipNetworkId] : [])]
  return `Unsupported network ${network}: this dev provider sells on ${known.join(', ') || 'none running'}`
}

/** A base58 string of 32 bytes, as Solana writes a public key (off-curve ones too: a program's account may buy). */
function isSolanaKey(text: string): boolean {
  try {
    return bs58.decode(text).length === 32
  } catch {
    return false
  }
}
