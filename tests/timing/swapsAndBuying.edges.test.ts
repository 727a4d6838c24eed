import { describe } from 'vitest'
import type { Action } from '../../core/actions/types.js'
import { airlockDevnet } from '../../core/chains/networks.js'
import { DEBOUNCE_MS, SWAP_QUOTE_REFRESH_MS } from '../../core/constants/timing.js'
import { onrampQuoteEpic } from '../../core/onramp/onrampEpics.js'
import type { OnrampOptions } from '../../core/onramp/types.js'
import type { AirlockState } from '../../core/state.js'
import { swapQuoteEpic, swapQuoteRefreshEpic } from '../../core/swap/swapEpics.js'
import type { SwapToken } from '../../core/swap/types.js'
import { hangingApi } from '../support/epicHarness.js'
import { initialState, reduce } from '../support/state.js'
import { runTimeline, timingEdge, typesOf, virtualClock } from '../support/timingEdges.js'

/** The swap and on-ramp waits (SPEC 9 debounce 500 ms; a quote's 15 s life), at both edges. */

const ACCOUNT = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ETH: SwapToken = { address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: '' }
const DUSD: SwapToken = { address: 'eip155:31337:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', symbol: 'dUSD', name: 'Airlock Dev USD', decimals: 6, logoUri: '' }
const OPTIONS: OnrampOptions = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
  purchaseCurrencies: [{ id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: '' }] }],
}
const connected = (...actions: Action[]): AirlockState =>
  actions.reduce<AirlockState>((state, action) => reduce(state, action), reduce(initialState({ networks: [airlockDevnet] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: ACCOUNT as never, connectorId: 'evm.test' }))
const swapForm = () => connected({ type: 'swap/opened', account: ACCOUNT }, { type: 'swap/tokensLoaded', account: ACCOUNT, tokens: [ETH, DUSD] }, { type: 'swap/formChanged', to: DUSD })

describe('swaps and buying (SPEC 9 debounce; our 15 s quote life)', () => {
  timingEdge('DEBOUNCE_MS (swap): a keystroke 499 ms after the last one replaces its quote; at 500 ms the quote is asked for', {
    constant: DEBOUNCE_MS,
    spec: 500,
    run: (ms) => {
      const clock = virtualClock()
      const { out } = runTimeline(clock, {
        epic: swapQuoteEpic,
        state: swapForm(),
        deps: hangingApi(clock).deps,
        inputs: [[0, { type: 'swap/formChanged', amount: '1' }], [ms, { type: 'swap/formChanged', amount: '1.5' }]],
        // Looked at 1 ms later: a keystroke at 499 ms has cancelled the quote due at 500 ms.
        lookAt: ms + 1,
      })
      return typesOf(out)
    },
    before: [],
    at: ['swap/quoteRequested'],
  })

  timingEdge('DEBOUNCE_MS (buy): an amount typed 499 ms after the last one replaces its quote; at 500 ms the quote is asked for', {
    constant: DEBOUNCE_MS,
    spec: 500,
    run: (ms) => {
      const clock = virtualClock()
      const state = connected({ type: 'onramp/opened', account: ACCOUNT }, { type: 'onramp/optionsLoaded', account: ACCOUNT, options: OPTIONS, fallback: false })
      const { out } = runTimeline(clock, {
        epic: onrampQuoteEpic,
        state,
        deps: hangingApi(clock).deps,
        inputs: [[0, { type: 'onramp/formChanged', amount: '50' }], [ms, { type: 'onramp/formChanged', amount: '60' }]],
        // Looked at 1 ms later: a keystroke at 499 ms has cancelled the quote due at 500 ms.
        lookAt: ms + 1,
      })
      return typesOf(out)
    },
    before: [],
    at: ['onramp/quoteRequested'],
  })

  timingEdge('SWAP_QUOTE_REFRESH_MS: a quote shown in the open Swap view is still fresh 14 999 ms after it came; at 15 000 ms it is stale', {
    constant: SWAP_QUOTE_REFRESH_MS,
    spec: 15_000,
    run: (ms) => {
      const clock = virtualClock()
      const quote: Action = { type: 'swap/quoteLoaded', quote: { fromAmount: '1', toAmount: '1', allowance: '0', gasPrice: '1', at: 0 } }
      const state = reduce(
        reduce(reduce(reduce(swapForm(), { type: 'modal/openRequested' } as Action), { type: 'router/pushRequested', view: 'Swap' } as Action), { type: 'swap/formChanged', amount: '1' }),
        { type: 'swap/quoteRequested' },
      )
      const { out } = runTimeline(clock, { epic: swapQuoteRefreshEpic, state, deps: hangingApi(clock).deps, inputs: [[0, quote]], lookAt: ms })
      return typesOf(out)
    },
    before: [],
    at: ['swap/quoteExpired'],
  })
})
