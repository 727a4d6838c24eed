import type { ErrorInfo } from './types.js'
import type { OnrampOptions, OnrampProviderId, OnrampQuote, PaymentCurrencyId, PaymentMethod } from '../onramp/types.js'

/** Buying crypto (SPEC 2 OnRampProviders, SPEC 7 `/v1/onramp/*`): intents from the view, facts from the service and the chain. */
export type OnrampAction =
  /**
   * The Buy view opened for `account` (CAIP-10): the options are fetched unless already in.
   * `quoted`: the card provider, the one the service quotes for, is offered (absent in logs from
   * before it: then EVM accounts are quoted).
   */
  | { type: 'onramp/opened'; account: string; quoted?: boolean }
  /** `fallback`: the service failed and the built-in defaults apply (SPEC 8). */
  | { type: 'onramp/optionsLoaded'; account: string; options: OnrampOptions; fallback: boolean }
  | { type: 'onramp/formChanged'; purchaseCurrency?: string; paymentCurrency?: PaymentCurrencyId; method?: PaymentMethod; amount?: string }
  | { type: 'onramp/quoteRequested' }
  | { type: 'onramp/quoteLoaded'; quote: OnrampQuote }
  /** The person chose a provider; its window opened in the click (popup blockers) and gets its URL now. */
  | { type: 'onramp/providerChosen'; provider: OnrampProviderId }
  /** The provider's page is open; the balance is watched until funds arrive. */
  | { type: 'onramp/providerOpened'; startBalance: string | null }
  | { type: 'onramp/fundsArrived'; received: string }
  | { type: 'onramp/failed'; error: ErrorInfo }
  | { type: 'onramp/reset' }
