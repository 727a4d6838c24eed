import type { ErrorInfo } from './types.js'
import type { SwapQuote, SwapToken } from '../swap/types.js'

/** Swaps (SPEC 2 Swap, SPEC 7 `/v1/convert/*`): intents from the Swap view and facts from the service and the wallet. */
export type SwapAction =
  /** The Swap view opened for `account` (CAIP-10): its token list is fetched unless already in. */
  | { type: 'swap/opened'; account: string }
  | { type: 'swap/tokensLoaded'; account: string; tokens: SwapToken[] }
  | { type: 'swap/tokensFailed'; account: string; error: ErrorInfo }
  /** The person changed the form; a quote follows after the debounce (SPEC 9: 500 ms). */
  | { type: 'swap/formChanged'; from?: SwapToken | null; to?: SwapToken | null; amount?: string }
  /** From and to exchanged. */
  | { type: 'swap/flipped' }
  | { type: 'swap/quoteRequested' }
  | { type: 'swap/quoteLoaded'; quote: SwapQuote }
  | { type: 'swap/quoteFailed'; error: ErrorInfo }
  /** The quote is too old to swap on; a fresh one is asked for at once while the view is open. */
  | { type: 'swap/quoteExpired' }
  /** The person confirmed the preview: approve first when the allowance is short, then swap. */
  | { type: 'swap/confirmed' }
  | { type: 'swap/approvalSent'; hash: string }
  | { type: 'swap/approved' }
  | { type: 'swap/succeeded'; hash: string }
  | { type: 'swap/failed'; error: ErrorInfo }
  /** A new form after a swap (Done) or an error. */
  | { type: 'swap/reset' }
