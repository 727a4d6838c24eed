import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { SwapState, SwapToken } from '../../swap/types.js'
import { initialSwapState, isNativeToken, needsApproval, swapFormComplete, swapReducer } from './swapReducer.js'

const ACCOUNT = 'eip155:31337:0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const ETH: SwapToken = { address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: '' }
const DUSD: SwapToken = { address: 'eip155:31337:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', symbol: 'dUSD', name: 'Airlock Dev USD', decimals: 6, logoUri: '' }
const ADT: SwapToken = { ...DUSD, address: 'eip155:31337:0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', symbol: 'ADT', decimals: 18 }
const fold = (actions: Action[], state: SwapState = initialSwapState) => actions.reduce(swapReducer, state)
const opened = (): SwapState => fold([{ type: 'swap/opened', account: ACCOUNT }, { type: 'swap/tokensLoaded', account: ACCOUNT, tokens: [ETH, DUSD, ADT] }])
const quote = (allowance: string) => ({ type: 'swap/quoteLoaded', quote: { fromAmount: '100000000', toAmount: '1', allowance, gasPrice: '1', at: 0 } }) as const

describe('swapReducer (SPEC 2 Swap)', () => {
  test('a new account starts a new form from the native coin; the same account keeps it; a failed list is fetched again', () => {
    const state = opened()
    expect(state.tokens.status).toBe('loaded')
    expect(state.from).toEqual(ETH)
    expect(swapReducer(state, { type: 'swap/opened', account: ACCOUNT })).toBe(state)
    expect(swapReducer(state, { type: 'swap/opened', account: ACCOUNT.replace('31337', '31338') }).tokens.status).toBe('loading')
    const failed = fold([{ type: 'swap/opened', account: ACCOUNT }, { type: 'swap/tokensFailed', account: ACCOUNT, error: { message: 'Network not supported for Swaps' } }])
    expect(failed.tokens).toEqual({ status: 'failed', list: [], error: { message: 'Network not supported for Swaps' } })
    expect(swapReducer(failed, { type: 'swap/opened', account: ACCOUNT }).tokens.status).toBe('loading')
    // A late list for another account is ignored.
    expect(swapReducer(state, { type: 'swap/tokensLoaded', account: 'eip155:1:0x0', tokens: [] })).toBe(state)
  })

  test('only a complete form waits for a quote; picking the other side token exchanges the two', () => {
    let state = fold([{ type: 'swap/formChanged', to: DUSD }], opened())
    expect(state.quote.status).toBe('idle')
    state = fold([{ type: 'swap/formChanged', amount: '0.5' }], state)
    expect(state.quote.status).toBe('waiting')
    expect(fold([{ type: 'swap/formChanged', amount: '0' }], state).quote.status).toBe('idle')
    expect(fold([{ type: 'swap/formChanged', amount: '1e5' }], state).quote.status).toBe('idle')
    const exchanged = fold([{ type: 'swap/formChanged', from: DUSD }], state)
    expect([exchanged.from?.symbol, exchanged.to?.symbol]).toEqual(['dUSD', 'ETH'])
    const flipped = fold([{ type: 'swap/flipped' }], state)
    expect([flipped.from?.symbol, flipped.to?.symbol, flipped.quote.status]).toEqual(['dUSD', 'ETH', 'waiting'])
    expect(swapFormComplete({ from: ETH, to: ETH, amount: '1' })).toBe(false)
  })

  test('a quote answers only the request in flight; it goes stale, and a confirmed swap with a short allowance approves first', () => {
    let state = fold([{ type: 'swap/formChanged', from: DUSD, to: ETH, amount: '100' }], opened())
    expect(swapReducer(state, quote('0'))).toBe(state)
    state = fold([{ type: 'swap/quoteRequested' }, quote('0')], state)
    expect(state.quote.status).toBe('ready')
    expect(needsApproval(state)).toBe(true)
    expect(fold([{ type: 'swap/quoteExpired' }], state).quote.status).toBe('stale')
    // A stale quote cannot be confirmed.
    const stale = fold([{ type: 'swap/quoteExpired' }], state)
    expect(swapReducer(stale, { type: 'swap/confirmed' })).toBe(stale)
    const approving = fold([{ type: 'swap/confirmed' }], state)
    expect(approving.execution.status).toBe('approving')
    // While it is in flight the form cannot change, and it does not go stale.
    expect(swapReducer(approving, { type: 'swap/formChanged', amount: '5' })).toBe(approving)
    expect(swapReducer(approving, { type: 'swap/quoteExpired' })).toBe(approving)
    const done = fold([{ type: 'swap/approvalSent', hash: '0x1' }, { type: 'swap/approved' }, { type: 'swap/succeeded', hash: '0x2' }], approving)
    expect(done.execution).toEqual({ status: 'done', approvalHash: '0x1', hash: '0x2', error: null })
    const reset = swapReducer(done, { type: 'swap/reset' })
    expect([reset.from?.symbol, reset.to?.symbol, reset.amount, reset.quote.status, reset.execution.status]).toEqual(['dUSD', 'ETH', '', 'idle', 'idle'])
  })

  test('enough allowance or the native coin: no approval; a disconnect clears the form', () => {
    const enough = fold([{ type: 'swap/formChanged', from: DUSD, to: ETH, amount: '100' }, { type: 'swap/quoteRequested' }, quote('100000000')], opened())
    expect(needsApproval(enough)).toBe(false)
    expect(fold([{ type: 'swap/confirmed' }], enough).execution.status).toBe('swapping')
    const native = fold([{ type: 'swap/formChanged', to: DUSD, amount: '1' }, { type: 'swap/quoteRequested' }, quote('0')], opened())
    expect(needsApproval(native)).toBe(false)
    expect(isNativeToken(ETH.address)).toBe(true)
    expect(swapReducer(enough, { type: 'connection/disconnected' } as Action)).toBe(initialSwapState)
  })
})
