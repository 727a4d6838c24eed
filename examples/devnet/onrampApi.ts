import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { formatEther, type Address } from 'viem'
import { z } from 'zod'
import { ONRAMP_CURRENCIES, ONRAMP_LIMITS } from '../../core/constants/onrampLimits.js'
import { DEV_PRICES } from './contracts/deployDevAssets.js'
import { BodyTooLarge, readBody, requestOrigin } from './httpServer.js'
import { createAggregatorCheckout, DEV_AGGREGATOR_PATH } from './onrampAggregator.js'
import { createOnrampPay } from './onrampPay.js'
import { onrampNetworkName, orderOf, SOLD, urlRequest } from './onrampOrder.js'
import { fiatAmountSchema, fiatCents, formatCents, limitError, paymentMethodSchema, priceFromFiat } from './onrampPricing.js'
import { createOnrampSessions, type OnrampSession } from './onrampSessions.js'
import type { TreasuryChain, TreasuryCluster } from './onrampTreasury.js'

export interface OnrampApiOptions {
  /** The chains the provider sells on; read on every request, so the dev stack may fill them in late. */
  chains: () => readonly TreasuryChain[]
  /** The Solana cluster the aggregator sells SOL on (e.g. `litesvmTreasury(svm, airlockSolanaLocal)`); read on every request, null while none runs. */
  solana?: () => TreasuryCluster | null
  /** USD prices by symbol (default DEV_PRICES). */
  prices?: Readonly<Record<string, number>>
  /** The clock sessions expire by (tests move it). */
  now?: () => number
}

export interface OnrampApi {
  /** A gateway route: true when it answered. */
  route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean>
  /** The live checkout sessions, oldest first. */
  sessions(): readonly OnrampSession[]
  /** The account that pays the bought ETH (anvil account 8); SOL comes from the cluster's airdrop. */
  readonly treasury: Address
}

/** `GET /v1/onramp/options` as AppKit reads it (its PaymentCurrency and PurchaseCurrency). */
export interface OnrampOptions {
  readonly paymentCurrencies: readonly { id: string; payment_method_limits: readonly { id: string; min: string; max: string }[] }[]
  readonly purchaseCurrencies: readonly { id: string; name: string; symbol: string; networks: readonly { name: string; display_name: string; chain_id: string; contract_address: string }[] }[]
}

/** `POST /v1/onramp/quote` as AppKit reads it (its OnrampQuote): fiat amounts in the payment currency, 2 decimals. */
export interface OnrampQuote {
  readonly purchaseAmount: QuoteAmount
  readonly paymentTotal: QuoteAmount
  readonly paymentSubtotal: QuoteAmount
  readonly networkFee: QuoteAmount
  readonly coinbaseFee: QuoteAmount
  readonly quoteId: string
}
type QuoteAmount = { readonly amount: string; readonly currency: string }

const MAX_BODY = 16 * 1024

const quoteRequest = z.object({
  // AppKit sends the whole PurchaseCurrency and PaymentCurrency objects of the options; a bare id is also taken.
  purchaseCurrency: z.union([z.string().min(1).max(64), z.object({ symbol: z.string().min(1).max(64) }).transform((c) => c.symbol)]),
  paymentCurrency: z.union([z.string().min(1).max(16), z.object({ id: z.string().min(1).max(16) }).transform((c) => c.id)]),
  amount: fiatAmountSchema,
  // AppKit sends the purchase currency's symbol here: it names no chain, and every dev chain prices alike.
  network: z.string().min(1).max(100),
  /** Not sent by AppKit (its quote names no method): the limits checked are the card's unless this says otherwise. */
  paymentMethod: paymentMethodSchema.default('card'),
})

/**
 * A local on-ramp provider that really settles (issue 17), speaking the blockchain API's on-ramp
 * contract (SPEC 7): `GET /v1/onramp/options`, `POST /v1/onramp/quote` (1.5 % fee and a flat
 * network fee, priced at the dev prices) and `POST /v1/generators/onrampurl`, whose URL opens the
 * gateway's own checkout `GET /dev/onramp/pay?session=…`; its Pay button (`POST /dev/onramp/pay`)
 * makes the treasury send the bought ETH on the dev chain, once per session. The aggregator's widget
 * `GET /dev/onramp/aggregator?…` (onrampAggregator.ts) opens the same checkout, for ETH or SOL.
 * @example const onramp = createOnrampApi({ chains: () => devChains }); startGateway({ routes: onramp.route })
 */
export function createOnrampApi(options: OnrampApiOptions): OnrampApi {
  const prices = options.prices ?? DEV_PRICES
  const sessions = createOnrampSessions(options.now ? { now: options.now } : {})
  const solana = options.solana ?? (() => null)
  const pay = createOnrampPay({ sessions, chains: options.chains, solana })
  const aggregator = createAggregatorCheckout({ sessions, chains: options.chains, solana, prices })
  const usdPrice = () => prices[SOLD.symbol] ?? 0
  return {
    treasury: pay.treasury,
    sessions: () => sessions.list(),
    async route(req, url, res) {
      const key = `${req.method} ${url.pathname}`
      try {
        switch (key) {
          case 'GET /v1/onramp/options':
            answer(res, 200, onrampOptions(options.chains()))
            return true
          case 'POST /v1/onramp/quote': {
            const body = await parseBody(req, res, quoteRequest, 'quote request')
            if (body) answerQuote(res, body, usdPrice())
            return true
          }
          case 'POST /v1/generators/onrampurl': {
            const body = await parseBody(req, res, urlRequest, 'on-ramp URL request')
            if (!body) return true
            const order = orderOf(body, options.chains(), usdPrice())
            if (typeof order === 'string') answer(res, 400, { message: order })
            else answer(res, 200, { url: `${requestOrigin(req)}/dev/onramp/pay?session=${sessions.open(order).id}` })
            return true
          }
          case `GET ${DEV_AGGREGATOR_PATH}`:
            aggregator(url, res)
            return true
          case 'GET /dev/onramp/pay':
            pay.checkout(url, res)
            return true
          case 'POST /dev/onramp/pay':
            await pay.pay(req, res)
            return true
          default:
            return false
        }
      } catch (error) {
        // A bug here answers one request with its message; the gateway and the other sessions go on.
        if (!res.headersSent) answer(res, 500, { message: `On-ramp failure: ${error instanceof Error ? error.message : String(error)}` })
        else res.end()
        return true
      }
    },
  }
}

function onrampOptions(chains: readonly TreasuryChain[]): OnrampOptions {
  const payment_method_limits = Object.entries(ONRAMP_LIMITS).map(([id, { min, max }]) => ({ id, min, max }))
  return {
    paymentCurrencies: ONRAMP_CURRENCIES.map((id) => ({ id, payment_method_limits })),
    // Native ETH has no contract: its address is left empty, as providers list a chain's own coin.
    purchaseCurrencies: [{ ...SOLD, networks: chains.map((chain) => ({ name: onrampNetworkName(chain), display_name: chain.name, chain_id: String(chain.chainId), contract_address: '' })) }],
  }
}

function answerQuote(res: ServerResponse, body: z.infer<typeof quoteRequest>, usdPrice: number): void {
  const currency = ONRAMP_CURRENCIES.find((c) => c === body.paymentCurrency.toUpperCase())
  if (!currency) return answer(res, 400, { message: `Unsupported payment currency ${body.paymentCurrency}: use ${ONRAMP_CURRENCIES.join(' or ')}` })
  if (body.purchaseCurrency.toUpperCase() !== SOLD.symbol) return answer(res, 400, { message: `Unsupported purchase currency ${body.purchaseCurrency}: this dev provider sells ${SOLD.symbol}` })
  const cents = fiatCents(body.amount)!
  const outside = limitError(cents, currency, body.paymentMethod)
  if (outside) return answer(res, 400, { message: outside })
  const price = priceFromFiat(cents, currency, usdPrice)
  const fiat = (amount: bigint): QuoteAmount => ({ amount: formatCents(amount), currency })
  const quote: OnrampQuote = {
    purchaseAmount: { amount: formatEther(price.cryptoBaseUnits), currency: SOLD.symbol },
    paymentTotal: fiat(price.totalCents),
    paymentSubtotal: fiat(price.subtotalCents),
    networkFee: fiat(price.networkFeeCents),
    // The fee entry is named for the provider (SPEC 3); AppKit reads the card provider's name.
    coinbaseFee: fiat(price.providerFeeCents),
    quoteId: randomUUID(),
  }
  answer(res, 200, quote)
}

/** The request's JSON body checked by `schema`; null once it answered 400 or 413. */
async function parseBody<T extends z.ZodTypeAny>(req: IncomingMessage, res: ServerResponse, schema: T, label: string): Promise<z.infer<T> | null> {
  let body: unknown
  try {
    body = JSON.parse(await readBody(req, MAX_BODY))
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      // The rest of the body was never read: the connection cannot carry another request.
      res.setHeader('connection', 'close')
      answer(res, 413, { message: error.message })
    } else answer(res, 400, { message: 'Invalid JSON body' })
    return null
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  answer(res, 400, { message: `Invalid ${label}: ${issue.path.join('.') || 'body'}: ${issue.message}` })
  return null
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}
