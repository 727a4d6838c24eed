import type { ErrorInfo } from '../actions/types.js'

/** A token the swap service trades (SPEC 7 `/v1/convert/tokens`); `address` is CAIP-10, the native coin as `0xeeee…eeee`. */
export interface SwapToken {
  readonly address: string
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  /** https (or http on localhost) only; '' when absent. */
  readonly logoUri: string
}

/** What the service quoted for the form as it stood (amounts in base units, decimal strings). */
export interface SwapQuote {
  readonly fromAmount: string
  readonly toAmount: string
  /** The spender's allowance of the from-token in base units (the native coin: unlimited). */
  readonly allowance: string
  /** Wei per gas, from `/v1/convert/gas-price` (standard). */
  readonly gasPrice: string
  /** Scheduler time of the answer. */
  readonly at: number
}

export type SwapQuoteStatus = 'idle' | 'waiting' | 'loading' | 'ready' | 'stale' | 'failed'
export type SwapExecutionStatus = 'idle' | 'approving' | 'swapping' | 'done' | 'failed'

/** The Swap view's form and its flow (SPEC 2 Swap, SPEC 7 convert calls); in the portfolio slice. */
export interface SwapState {
  /** CAIP-10 of the account the form is for; a new account or network starts a new form. */
  readonly account: string | null
  readonly tokens: { readonly status: 'idle' | 'loading' | 'loaded' | 'failed'; readonly list: readonly SwapToken[]; readonly error: ErrorInfo | null }
  readonly from: SwapToken | null
  readonly to: SwapToken | null
  /** As typed, in whole units of `from` ('0.5'). */
  readonly amount: string
  readonly quote: { readonly status: SwapQuoteStatus; readonly value: SwapQuote | null; readonly error: ErrorInfo | null }
  readonly execution: { readonly status: SwapExecutionStatus; readonly approvalHash: string | null; readonly hash: string | null; readonly error: ErrorInfo | null }
}
