import type { Network } from '../chains/types.js'
import type { OnrampState } from './types.js'

/** The aggregator's widget (SPEC 9: EVM and Solana) when the site names no other URL for it. */
export const AGGREGATOR_URL = 'https://meldcrypto.com'

export interface AggregatorUrlParameters {
  /** The site's own settings (`onrampProviders.meld`): its public key, and its widget URL if not the default. */
  readonly site: { readonly publicKey: string; readonly url?: string }
  readonly form: Pick<OnrampState, 'options' | 'purchaseCurrency' | 'paymentCurrency' | 'method' | 'amount'>
  readonly network: Network
  /** The buyer's address on `network`. */
  readonly address: string
  readonly projectId: string | null
}

/**
 * The aggregator's page for this purchase. Unlike the card provider's, no service makes it: the
 * widget takes the site's public key, what to buy and where in its query (as AppKit opens it), and
 * `network` (CAIP-2) says which chain the address is on.
 * @example aggregatorUrl({ site: { publicKey: 'pk' }, form, network: solana, address, projectId: 'abc' })
 */
export function aggregatorUrl({ site, form, network, address, projectId }: AggregatorUrlParameters): string {
  const purchase = form.options.value?.purchaseCurrencies.find((c) => c.id === form.purchaseCurrency)
  const url = new URL(site.url ?? AGGREGATOR_URL)
  const query: [string, string][] = [
    ['publicKey', site.publicKey],
    ['destinationCurrencyCode', purchase?.symbol ?? network.nativeCurrency.symbol],
    ['walletAddress', address],
    ...(projectId ? ([['externalCustomerId', projectId]] as [string, string][]) : []),
    ['sourceAmount', form.amount],
    ['sourceCurrencyCode', form.paymentCurrency],
    ['paymentMethodType', form.method],
    ['network', network.caipNetworkId],
  ]
  for (const [key, value] of query) url.searchParams.set(key, value)
  return url.toString()
}
