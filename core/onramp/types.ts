import type { ErrorInfo } from '../actions/types.js'
import type { ONRAMP_CURRENCIES, ONRAMP_LIMITS } from '../constants/onrampLimits.js'

export type PaymentCurrencyId = (typeof ONRAMP_CURRENCIES)[number]
export type PaymentMethod = keyof typeof ONRAMP_LIMITS

/** SPEC 3 "Onramp purchase currency". */
export interface PurchaseCurrency {
  readonly id: string
  readonly name: string
  readonly symbol: string
  readonly networks: readonly { readonly name: string; readonly display_name: string; readonly chain_id: string; readonly contract_address: string }[]
}

/** SPEC 3 "Onramp payment currency". */
export interface PaymentCurrency {
  readonly id: string
  readonly payment_method_limits: readonly { readonly id: string; readonly min: string; readonly max: string }[]
}

export interface OnrampOptions {
  readonly paymentCurrencies: readonly PaymentCurrency[]
  readonly purchaseCurrencies: readonly PurchaseCurrency[]
}

/** SPEC 3 "Onramp quote", amounts as the provider writes them. */
export interface OnrampQuote {
  readonly purchaseAmount: string
  readonly purchaseCurrency: string
  readonly paymentTotal: string
  readonly paymentSubtotal: string
  readonly networkFee: string
  readonly providerFee: string
  readonly currency: string
  /** A mock quote (the service failed): shown as an estimate (SPEC 8 fallbacks). */
  readonly estimate: boolean
}

export type OnrampProviderId = 'coinbase' | 'meld'

/** The Buy view's form and the purchase being watched (SPEC 2 OnRampProviders); in the portfolio slice. */
export interface OnrampState {
  /** CAIP-10 of the account buying; another account starts a new form. */
  readonly account: string | null
  readonly options: { readonly status: 'idle' | 'loading' | 'loaded'; readonly value: OnrampOptions | null; readonly fallback: boolean }
  readonly purchaseCurrency: string | null
  readonly paymentCurrency: PaymentCurrencyId
  readonly method: PaymentMethod
  /** As typed, in the payment currency ('50'). */
  readonly amount: string
  readonly quote: { readonly status: 'idle' | 'waiting' | 'loading' | 'ready'; readonly value: OnrampQuote | null }
  /** Whether the service is asked for quotes (the card provider is offered); unset: EVM accounts are. */
  readonly quoted?: boolean
  readonly purchase: {
    readonly status: 'idle' | 'opening' | 'waiting' | 'arrived' | 'failed'
    readonly provider: OnrampProviderId | null
    /** The native balance (base units) when the provider opened, to tell when funds arrive. */
    readonly startBalance: string | null
    /** Base units received. */
    readonly received: string | null
    readonly error: ErrorInfo | null
  }
}
