import type { Action } from '../../actions/types.js'
import { ONRAMP_CURRENCIES, ONRAMP_LIMITS } from '../../constants/onrampLimits.js'
import type { OnrampOptions, OnrampState, PaymentMethod } from '../../onramp/types.js'
import { initialOnrampState } from './onrampState.js'

export { initialOnrampState } from './onrampState.js'

/** SPEC 8 fallbacks: what the Buy view offers when `/v1/onramp/options` fails (SPEC 9 limits and currencies). */
export const DEFAULT_ONRAMP_OPTIONS: OnrampOptions = {
  paymentCurrencies: ONRAMP_CURRENCIES.map((id) => ({ id, payment_method_limits: Object.entries(ONRAMP_LIMITS).map(([method, { min, max }]) => ({ id: method, min, max })) })),
  purchaseCurrencies: [],
}

/** Cents of a decimal amount with at most 2 decimals; null when it is not one. */
function cents(amount: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount)
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null
}

/** The limits of the chosen currency and method: the service's when it named them, else SPEC 9's. */
export function onrampLimits(state: Pick<OnrampState, 'options' | 'paymentCurrency' | 'method'>): { min: string; max: string } {
  const currency = state.options.value?.paymentCurrencies.find((c) => c.id === state.paymentCurrency)
  const limit = currency?.payment_method_limits.find((l) => l.id === state.method)
  return limit && cents(limit.min) !== null && cents(limit.max) !== null ? { min: limit.min, max: limit.max } : ONRAMP_LIMITS[state.method]
}

const METHOD_NAMES: Record<PaymentMethod, string> = { card: 'card', ach_bank_account: 'bank account' }

type OnrampAmountState = Pick<OnrampState, 'options' | 'paymentCurrency' | 'method' | 'amount'>

/**
 * Why the amount cannot be bought, as a code the views word in their language: `decimals`, below
 * the `min` or above the `max` of `onrampLimits`; null when it can; '' means nothing typed yet.
 * @example onrampAmountIssue({ ...state, amount: '5' }) // 'min'
 */
export function onrampAmountIssue(state: OnrampAmountState): '' | 'decimals' | 'min' | 'max' | null {
  if (state.amount === '') return ''
  const value = cents(state.amount)
  if (value === null) return 'decimals'
  const { min, max } = onrampLimits(state)
  return value < cents(min)! ? 'min' : value > cents(max)! ? 'max' : null
}

/**
 * Why the amount cannot be bought, in English (shown inline under it), or null when it can; '' means nothing typed yet.
 * @example onrampAmountError({ ...state, amount: '5' }) // 'The minimum by card is 10.00 USD'
 */
export function onrampAmountError(state: OnrampAmountState): string | null {
  const issue = onrampAmountIssue(state)
  if (!issue) return issue
  if (issue === 'decimals') return 'Enter an amount with at most 2 decimals'
  return `The ${issue === 'min' ? 'minimum' : 'maximum'} by ${METHOD_NAMES[state.method]} is ${onrampLimits(state)[issue]} ${state.paymentCurrency}`
}

/** Whether the form names something to buy and an amount within the limits: what every provider needs. */
export const onrampFormReady = (state: OnrampState): boolean => onrampAmountError(state) === null && state.purchaseCurrency !== null

/**
 * The service quotes for the card provider only (it sells on EVM, SPEC 9); the aggregator shows its
 * own price, so with the aggregator alone nothing is asked.
 */
const quoted = (state: OnrampState): boolean => state.quoted ?? state.account?.startsWith('eip155:') === true

function withForm(state: OnrampState, form: Partial<Pick<OnrampState, 'purchaseCurrency' | 'paymentCurrency' | 'method' | 'amount'>>): OnrampState {
  const next = { ...state, ...form }
  return { ...next, quote: onrampFormReady(next) && quoted(next) ? { status: 'waiting', value: null } : { status: 'idle', value: null } }
}

/**
 * The Buy view's form and the purchase it watches (SPEC 2, 7, 9); pure, core/onramp/onrampEpics.ts
 * fetches and opens the provider.
 */
export function onrampReducer(state: OnrampState = initialOnrampState, action: Action): OnrampState {
  switch (action.type) {
    case 'onramp/opened': {
      const quotes = action.quoted === undefined ? {} : { quoted: action.quoted }
      // The same account again: the form stays; only whether it is quoted may have changed (remote features).
      if (state.account === action.account) return action.quoted === undefined || action.quoted === state.quoted ? state : withForm({ ...state, ...quotes }, {})
      return { ...initialOnrampState, ...quotes, account: action.account, options: { status: 'loading', value: null, fallback: false } }
    }
    case 'onramp/optionsLoaded': {
      if (state.account !== action.account) return state
      const purchaseCurrency = state.purchaseCurrency ?? action.options.purchaseCurrencies[0]?.id ?? null
      return withForm({ ...state, options: { status: 'loaded', value: action.options, fallback: action.fallback } }, { purchaseCurrency })
    }
    case 'onramp/formChanged': {
      if (state.purchase.status === 'opening') return state
      const form = {
        ...(action.purchaseCurrency !== undefined ? { purchaseCurrency: action.purchaseCurrency } : {}),
        ...(action.paymentCurrency !== undefined ? { paymentCurrency: action.paymentCurrency } : {}),
        ...(action.method !== undefined ? { method: action.method } : {}),
        ...(action.amount !== undefined ? { amount: action.amount } : {}),
      }
      return withForm(state, form)
    }
    case 'onramp/quoteRequested':
      return state.quote.status === 'waiting' ? { ...state, quote: { status: 'loading', value: null } } : state
    case 'onramp/quoteLoaded':
      return state.quote.status === 'loading' ? { ...state, quote: { status: 'ready', value: action.quote } } : state
    case 'onramp/providerChosen':
      // The card provider's page is made from the quoted form; the aggregator's needs only a valid form.
      if ((action.provider === 'meld' ? !onrampFormReady(state) : state.quote.status !== 'ready') || state.purchase.status === 'opening') return state
      return { ...state, purchase: { ...initialOnrampState.purchase, status: 'opening', provider: action.provider } }
    case 'onramp/providerOpened':
      return state.purchase.status === 'opening' ? { ...state, purchase: { ...state.purchase, status: 'waiting', startBalance: action.startBalance } } : state
    case 'onramp/fundsArrived':
      return state.purchase.status === 'waiting' ? { ...state, purchase: { ...state.purchase, status: 'arrived', received: action.received } } : state
    case 'onramp/failed':
      return state.purchase.status === 'opening' || state.purchase.status === 'waiting' ? { ...state, purchase: { ...state.purchase, status: 'failed', error: action.error } } : state
    case 'onramp/reset':
      return { ...state, amount: '', quote: initialOnrampState.quote, purchase: initialOnrampState.purchase }
    case 'connection/disconnected':
      return state === initialOnrampState ? state : initialOnrampState
    default:
      return state
  }
}
