import type { Action } from '../../actions/types.js'
import type { SwapState } from '../../swap/types.js'
import { initialSwapState } from './swapState.js'

export { initialSwapState } from './swapState.js'

const noQuote: SwapState['quote'] = initialSwapState.quote

/** Whether the form names two different tokens and a positive amount: only then is a quote asked for. */
export function swapFormComplete(state: Pick<SwapState, 'from' | 'to' | 'amount'>): boolean {
  return state.from !== null && state.to !== null && state.from.address !== state.to.address && /^\d{0,30}(\.\d{0,30})?$/.test(state.amount) && Number(state.amount) > 0
}

/** A changed form: the old quote no longer applies; a complete one waits for its debounced quote. */
function withForm(state: SwapState, form: Pick<SwapState, 'from' | 'to' | 'amount'>): SwapState {
  const next = { ...state, ...form }
  return { ...next, quote: swapFormComplete(next) ? { status: 'waiting', value: null, error: null } : noQuote }
}

/**
 * The Swap view's form and flow (SPEC 2 Swap); pure, core/swap/swapEpics.ts decides when to quote
 * and sends. A swap in flight keeps its form: nothing the person types changes what is being sent.
 */
export function swapReducer(state: SwapState = initialSwapState, action: Action): SwapState {
  const busy = state.execution.status === 'approving' || state.execution.status === 'swapping'
  switch (action.type) {
    case 'swap/opened':
      // The same form again; a token list that failed is fetched again.
      if (state.account === action.account) return state.tokens.status === 'failed' ? { ...state, tokens: { status: 'loading', list: [], error: null } } : state
      // Another account or network: a new form (its tokens differ).
      return { ...initialSwapState, account: action.account, tokens: { status: 'loading', list: [], error: null } }
    case 'swap/tokensLoaded': {
      if (state.account !== action.account) return state
      // Native first (the service lists it first); the form starts from it.
      const from = state.from ?? action.tokens[0] ?? null
      return { ...state, tokens: { status: 'loaded', list: action.tokens, error: null }, from }
    }
    case 'swap/tokensFailed':
      return state.account === action.account ? { ...state, tokens: { status: 'failed', list: [], error: action.error } } : state
    case 'swap/formChanged': {
      if (busy) return state
      const from = action.from !== undefined ? action.from : state.from
      const to = action.to !== undefined ? action.to : state.to
      // Picking the other side's token swaps the two, as wallets do.
      const same = from !== null && to !== null && from.address === to.address
      const form = {
        from: same && action.to !== undefined ? state.to : from,
        to: same && action.from !== undefined ? state.from : to,
        amount: action.amount ?? state.amount,
      }
      return { ...withForm(state, form), execution: initialSwapState.execution }
    }
    case 'swap/flipped':
      return busy ? state : { ...withForm(state, { from: state.to, to: state.from, amount: state.amount }), execution: initialSwapState.execution }
    case 'swap/quoteRequested':
      return swapFormComplete(state) && !busy ? { ...state, quote: { status: 'loading', value: state.quote.value, error: null } } : state
    case 'swap/quoteLoaded':
      return state.quote.status === 'loading' ? { ...state, quote: { status: 'ready', value: action.quote, error: null } } : state
    case 'swap/quoteFailed':
      return state.quote.status === 'loading' ? { ...state, quote: { status: 'failed', value: null, error: action.error } } : state
    case 'swap/quoteExpired':
      return state.quote.status === 'ready' && !busy ? { ...state, quote: { ...state.quote, status: 'stale' } } : state
    case 'swap/confirmed':
      if (busy || state.quote.status !== 'ready' || !state.quote.value) return state
      return { ...state, execution: { status: needsApproval(state) ? 'approving' : 'swapping', approvalHash: null, hash: null, error: null } }
    case 'swap/approvalSent':
      return state.execution.status === 'approving' ? { ...state, execution: { ...state.execution, approvalHash: action.hash } } : state
    case 'swap/approved':
      return state.execution.status === 'approving' ? { ...state, execution: { ...state.execution, status: 'swapping' } } : state
    case 'swap/succeeded':
      return busy ? { ...state, execution: { ...state.execution, status: 'done', hash: action.hash } } : state
    case 'swap/failed':
      return busy ? { ...state, execution: { ...state.execution, status: 'failed', error: action.error } } : state
    case 'swap/reset':
      if (busy) return state
      // Balances moved: the same pair stays chosen, the amount and quote go.
      return { ...state, amount: '', quote: noQuote, execution: initialSwapState.execution }
    case 'connection/disconnected':
      return state === initialSwapState || busy ? state : initialSwapState
    default:
      return state
  }
}

/** The from-token is an ERC-20 whose allowance to the swap contract is below the amount quoted. */
export function needsApproval(state: SwapState): boolean {
  const quote = state.quote.value
  if (!quote || !state.from || isNativeToken(state.from.address)) return false
  return BigInt(quote.allowance) < BigInt(quote.fromAmount)
}

/** The service's address for a chain's native coin (SPEC 7 convert calls). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Whether a CAIP-10 token address is the native coin. */
export function isNativeToken(caip10: string): boolean {
  return caip10.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}
