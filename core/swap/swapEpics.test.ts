import { asapScheduler, from, lastValueFrom, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../actions/types.js'
import { airlockDevnet, ethereum, polygon, SWAP_SUPPORTED_CHAIN_IDS } from '../chains/networks.js'
import type { Eip1193Provider } from '../connectors/providerRegistry.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { hangingApi, marbleDeps, runEpic } from '../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../tests/support/state.js'
import { swapExecuteEpic, swapQuoteEpic, swapQuoteRefreshEpic, swapTokensEpic } from './swapEpics.js'
import { swapCalls, swapSupported } from './swapCalls.js'
import type { SwapToken } from './types.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT = `eip155:31337:${A}`
const POOL = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TOKEN = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const HASH = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(32)}`
const ETH: SwapToken = { address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: '' }
const DUSD: SwapToken = { address: `eip155:31337:${TOKEN}`, symbol: 'dUSD', name: 'Airlock Dev USD', decimals: 6, logoUri: '' }

const connected = (): AirlockState =>
  reduce(reduce(initialState({ networks: [airlockDevnet, ethereum, polygon] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: ACCOUNT as never, connectorId: 'evm.test' }), {
    type: 'swap/opened',
    account: ACCOUNT,
  })
const withTokens = (): AirlockState => reduce(connected(), { type: 'swap/tokensLoaded', account: ACCOUNT, tokens: [ETH, DUSD] })
const inSwapView = (state: AirlockState): AirlockState => reduce(reduce(state, { type: 'modal/openRequested' } as Action), { type: 'router/pushRequested', view: 'Swap' } as Action)

describe('swap quotes in virtual time (SPEC 9 debounce 500 ms)', () => {
  test('one quote 500 ms after the form last changed; an incomplete form asks for none', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, paths } = hangingApi(scheduler)
      const input$ = hot<Action>('a 99ms b 199ms c', {
        a: { type: 'swap/formChanged', to: DUSD },
        b: { type: 'swap/formChanged', amount: '0.5' },
        c: { type: 'swap/formChanged', amount: '0.75' },
      })
      const { out$ } = runEpic(scheduler, swapQuoteEpic, input$, withTokens(), deps)
      // c at 300 ms (a, 99 ms, b, 199 ms, c): its quote at 800 ms; a (no amount) and b (superseded) ask for none.
      expectObservable(out$, '^ 2000ms !').toBe('300ms 500ms q', { q: { type: 'swap/quoteRequested' } })
      scheduler.flush()
      // Quote, allowance of nothing (native in) and gas price went out together.
      expect(paths).toEqual(['/v1/convert/quotes', '/v1/convert/gas-price'])
    })
  })

  test('the token list or the service arriving during the wait does not cancel the quote; a reset does', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    scheduler.run(({ hot, expectObservable }) => {
      const { deps } = hangingApi(scheduler)
      const input$ = hot<Action>('a 99ms t 99ms f', {
        a: { type: 'swap/formChanged', to: DUSD, amount: '0.5' },
        t: { type: 'swap/tokensLoaded', account: ACCOUNT, tokens: [ETH, DUSD] },
        f: { type: 'swap/quoteFailed', error: { message: 'late answer of an older form' } },
      })
      expectObservable(runEpic(scheduler, swapQuoteEpic, input$, withTokens(), deps).out$, '^ 2000ms !').toBe('500ms q', { q: { type: 'swap/quoteRequested' } })
    })
    const reset = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    reset.run(({ hot, expectObservable }) => {
      const { deps } = hangingApi(reset)
      const input$ = hot<Action>('a 99ms r', { a: { type: 'swap/formChanged', to: DUSD, amount: '0.5' }, r: { type: 'swap/reset' } })
      expectObservable(runEpic(reset, swapQuoteEpic, input$, withTokens(), deps).out$, '^ 2000ms !').toBe('')
    })
  })

  test('a stale quote is asked for again at once; 15 s after a quote it goes stale only while the Swap view is open', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    scheduler.run(({ hot, expectObservable }) => {
      const { deps } = hangingApi(scheduler)
      let state = inSwapView(withTokens())
      state = reduce(reduce(reduce(state, { type: 'swap/formChanged', to: DUSD, amount: '1' }), { type: 'swap/quoteRequested' }), {
        type: 'swap/quoteLoaded',
        quote: { fromAmount: '1000000000000000000', toAmount: '2970000000', allowance: '0', gasPrice: '1000000000', at: 0 },
      })
      const loaded: Action = { type: 'swap/quoteLoaded', quote: { fromAmount: '1', toAmount: '1', allowance: '0', gasPrice: '1', at: 0 } }
      const input$ = hot<Action>('a', { a: loaded })
      const { out$ } = runEpic(scheduler, (action$, state$, d) => swapQuoteRefreshEpic(action$, state$, d), input$, state, deps)
      expectObservable(out$, '^ 20s !').toBe('15s e', { e: { type: 'swap/quoteExpired' } })
    })
    const closed = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    closed.run(({ hot, expectObservable }) => {
      const { deps } = hangingApi(closed)
      const state = reduce(reduce(withTokens(), { type: 'swap/formChanged', to: DUSD, amount: '1' }), { type: 'swap/quoteRequested' })
      const input$ = hot<Action>('a', { a: { type: 'swap/quoteLoaded', quote: { fromAmount: '1', toAmount: '1', allowance: '0', gasPrice: '1', at: 0 } } })
      // The modal is closed: nothing refreshes.
      expectObservable(runEpic(closed, swapQuoteRefreshEpic, input$, state, deps).out$, '^ 40s !').toBe('')
    })
    const again = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    again.run(({ hot, expectObservable }) => {
      const { deps } = hangingApi(again)
      let state = reduce(reduce(withTokens(), { type: 'swap/formChanged', to: DUSD, amount: '1' }), { type: 'swap/quoteRequested' })
      state = reduce(state, { type: 'swap/quoteLoaded', quote: { fromAmount: '1', toAmount: '1', allowance: '0', gasPrice: '1', at: 0 } })
      const { out$ } = runEpic(again, swapQuoteEpic, hot<Action>('-e', { e: { type: 'swap/quoteExpired' } }), state, deps)
      expectObservable(out$, '^ 5s !').toBe('-q', { q: { type: 'swap/quoteRequested' } })
    })
  })
})

/** An API answering by path, recording each call (path and params or body). */
function scriptedApi(answers: Record<string, unknown>) {
  const calls: { path: string; params?: Record<string, unknown>; body?: unknown }[] = []
  const answer = async ({ path, params, body, schema }: { path: string; params?: Record<string, unknown>; body?: unknown; schema?: { parse(v: unknown): unknown } }) => {
    calls.push({ path, ...(params ? { params } : {}), ...(body ? { body } : {}) })
    if (!(path in answers)) throw new Error(`HTTP status code: 404`)
    const value = answers[path]
    return schema ? schema.parse(value) : value
  }
  const api = { get: answer, post: answer }
  return { api, calls }
}

function wallet() {
  const sent: unknown[] = []
  let n = 0
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      if (method !== 'eth_sendTransaction') throw new Error(`unexpected ${method}`)
      sent.push((params as unknown[])[0])
      return HASH(++n)
    },
  }
  return { provider, sent }
}

async function run(epic: typeof swapExecuteEpic, actions: Action[], state: AirlockState, api: unknown, provider: Eip1193Provider): Promise<Action[]> {
  const scheduler = new TestScheduler(() => {})
  // The allowance poll's first read is at 0 ms; asap runs it on a microtask.
  const deps = { ...marbleDeps(scheduler, { 'evm.test': provider }), scheduler: asapScheduler, http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
  const follow = stateFollowing(state)
  for (const action of actions) follow.apply(action)
  return lastValueFrom(epic(from(actions), follow.state$, deps).pipe(toArray()))
}

const quoted = (fromToken: SwapToken, toToken: SwapToken, allowance: string): AirlockState => {
  let state = reduce(withTokens(), { type: 'swap/formChanged', from: fromToken, to: toToken, amount: fromToken === ETH ? '0.5' : '100' })
  state = reduce(state, { type: 'swap/quoteRequested' })
  return reduce(state, {
    type: 'swap/quoteLoaded',
    quote: { fromAmount: fromToken === ETH ? '500000000000000000' : '100000000', toAmount: fromToken === ETH ? '1480000000' : '33000000000000000', allowance, gasPrice: '1000000000', at: 0 },
  })
}

describe('the swap, sent through the wallet', () => {
  const tx = (to: string, data: string, value = '0x0') => ({ tx: { from: A, to, data, value, eip155: { gas: '0x30d40', gasPrice: '0x3b9aca00' } } })

  test('native in: no approval; the swap transaction the service built is sent, then Activity and balances', async () => {
    const { api, calls } = scriptedApi({ '/v1/convert/build-transaction': tx(POOL, '0xabcdef', '0x6f05b59d3b20000') })
    const { provider, sent } = wallet()
    const out = await run(swapExecuteEpic, [{ type: 'swap/confirmed' }], quoted(ETH, DUSD, (2n ** 256n - 1n).toString()), api, provider)
    expect(out.map((a) => a.type)).toEqual(['swap/succeeded', 'activity/transactionSent', 'balance/fetchRequested', 'portfolio/fetchRequested'])
    expect(sent).toEqual([{ from: A, to: POOL, data: '0xabcdef', value: '0x6f05b59d3b20000', gas: '0x30d40' }])
    expect(calls[0]).toEqual({
      path: '/v1/convert/build-transaction',
      body: { projectId: null, userAddress: A, from: ETH.address, to: DUSD.address, amount: '500000000000000000', eip155: { slippage: 1 }, disableEstimate: true },
    })
    const activity = out[1] as Extract<Action, { type: 'activity/transactionSent' }>
    expect(activity.transaction.transfers.map((t) => `${t.direction} ${t.quantity.numeric} ${t.fungible?.symbol}`)).toEqual(['out 0.5 ETH', 'in 1480 dUSD'])
  })

  test('token in with a short allowance: the approval first, the allowance read until it covers the amount, then the swap', async () => {
    let reads = 0
    const answers: Record<string, unknown> = {
      '/v1/convert/build-approve': tx(TOKEN, '0x095ea7b3'),
      '/v1/convert/build-transaction': tx(POOL, '0x1234'),
    }
    Object.defineProperty(answers, '/v1/convert/allowance', { enumerable: true, get: () => ({ allowance: ++reads < 2 ? '0' : '100000000' }) })
    const { api, calls } = scriptedApi(answers)
    const { provider, sent } = wallet()
    const out = await run(swapExecuteEpic, [{ type: 'swap/confirmed' }], quoted(DUSD, ETH, '0'), api, provider)
    expect(out.map((a) => a.type)).toEqual(['swap/approvalSent', 'swap/approved', 'swap/succeeded', 'activity/transactionSent', 'balance/fetchRequested', 'portfolio/fetchRequested'])
    expect(sent.map((t) => (t as { data: string }).data)).toEqual(['0x095ea7b3', '0x1234'])
    expect(calls.map((c) => c.path)).toEqual(['/v1/convert/build-approve', '/v1/convert/allowance', '/v1/convert/allowance', '/v1/convert/build-transaction'])
  }, 10_000)

  test('a wallet that refuses: the swap fails in words and nothing else happens', async () => {
    const { api } = scriptedApi({ '/v1/convert/build-transaction': tx(POOL, '0x1234') })
    const provider: Eip1193Provider = { request: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) }
    const out = await run(swapExecuteEpic, [{ type: 'swap/confirmed' }], quoted(ETH, DUSD, '0'), api, provider)
    expect(out).toHaveLength(1)
    expect(out[0]!.type).toBe('swap/failed')
  })

  test('a service answer that is not a transaction is refused before the wallet sees it', async () => {
    const { api } = scriptedApi({ '/v1/convert/build-transaction': { tx: { from: A, to: 'javascript:alert(1)', data: '0x', value: '0x0' } } })
    const { provider, sent } = wallet()
    const out = await run(swapExecuteEpic, [{ type: 'swap/confirmed' }], quoted(ETH, DUSD, '0'), api, provider)
    expect(out.map((a) => a.type)).toEqual(['swap/failed'])
    expect(sent).toEqual([])
  })
})

describe('swap tokens and networks (SPEC 8, 9)', () => {
  test('the twelve networks and the dev chains are supported; others and non-EVM are not', () => {
    // The same twelve as the public list (swapCalls.ts says why they are written twice).
    expect(SWAP_SUPPORTED_CHAIN_IDS.map((id) => swapSupported(`eip155:${id}`))).toEqual(SWAP_SUPPORTED_CHAIN_IDS.map(() => true))
    expect([...Array(2000).keys()].filter((id) => swapSupported(`eip155:${id}`))).toEqual(SWAP_SUPPORTED_CHAIN_IDS.filter((id) => id < 2000).sort((a, b) => a - b))
    expect(['eip155:1', 'eip155:8453', 'eip155:1313161554', 'eip155:31337'].map(swapSupported)).toEqual([true, true, true, true])
    expect(['eip155:11155111', 'eip155:5', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'].map(swapSupported)).toEqual([false, false, false])
  })

  test("an unsupported network answers 'Network not supported for Swaps' without a call", async () => {
    const account = `eip155:137:${A}`
    let state = reduce(initialState({ networks: [polygon, airlockDevnet] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: account as never, connectorId: 'evm.test' })
    state = reduce(state, { type: 'swap/opened', account: `eip155:11155111:${A}` })
    const { api, calls } = scriptedApi({})
    const scheduler = new TestScheduler(() => {})
    const deps = { ...marbleDeps(scheduler), http: { api, blockchain: { ...api, baseUrl: 'http://127.0.0.1:1' }, analytics: api } } as unknown as AirlockDeps
    const out = await lastValueFrom(swapTokensEpic(from<Action[]>([{ type: 'swap/opened', account: `eip155:11155111:${A}` }]), stateFollowing(state).state$, deps).pipe(toArray()))
    expect(out).toEqual([{ type: 'swap/tokensFailed', account: `eip155:11155111:${A}`, error: { message: 'Network not supported for Swaps' } }])
    await expect(swapCalls(state, deps, `eip155:11155111:${A}`).gasPrice(new AbortController().signal)).rejects.toThrow('Network not supported for Gas Price')
    expect(calls).toEqual([])
  })
})
