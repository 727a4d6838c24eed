import { z } from 'zod'
import { ONRAMP_CURRENCIES, ONRAMP_LIMITS } from '../../core/constants/onrampLimits.js'

export type FiatCurrency = (typeof ONRAMP_CURRENCIES)[number]
export type PaymentMethod = keyof typeof ONRAMP_LIMITS

/** The dev provider's fee, 1.5 % of the payment (SPEC 9: the card provider charges 1-2 %), in basis points. */
export const PROVIDER_FEE_BPS = 150n
/** A flat network fee in cents of the payment currency: dev gas is free, but a real provider passes some on and the quote shows it. */
export const NETWORK_FEE_CENTS = 50n
/** What one unit of a payment currency is worth in micro-USD. 1 EUR = 1.08 USD: a fixed dev rate, the dev stack has no FX feed. */
export const USD_MICROS_PER_FIAT: Readonly<Record<FiatCurrency, bigint>> = { USD: 1_000_000n, EUR: 1_080_000n }
/** Bought amounts keep 8 decimals, as providers show them; the chain then gets exactly the amount shown. */
export const CRYPTO_DECIMALS = 8

/** ETH's decimals, the default coin's. */
const ETH_DECIMALS = 18
const BPS = 10_000n
/** A fiat amount as AppKit sends it (`String(number)`) or as a limit reads: digits, at most 2 decimals. */
const FIAT_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/

/** A priced purchase: the fiat side in cents of its currency, the crypto side in the coin's smallest unit. */
export interface OnrampPrice {
  readonly currency: FiatCurrency
  /** What the buyer pays, fees included. */
  readonly totalCents: bigint
  /** The fiat value of the crypto bought, fees excluded. */
  readonly subtotalCents: bigint
  readonly providerFeeCents: bigint
  readonly networkFeeCents: bigint
  /** The coin bought in its smallest unit: wei for ETH, lamports for SOL (the name predates SOL). */
  readonly cryptoBaseUnits: bigint
}

/**
 * A fiat decimal string in cents; null when it is not one.
 * @example fiatCents('12.5') // 1250n
 */
export function fiatCents(amount: string): bigint | null {
  const match = FIAT_AMOUNT.exec(amount)
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null
}

/** A request's fiat amount: a decimal string fiatCents reads. */
export const fiatAmountSchema = z.string().max(20).refine((a) => fiatCents(a) !== null, 'Expected a decimal amount with at most 2 decimals, e.g. "100.00"')
/** A request's payment method, one the limits name. */
export const paymentMethodSchema = z.enum(Object.keys(ONRAMP_LIMITS) as [PaymentMethod])

/**
 * Cents as the provider writes an amount.
 * @example formatCents(1050n) // '10.50'
 */
export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}

/** Null when `cents` is within the method's limits (SPEC 9), else why not. */
export function limitError(cents: bigint, currency: FiatCurrency, method: PaymentMethod): string | null {
  const { min, max } = ONRAMP_LIMITS[method]
  if (cents >= fiatCents(min)! && cents <= fiatCents(max)!) return null
  return `Amount ${formatCents(cents)} ${currency} is outside the ${method} limits ${min}-${max} ${currency}`
}

/** The price in micro-USD, from a dev price in USD (e.g. 3000 for ETH). */
function usdMicros(usdPrice: number): bigint {
  if (!(usdPrice > 0)) throw new Error(`No dev price to sell at (${usdPrice})`)
  return BigInt(Math.round(usdPrice * 1e6))
}

/** Smallest units in one coin of `decimals`, and the step that cuts an amount to CRYPTO_DECIMALS. */
function units(decimals: number): { perCoin: bigint; step: bigint } {
  return { perCoin: 10n ** BigInt(decimals), step: 10n ** BigInt(Math.max(0, decimals - CRYPTO_DECIMALS)) }
}

/**
 * What paying `totalCents` buys: the provider fee (rounded half up) and the network fee come off
 * the payment, the rest buys crypto at `usdPrice`, cut to 8 decimals; `decimals` are the coin's (18: ETH, 9: SOL).
 * @example priceFromFiat(10_000n, 'USD', 3000).cryptoBaseUnits // 0.03266666 ETH: (100 - 1.50 - 0.50) / 3000
 */
export function priceFromFiat(totalCents: bigint, currency: FiatCurrency, usdPrice: number, decimals = ETH_DECIMALS): OnrampPrice {
  const { perCoin, step } = units(decimals)
  const providerFeeCents = (totalCents * PROVIDER_FEE_BPS + BPS / 2n) / BPS
  const subtotalCents = totalCents - providerFeeCents - NETWORK_FEE_CENTS
  const amount = subtotalCents > 0n ? (subtotalCents * USD_MICROS_PER_FIAT[currency] * perCoin) / (100n * usdMicros(usdPrice)) : 0n
  return { currency, totalCents, subtotalCents, providerFeeCents, networkFeeCents: NETWORK_FEE_CENTS, cryptoBaseUnits: amount - (amount % step) }
}

/**
 * What buying `cryptoBaseUnits` (cut to 8 decimals) costs: its fiat value rounded up, plus the network
 * fee, grossed up so the provider fee is its 1.5 % of the total.
 * @example formatCents(priceFromCrypto(10n ** 17n, 'USD', 3000).totalCents) // '305.08'
 */
export function priceFromCrypto(cryptoBaseUnits: bigint, currency: FiatCurrency, usdPrice: number): OnrampPrice {
  const { perCoin, step } = units(ETH_DECIMALS)
  const wei = cryptoBaseUnits - (cryptoBaseUnits % step)
  const divisor = USD_MICROS_PER_FIAT[currency] * perCoin
  const subtotalCents = ceilDiv(wei * usdMicros(usdPrice) * 100n, divisor)
  const totalCents = ceilDiv((subtotalCents + NETWORK_FEE_CENTS) * BPS, BPS - PROVIDER_FEE_BPS)
  return { currency, totalCents, subtotalCents, providerFeeCents: totalCents - subtotalCents - NETWORK_FEE_CENTS, networkFeeCents: NETWORK_FEE_CENTS, cryptoBaseUnits: wei }
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}
