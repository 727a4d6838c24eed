import { getAddress, isAddress, parseEther } from 'viem'
import { z } from 'zod'
import { ONRAMP_CURRENCIES } from '../../core/constants/onrampLimits.js'
import { limitError, priceFromCrypto, priceFromFiat, type FiatCurrency } from './onrampPricing.js'
import type { OnrampOrder } from './onrampSessions.js'
import type { TreasuryChain } from './onrampTreasury.js'

/** The coin sold on each chain family: the treasury's ETH on the dev chains, airdropped SOL on the local cluster. */
export const COINS = { eip155: { symbol: 'ETH', decimals: 18 }, solana: { symbol: 'SOL', decimals: 9 } } as const
/** What the card provider sells: the chains' native ETH only (the treasury holds no dev tokens). */
export const SOLD = { id: 'airlock-dev-eth', name: 'Ether', symbol: COINS.eip155.symbol } as const
/** Without a preset amount the checkout offers this much, like a provider's default. */
const DEFAULT_FIAT_CENTS = 100_00n

/** The body of `POST /v1/generators/onrampurl`, as AppKit's `generateOnRampURL` sends it (plus the card provider's `fiatCurrency`). */
export const urlRequest = z.object({
  destinationWallets: z.array(z.object({ address: z.string().max(100), blockchains: z.array(z.string().max(64)).max(20).default([]), assets: z.array(z.string().max(16)).max(20).default([]) })).min(1).max(10),
  defaultNetwork: z.string().max(64).nullish(),
  partnerUserId: z.string().max(256).default(''),
  defaultExperience: z.literal('buy').default('buy'),
  presetCryptoAmount: z.number().positive().finite().nullish(),
  presetFiatAmount: z.number().positive().finite().nullish(),
  fiatCurrency: z.enum(ONRAMP_CURRENCIES).default('USD'),
})

/** The coin an order pays out, with its decimals. */
export function coinOf(order: OnrampOrder): (typeof COINS)[keyof typeof COINS] {
  return COINS[order.family ?? 'eip155']
}

/**
 * How pages and errors name an order's network.
 * @example networkLabel(order) // 'Airlock Devnet (chain 31337)', or 'Airlock Solana Local (solana:AirLock…)'
 */
export function networkLabel(order: OnrampOrder): string {
  return order.family === 'solana' ? `${order.networkName} (${order.caipNetworkId})` : `${order.networkName} (chain ${order.chainId})`
}

/** The network name a provider lists for a dev chain, e.g. 'airlock-devnet-2'. */
export function onrampNetworkName(chain: TreasuryChain): string {
  return chain.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

/** The order an on-ramp URL request describes, or why it cannot be sold (a 400's message). */
export function orderOf(body: z.infer<typeof urlRequest>, chains: readonly TreasuryChain[], usdPrice: number): OnrampOrder | string {
  const names = (chain: TreasuryChain) => [onrampNetworkName(chain), String(chain.chainId), `eip155:${chain.chainId}`]
  const named = (id: string) => chains.find((chain) => names(chain).includes(id.toLowerCase()))
  const chain = body.defaultNetwork ? named(body.defaultNetwork) : body.destinationWallets.flatMap((w) => w.blockchains).map(named).find(Boolean)
  const known = chains.map(onrampNetworkName).join(', ') || 'none running'
  if (!chain) return `Unsupported network ${body.defaultNetwork ?? body.destinationWallets[0]!.blockchains.join(', ')}: this dev provider sells on ${known}`
  const wallet = body.destinationWallets.find((w) => w.blockchains.length === 0 || w.blockchains.some((b) => names(chain).includes(b.toLowerCase())))
  if (!wallet) return `No destination wallet for ${onrampNetworkName(chain)}`
  if (!isAddress(wallet.address, { strict: false })) return 'Invalid destination address'
  if (wallet.assets.length > 0 && !wallet.assets.some((a) => a.toUpperCase() === SOLD.symbol)) return `Unsupported assets ${wallet.assets.join(', ')}: this dev provider sells ${SOLD.symbol}`
  const currency: FiatCurrency = body.fiatCurrency
  // A crypto preset wins over a fiat one, as with the card provider.
  const price = body.presetCryptoAmount
    ? priceFromCrypto(parseEther(body.presetCryptoAmount.toFixed(18)), currency, usdPrice)
    : priceFromFiat(body.presetFiatAmount ? BigInt(Math.round(body.presetFiatAmount * 100)) : DEFAULT_FIAT_CENTS, currency, usdPrice)
  // The checkout is a card payment: its limits bound what one session may send.
  const outside = limitError(price.totalCents, currency, 'card')
  if (outside) return outside
  return { destination: getAddress(wallet.address), chainId: chain.chainId, networkName: chain.name, symbol: SOLD.symbol, price, partnerUserId: body.partnerUserId }
}
