import { z } from 'zod'
import type { AirlockDeps } from '../deps.js'
import type { Network } from '../chains/types.js'
import { serviceParams } from '../portfolio/serviceParams.js'
import type { AirlockState } from '../state.js'
import { DEFAULT_ONRAMP_OPTIONS, onrampLimits } from '../slices/portfolio/onrampReducer.js'
import type { OnrampOptions, OnrampProviderId, OnrampQuote, OnrampState, PurchaseCurrency } from './types.js'

/** SPEC 9: the card provider's chains, by chain id, with ethereum as the fallback. */
const CARD_PROVIDER_CHAINS: Readonly<Record<number, string>> = { 1: 'ethereum', 42161: 'arbitrum', 137: 'polygon', 80094: 'berachain', 43114: 'avalanche-c-chain', 10: 'optimism', 42220: 'celo', 8453: 'base' }
/** SPEC 9: each provider's fee (1-2 %); a mock quote takes the upper bound. */
const MOCK_FEE = 0.02

const text = (max = 100) => z.string().max(max)
const amount = z.string().regex(/^\d{1,12}(\.\d{1,18})?$/)
const optionsResponse = z.object({
  paymentCurrencies: z.array(z.object({ id: text(16), payment_method_limits: z.array(z.object({ id: text(40), min: amount, max: amount })).max(20) })).max(50),
  purchaseCurrencies: z
    .array(z.object({ id: text(), name: text(), symbol: text(16), networks: z.array(z.object({ name: text(), display_name: text(), chain_id: text(40), contract_address: text(100) })).max(100) }))
    .max(500),
})
const quoteAmount = z.object({ amount, currency: text(16) })
const quoteResponse = z.object({ purchaseAmount: quoteAmount, paymentTotal: quoteAmount, paymentSubtotal: quoteAmount, networkFee: quoteAmount, coinbaseFee: quoteAmount, quoteId: text(100) })
const urlResponse = z.object({ url: z.string().max(4_000) })

/** The purchase currencies of the options that can reach `network` (by chain id), its native coin first. */
export function currenciesFor(options: OnrampOptions, network: Network): PurchaseCurrency[] {
  return options.purchaseCurrencies.filter((c) => c.networks.some((n) => n.chain_id === String(network.id)))
}

/** The network's own coin as a purchase currency: what the defaults offer when the service failed. */
function nativeCurrency(network: Network): PurchaseCurrency {
  const name = network.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  return { id: network.nativeCurrency.symbol, name: network.nativeCurrency.name, symbol: network.nativeCurrency.symbol, networks: [{ name, display_name: network.name, chain_id: String(network.id), contract_address: '' }] }
}

/** The provider's name for the network: its own list's, else the card provider's (SPEC 9), else ethereum. */
export function providerNetworkName(options: OnrampOptions | null, currency: PurchaseCurrency | undefined, network: Network): string {
  const listed = currency?.networks.find((n) => n.chain_id === String(network.id))?.name
  return listed ?? CARD_PROVIDER_CHAINS[Number(network.id)] ?? 'ethereum'
}

/** The on-ramp service's calls (SPEC 7), each answer checked; `options` and `quote` fall back as SPEC 8 says. */
export function onrampCalls(state: AirlockState, deps: AirlockDeps, network: Network) {
  const params = serviceParams(state)
  const api = deps.http.blockchain
  return {
    options: (signal: AbortSignal): Promise<{ options: OnrampOptions; fallback: boolean }> =>
      api.get({ path: '/v1/onramp/options', params, schema: optionsResponse, signal }).then(
        (options) => {
          const listed = currenciesFor(options, network)
          // The service's list is the card provider's, EVM only: on Solana the aggregator sells the chain's own coin.
          const purchaseCurrencies = listed.length === 0 && network.chainNamespace === 'solana' ? [nativeCurrency(network)] : listed
          return { options: { ...options, purchaseCurrencies }, fallback: false }
        },
        () => ({ options: { ...DEFAULT_ONRAMP_OPTIONS, purchaseCurrencies: [nativeCurrency(network)] }, fallback: true }),
      ),
    /** The quote; when the service fails, a mock one at the providers' highest fee, priced at `usdPrice` when known. */
    quote: (form: OnrampState, usdPrice: number | null, signal: AbortSignal): Promise<OnrampQuote> => {
      const purchase = form.options.value?.purchaseCurrencies.find((c) => c.id === form.purchaseCurrency)
      const payment = form.options.value?.paymentCurrencies.find((c) => c.id === form.paymentCurrency) ?? { id: form.paymentCurrency, payment_method_limits: [] }
      const symbol = purchase?.symbol ?? form.purchaseCurrency ?? ''
      return api
        .post({
          path: '/v1/onramp/quote',
          body: { ...params, purchaseCurrency: purchase ?? symbol, paymentCurrency: payment, amount: String(Number(form.amount)), network: symbol, paymentMethod: form.method },
          schema: quoteResponse,
          signal,
        })
        .then(
          (q): OnrampQuote => ({
            purchaseAmount: q.purchaseAmount.amount,
            purchaseCurrency: q.purchaseAmount.currency,
            paymentTotal: q.paymentTotal.amount,
            paymentSubtotal: q.paymentSubtotal.amount,
            networkFee: q.networkFee.amount,
            providerFee: q.coinbaseFee.amount,
            currency: q.paymentTotal.currency,
            estimate: false,
          }),
          (): OnrampQuote => {
            const total = Number(form.amount)
            const fee = Math.round(total * MOCK_FEE * 100) / 100
            const subtotal = total - fee
            return {
              purchaseAmount: usdPrice && form.paymentCurrency === 'USD' ? (subtotal / usdPrice).toFixed(6) : '',
              purchaseCurrency: symbol,
              paymentTotal: total.toFixed(2),
              paymentSubtotal: subtotal.toFixed(2),
              networkFee: '0.00',
              providerFee: fee.toFixed(2),
              currency: form.paymentCurrency,
              estimate: true,
            }
          },
        )
    },
    /** The provider's page for this purchase (`POST /v1/generators/onrampurl`). */
    url: (form: OnrampState, provider: OnrampProviderId, address: string, signal: AbortSignal): Promise<string> => {
      const purchase = form.options.value?.purchaseCurrencies.find((c) => c.id === form.purchaseCurrency)
      const networkName = providerNetworkName(form.options.value, purchase, network)
      return api
        .post({
          path: '/v1/generators/onrampurl',
          body: {
            destinationWallets: [{ address, blockchains: [networkName], assets: [purchase?.symbol ?? network.nativeCurrency.symbol] }],
            defaultNetwork: networkName,
            partnerUserId: address,
            defaultExperience: 'buy',
            presetFiatAmount: Number(form.amount),
            fiatCurrency: form.paymentCurrency,
            provider,
          },
          schema: urlResponse,
          signal,
        })
        .then(({ url }) => url)
    },
  }
}

/** SPEC 9 limits of the form as the view shows them. */
export { onrampLimits }
