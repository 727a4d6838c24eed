import type { SwapState } from '../../swap/types.js'

/** No form yet; its own module so the page's first chunk, which reads the portfolio's initial state, carries no swap logic. */
export const initialSwapState: SwapState = {
  account: null,
  tokens: { status: 'idle', list: [], error: null },
  from: null,
  to: null,
  amount: '',
  quote: { status: 'idle', value: null, error: null },
  execution: { status: 'idle', approvalHash: null, hash: null, error: null },
}
