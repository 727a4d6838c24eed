import type { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { PortfolioData } from '../actions/portfolio.js'
import type { Action } from '../actions/types.js'
import { HttpError } from '../api/errors.js'
import { chainIdToCoinType } from '../chains/coinType.js'
import { airlockDevnet, airlockDevnet2, airlockSolanaLocal } from '../chains/networks.js'
import type { Eip1193Provider } from '../connectors/providerRegistry.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { marbleDeps, marbleProvider, runEpic } from '../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../tests/support/state.js'
import { activityEpic, FETCH_TRANSACTIONS_FAILED_MESSAGE, identityEpic, nameSearchEpic, nftImagesEpic, nftsEpic, reasonOr, registerNameEpic, tokensEpic, type HistoryReader } from './portfolioEpics.js'
import type { ResourceEpicParameters } from './resourceEpic.js'
import { selectPortfolio } from './selectPortfolio.js'
import type { ActivityTransaction, PortfolioResource, TokenBalance } from './types.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const KEY_A = `eip155:31337:${A}` as const
const KEY_B = `eip155:31337:${B}` as const
const LIST_A = `eip155:31337|${A}`
const LIST_B = `eip155:31338|${B}`
const ORIGIN = 'http://127.0.0.1:8787'
const SIGNATURE = `0x${'ab'.repeat(65)}`
const connectA: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: KEY_A, connectorId: 'dev.test' }
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const state = (projectId?: string): AirlockState => initialState({ networks: [airlockDevnet, airlockDevnet2, airlockSolanaLocal], ...(projectId ? { projectId } : {}) })

const eth = (numeric: string): TokenBalance => ({ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric }, iconUrl: '' })
const request = (resource: PortfolioResource, key: string, force = false): Action => ({ type: 'portfolio/fetchRequested', resource, key, ...(force ? { force: true as const } : {}) })
const started = (resource: PortfolioResource, key: string): Action => ({ type: 'portfolio/fetchStarted', resource, key })
const fetched = <R extends PortfolioResource>(resource: R, key: string, data: PortfolioData[R], at: number): Action => ({ type: 'portfolio/fetched', resource, key, data, at }) as Action
const failed = (resource: PortfolioResource, key: string, error: { message: string; code?: number }, at: number): Action => ({ type: 'portfolio/fetchFailed', resource, key, error, at })
const skipped = (resource: PortfolioResource, key: string, reason: 'cached' | 'retryPause'): Action => ({ type: 'portfolio/fetchSkipped', resource, key, reason })
const toast = (id: string, message: string): Action => ({ type: 'notifications/showRequested', notification: { id, variant: 'error', message } })

type ReadArgs = Parameters<ResourceEpicParameters<PortfolioResource>['read']>[0]

/** A resource reader answering call after call with the given observables (the last repeats). */
function reader<R extends PortfolioResource>(...answers: Observable<PortfolioData[R]>[]) {
  const calls: ReadArgs[] = []
  const read: ResourceEpicParameters<R>['read'] = (args) => {
    calls.push(args)
    return answers[Math.min(calls.length - 1, answers.length - 1)]!
  }
  return Object.assign(read, { calls })
}

describe('tokensEpic (resourceEpic)', () => {
  test('default: a request fetches the tokens; within 30 s the cache answers, from 30 s on they are fetched again', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const answers = reader<'tokens'>(cold('--(v|)', { v: [eth('1')] }), cold('--(v|)', { v: [eth('2')] }))
      const r = request('tokens', KEY_A)
      // Fetched at 3; asked again at 10.002 s and 30.002 s (cached), and at 30.003 s (30 s old: fetched).
      const { out$, state: now } = runEpic(scheduler, tokensEpic(answers), hot('-a 10000ms b 19999ms cd', { a: r, b: r, c: r, d: r }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-s-f 9998ms k 19999ms ks-g', {
        s: started('tokens', KEY_A),
        f: fetched('tokens', KEY_A, [eth('1')], 3),
        k: skipped('tokens', KEY_A, 'cached'),
        g: fetched('tokens', KEY_A, [eth('2')], 30_005),
      })
      scheduler.schedule(() => {
        expect(answers.calls.map((c) => [c.key, c.force])).toEqual([
          [KEY_A, false],
          [KEY_A, false],
        ])
        expect(selectPortfolio(now()).tokens[KEY_A]).toEqual({ data: [eth('2')], fetchedAt: 30_005 })
      }, 40_000)
    })
  })

  test('behavior: force bypasses the cache', () => {
    const scheduler = newScheduler()
    let calls: ReadArgs[] = []
    scheduler.run(({ hot, cold, expectObservable }) => {
      const answers = reader<'tokens'>(cold('--(v|)', { v: [eth('1')] }), cold('--(v|)', { v: [eth('2')] }))
      calls = answers.calls
      const { out$ } = runEpic(scheduler, tokensEpic(answers), hot('-a--f', { a: request('tokens', KEY_A), f: request('tokens', KEY_A, true) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-s-fs-g', { s: started('tokens', KEY_A), f: fetched('tokens', KEY_A, [eth('1')], 3), g: fetched('tokens', KEY_A, [eth('2')], 6) })
    })
    expect(calls.map((c) => c.force)).toEqual([false, true])
  })

  test("behavior: after a failure nothing is fetched for 30 s even when forced ('retryPause'); the last good data stays; 'Token Balance Unavailable' toast", () => {
    const scheduler = newScheduler()
    let calls: ReadArgs[] = []
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'tokens'>(cold('(v|)', { v: [eth('1')] }), cold('-#', undefined, new Error('RPC down')), cold('-(v|)', { v: [eth('3')] }))
      calls = read.calls
      const r = request('tokens', KEY_A)
      const f = request('tokens', KEY_A, true)
      // Fetched at 1; forced at 11, failing at 12. Forced at 10.011 s and asked at 30.011 s: paused; asked at 30.012 s: fetched.
      const { out$, state: now } = runEpic(scheduler, tokensEpic(read), hot('-a 9ms f 9999ms f 19999ms rr', { a: r, f, r }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-(sf) 6ms s(et) 9995ms p 19999ms psg', {
        s: started('tokens', KEY_A),
        f: fetched('tokens', KEY_A, [eth('1')], 1),
        e: failed('tokens', KEY_A, { message: 'RPC down' }, 12),
        t: toast('id1', 'Token Balance Unavailable'),
        p: skipped('tokens', KEY_A, 'retryPause'),
        g: fetched('tokens', KEY_A, [eth('3')], 30_013),
      })
      scheduler.schedule(() => expect(selectPortfolio(now()).tokens[KEY_A]).toEqual({ data: [eth('1')], fetchedAt: 1, failedAt: 12, error: { message: 'RPC down' } }), 20)
    })
    expect(calls).toHaveLength(3)
  })

  test('behavior: a repeat request while the answer is on its way starts no second read; a forced one restarts it (subscriptions prove it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---(v|)', { v: [eth('1')] })
      const read = reader<'tokens'>(slow)
      const r = request('tokens', KEY_A)
      expectObservable(runEpic(scheduler, tokensEpic(read), hot('-ar', { a: r, r }), state(), marbleDeps(scheduler)).out$).toBe('-s--f', {
        s: started('tokens', KEY_A),
        f: fetched('tokens', KEY_A, [eth('1')], 4),
      })
      expectSubscriptions(slow.subscriptions).toBe('-^--!')
    })
    const second = newScheduler()
    let aborted: boolean[] = []
    second.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const first = cold('---(v|)', { v: [eth('1')] })
      const read = reader<'tokens'>(first, cold('---(v|)', { v: [eth('2')] }))
      const { out$ } = runEpic(second, tokensEpic(read), hot('-a-f', { a: request('tokens', KEY_A), f: request('tokens', KEY_A, true) }), state(), marbleDeps(second))
      expectObservable(out$).toBe('-s-s--g', { s: started('tokens', KEY_A), g: fetched('tokens', KEY_A, [eth('2')], 6) })
      expectSubscriptions(first.subscriptions).toBe('-^-!')
      second.schedule(() => (aborted = read.calls.map((c) => c.signal.aborted)), 10)
    })
    expect(aborted).toEqual([true, false])
  })

  test('behavior: different keys are fetched independently', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slowA = cold('---(v|)', { v: [eth('1')] })
      const fastB = cold('-(v|)', { v: [eth('2')] })
      const read = reader<'tokens'>(slowA, fastB)
      const { out$ } = runEpic(scheduler, tokensEpic(read), hot('-ab', { a: request('tokens', KEY_A), b: request('tokens', KEY_B) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-stgf', {
        s: started('tokens', KEY_A),
        t: started('tokens', KEY_B),
        g: fetched('tokens', KEY_B, [eth('2')], 3),
        f: fetched('tokens', KEY_A, [eth('1')], 4),
      })
      expectSubscriptions(slowA.subscriptions).toBe('-^--!')
      expectSubscriptions(fastB.subscriptions).toBe('--^!')
    })
  })

  test('behavior: a sent transaction forces a refetch of the active account tokens, only when they were fetched before', () => {
    const sent: Action = { type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction' }
    const signed: Action = { type: 'wallet/requestSucceeded', id: 'r2', method: 'personal_sign' }
    const connected = reduce(state(), connectA)
    const scheduler = newScheduler()
    let forces: boolean[] = []
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'tokens'>(cold('(v|)', { v: [eth('1')] }), cold('(v|)', { v: [eth('2')] }))
      const { out$ } = runEpic(scheduler, tokensEpic(read), hot('-a 9ms x 9ms y', { a: request('tokens', KEY_A), x: sent, y: signed }), connected, marbleDeps(scheduler))
      // At 11 the cache (1 ms old) would answer: the send forces it.
      expectObservable(out$).toBe('-(sf) 6ms (sg)', { s: started('tokens', KEY_A), f: fetched('tokens', KEY_A, [eth('1')], 1), g: fetched('tokens', KEY_A, [eth('2')], 11) })
      scheduler.schedule(() => (forces = read.calls.map((c) => c.force)), 30)
    })
    expect(forces).toEqual([false, true])

    // Never shown: nobody waits for them. Another account's list does not count.
    const untouched = newScheduler()
    let keys: string[] = []
    untouched.run(({ hot, cold, expectObservable }) => {
      const read = reader<'tokens'>(cold('(v|)', { v: [eth('1')] }))
      const { out$ } = runEpic(untouched, tokensEpic(read), hot('-x-b 9ms x', { x: sent, b: request('tokens', KEY_B) }), connected, marbleDeps(untouched))
      expectObservable(out$).toBe('---(sf)', { s: started('tokens', KEY_B), f: fetched('tokens', KEY_B, [eth('1')], 3) })
      untouched.schedule(() => (keys = read.calls.map((c) => c.key)), 30)
    })
    expect(keys).toEqual([KEY_B])

    // Not connected: nothing to refresh.
    const disconnected = newScheduler()
    disconnected.run(({ hot, cold, expectObservable }) => {
      const read = reader<'tokens'>(cold('(v|)', { v: [eth('1')] }))
      const { out$ } = runEpic(disconnected, tokensEpic(read), hot('-a 9ms x', { a: request('tokens', KEY_A), x: sent }), state(), marbleDeps(disconnected))
      expectObservable(out$).toBe('-(sf)', { s: started('tokens', KEY_A), f: fetched('tokens', KEY_A, [eth('1')], 1) })
    })
  })
})

describe('nftsEpic and identityEpic (resourceEpic)', () => {
  test('behavior: a failed NFT read pauses the key but shows no toast', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'nfts'>(cold('-#', undefined, new HttpError(500, { method: 'GET', url: `${ORIGIN}/v1/account/${A}/nfts` })))
      const { out$ } = runEpic(scheduler, nftsEpic(read), hot('-a-f', { a: request('nfts', KEY_A), f: request('nfts', KEY_A, true) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-sep', {
        s: started('nfts', KEY_A),
        e: failed('nfts', KEY_A, { message: 'HTTP status code: 500', code: 500 }, 2),
        p: skipped('nfts', KEY_A, 'retryPause'),
      })
    })
  })

  test('behavior: NFT requests do not answer token requests (resources apart)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'nfts'>(cold('(v|)', { v: [] }))
      expectObservable(runEpic(scheduler, nftsEpic(read), hot('-ab', { a: request('tokens', KEY_A), b: request('nfts', KEY_A) }), state(), marbleDeps(scheduler)).out$).toBe('--(sf)', {
        s: started('nfts', KEY_A),
        f: fetched('nfts', KEY_A, [], 2),
      })
    })
  })

  test('default: connecting an EVM account with a project id fetches its identity by lower-cased address, cached for 5 min; an account change fetches the new one', () => {
    const alice = { name: 'alice.airlock.id', avatar: null }
    const toB: Action = { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [KEY_B] }
    const scheduler = newScheduler()
    let keys: string[] = []
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'identity'>(cold('-(v|)', { v: alice }), cold('-(v|)', { v: { name: null, avatar: null } }))
      // Connected again 31 s later: still cached (identity keeps 5 min, not the tokens' 30 s).
      const input$ = hot('-c 30999ms c 9ms b', { c: connectA, b: toB })
      expectObservable(runEpic(scheduler, identityEpic(read), input$, state('p1'), marbleDeps(scheduler)).out$).toBe('-sf 30998ms k 9ms tg', {
        s: started('identity', A.toLowerCase()),
        f: fetched('identity', A.toLowerCase(), alice, 2),
        k: skipped('identity', A.toLowerCase(), 'cached'),
        t: started('identity', B.toLowerCase()),
        g: fetched('identity', B.toLowerCase(), { name: null, avatar: null }, 31_012),
      })
      scheduler.schedule(() => (keys = read.calls.map((c) => c.key)), 40_000)
    })
    expect(keys).toEqual([A.toLowerCase(), B.toLowerCase()])
  })

  test('behavior: no identity fetch without a project id, nor for a Solana account; a failure shows no toast', () => {
    const solana: Action = { type: 'connection/accountConnected', namespace: 'solana', caipAddress: `${airlockSolanaLocal.caipNetworkId}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`, connectorId: 'sol.test' }
    for (const [initial, connect] of [
      [state(), connectA],
      [state('p1'), solana],
    ] as const) {
      const scheduler = newScheduler()
      scheduler.run(({ hot, cold, expectObservable }) => {
        const read = reader<'identity'>(cold('(v|)', { v: { name: 'x', avatar: null } }))
        expectObservable(runEpic(scheduler, identityEpic(read), hot('-c', { c: connect }), initial, marbleDeps(scheduler)).out$).toBe('')
      })
    }
    const failing = newScheduler()
    failing.run(({ hot, cold, expectObservable }) => {
      const read = reader<'identity'>(cold('-#', undefined, new Error('boom')))
      expectObservable(runEpic(failing, identityEpic(read), hot('-c', { c: connectA }), state('p1'), marbleDeps(failing)).out$).toBe('-se', {
        s: started('identity', A.toLowerCase()),
        e: failed('identity', A.toLowerCase(), { message: 'boom' }, 2),
      })
    })
  })
})

describe('activityEpic', () => {
  const tx = (id: string): ActivityTransaction => ({ id, hash: `0x${id}`, minedAt: '2024-01-01T00:00:00Z', chain: 'eip155:31337', operationType: 'send', status: 'confirmed', sentFrom: A, sentTo: null, transfers: [] })
  const page = (key: string, cursor: string | null, transactions: ActivityTransaction[], next: string | null): Action => ({ type: 'activity/pageLoaded', key, cursor, transactions, next })
  const pageStarted = (key: string, cursor: string | null): Action => ({ type: 'activity/pageStarted', key, cursor })
  const first: Action = { type: 'activity/pageRequested', key: LIST_A }
  const more: Action = { type: 'activity/pageRequested', key: LIST_A, more: true }
  type Page = { transactions: ActivityTransaction[]; next: string | null }
  function history(...answers: Observable<Page>[]) {
    const calls: Parameters<HistoryReader>[0][] = []
    const read: HistoryReader = (args) => {
      calls.push(args)
      return answers[Math.min(calls.length - 1, answers.length - 1)]!
    }
    return Object.assign(read, { calls })
  }

  test('default: the first page, then the next with the cursor; no cursor left, no request', () => {
    const scheduler = newScheduler()
    let cursors: (string | null)[] = []
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = history(cold('--(v|)', { v: { transactions: [tx('1')], next: 'c1' } }), cold('--(v|)', { v: { transactions: [tx('2')], next: null } }))
      const { out$, state: now } = runEpic(scheduler, activityEpic(read), hot('-r 9ms m 9ms m', { r: first, m: more }), state('p1'), marbleDeps(scheduler))
      expectObservable(out$).toBe('-s-l 7ms t-u', {
        s: pageStarted(LIST_A, null),
        l: page(LIST_A, null, [tx('1')], 'c1'),
        t: pageStarted(LIST_A, 'c1'),
        u: page(LIST_A, 'c1', [tx('2')], null),
      })
      scheduler.schedule(() => {
        cursors = read.calls.map((c) => c.cursor)
        expect(selectPortfolio(now()).activity).toMatchObject({ key: LIST_A, transactions: [tx('1'), tx('2')], next: null, empty: false, loading: false })
      }, 40)
    })
    expect(cursors).toEqual([null, 'c1'])
  })

  test('edge: `more` while a page is loading is ignored and does not cancel it; `more` with no list is ignored', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---(v|)', { v: { transactions: [tx('1')], next: 'c1' } })
      const read = history(slow)
      expectObservable(runEpic(scheduler, activityEpic(read), hot('-r-m', { r: first, m: more }), state('p1'), marbleDeps(scheduler)).out$).toBe('-s--l', {
        s: pageStarted(LIST_A, null),
        l: page(LIST_A, null, [tx('1')], 'c1'),
      })
      expectSubscriptions(slow.subscriptions).toBe('-^--!')
    })
    const empty = newScheduler()
    let calls = -1
    empty.run(({ hot, cold, expectObservable }) => {
      const read = history(cold('(v|)', { v: { transactions: [], next: null } }))
      expectObservable(runEpic(empty, activityEpic(read), hot('-m', { m: more }), state('p1'), marbleDeps(empty)).out$).toBe('')
      empty.schedule(() => (calls = read.calls.length), 5)
    })
    expect(calls).toBe(0)
  })

  test('behavior: a newer request replaces the older one in flight (switchMap: unsubscribed and aborted)', () => {
    const scheduler = newScheduler()
    let aborted: boolean[] = []
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slowA = cold('-----(v|)', { v: { transactions: [tx('a')], next: null } })
      const read = history(slowA, cold('-(v|)', { v: { transactions: [tx('b')], next: null } }))
      const { out$ } = runEpic(scheduler, activityEpic(read), hot('-a-b', { a: first, b: { type: 'activity/pageRequested', key: LIST_B } }), state('p1'), marbleDeps(scheduler))
      expectObservable(out$).toBe('-s-tl', { s: pageStarted(LIST_A, null), t: pageStarted(LIST_B, null), l: page(LIST_B, null, [tx('b')], null) })
      expectSubscriptions(slowA.subscriptions).toBe('-^-!')
      scheduler.schedule(() => (aborted = read.calls.map((c) => c.signal.aborted)), 20)
    })
    expect(aborted).toEqual([true, false])
  })

  test("behavior: a failure empties the list with 'Failed to fetch transactions' and the error toast", () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = history(cold('(v|)', { v: { transactions: [tx('1')], next: 'c1' } }), cold('-#', undefined, new HttpError(500, { method: 'GET', url: `${ORIGIN}/v1/account/${A}/history` })))
      const { out$, state: now } = runEpic(scheduler, activityEpic(read), hot('-r 9ms m', { r: first, m: more }), state('p1'), marbleDeps(scheduler))
      expectObservable(out$).toBe('-(sl) 6ms t(fx)', {
        s: pageStarted(LIST_A, null),
        l: page(LIST_A, null, [tx('1')], 'c1'),
        t: pageStarted(LIST_A, 'c1'),
        f: { type: 'activity/pageFailed', key: LIST_A, error: { message: FETCH_TRANSACTIONS_FAILED_MESSAGE } },
        x: toast('id1', 'Failed to fetch transactions'),
      })
      scheduler.schedule(() => expect(selectPortfolio(now()).activity).toMatchObject({ transactions: [], next: null, empty: true, loading: false, error: { message: 'Failed to fetch transactions' } }), 20)
    })
    const second = newScheduler()
    second.run(({ hot, cold, expectObservable }) => {
      const read = history(cold('-#', undefined, new Error('Activity needs the data service: set a projectId')))
      expectObservable(runEpic(second, activityEpic(read), hot('-r', { r: first }), state(), marbleDeps(second)).out$).toBe('-s(ft)', {
        s: pageStarted(LIST_A, null),
        // Without a project id the list says why; the toast stays the SPEC's wording.
        f: { type: 'activity/pageFailed', key: LIST_A, error: { message: 'Activity needs the data service: set a projectId' } },
        t: toast('id1', 'Failed to fetch transactions'),
      })
    })
  })

  test.each<[string, Action]>([
    ['a disconnect', { type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }],
    ['a reset of the list', { type: 'activity/reset' }],
  ])('behavior: %s cancels the page in flight', (_, cancel) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---(v|)', { v: { transactions: [tx('1')], next: null } })
      expectObservable(runEpic(scheduler, activityEpic(history(slow)), hot('-r-d', { r: first, d: cancel }), state('p1'), marbleDeps(scheduler)).out$).toBe('-s', { s: pageStarted(LIST_A, null) })
      expectSubscriptions(slow.subscriptions).toBe('-^-!')
    })
  })
})

// ---- names: a stub HTTP client answering on virtual time, a stub wallet under the connection's connector id ----

type HttpCall = { method: 'get' | 'post'; path: string; params?: unknown; body?: unknown; signal?: AbortSignal }
type Reply = { after: number; ok: unknown } | { after: number; error: unknown } | { throws: unknown }

/**
 * `deps.http.blockchain` for marbles: each call is recorded and answered by `reply` with a
 * promise-like settled on the test scheduler (fromAbortable only calls `then`), so answers land
 * at exact virtual times; `throws` fails the call synchronously.
 */
function stubHttp(scheduler: TestScheduler, reply: (call: HttpCall) => Reply) {
  const calls: HttpCall[] = []
  const answer = ({ schema, ...call }: HttpCall & { schema?: { parse(value: unknown): unknown } }): PromiseLike<unknown> => {
    calls.push(call)
    const r = reply(call)
    if ('throws' in r) throw r.throws
    return {
      then: (resolve, reject) => {
        scheduler.schedule(() => {
          // An aborted request rejects, as fetch does; fromAbortable drops it.
          if (call.signal?.aborted) reject?.(call.signal.reason)
          else if ('error' in r) reject?.(r.error)
          else resolve?.(schema ? schema.parse(r.ok) : r.ok)
        }, r.after)
        return undefined as never
      },
    }
  }
  const blockchain = {
    baseUrl: ORIGIN,
    get: (args: Omit<HttpCall, 'method'>) => answer({ method: 'get', ...args }),
    post: (args: Omit<HttpCall, 'method'>) => answer({ method: 'post', ...args }),
  }
  return { blockchain, calls }
}

function nameDeps(scheduler: TestScheduler, reply: (call: HttpCall) => Reply, providers: Record<string, Eip1193Provider> = {}) {
  const http = stubHttp(scheduler, reply)
  const deps = { ...marbleDeps(scheduler, providers), http: { blockchain: http.blockchain } } as unknown as AirlockDeps
  return { deps, calls: http.calls }
}

const notFound = () => new HttpError(404, { method: 'GET', url: `${ORIGIN}/v1/profile/account/x` })
const reasons = (status: number, method = 'POST') => new HttpError(status, { method, url: `${ORIGIN}/v1/profile/account`, body: JSON.stringify({ reasons: [{ description: 'Name is taken' }, { description: 'second reason' }] }) })

describe('nameSearchEpic', () => {
  const search = (query: string): Action => ({ type: 'names/searchRequested', query })
  const params = (s: AirlockState) => ({ projectId: 'p1', st: s.options.sdkType, sv: s.options.sdkVersion })

  test('default: after 300 ms without typing, only the last query is searched: taken or not, and suggestions in the zone', () => {
    const scheduler = newScheduler()
    const initial = state('p1')
    const suggestions = [{ name: 'alicia1.airlock.id', registered: false }]
    const { deps, calls } = nameDeps(scheduler, ({ path }) => (path.startsWith('/v1/profile/account/') ? { after: 2, error: notFound() } : { after: 1, ok: { suggestions } }))
    scheduler.run(({ hot, expectObservable }) => {
      // Typed at 1, 102 and 203: searched once, at 503.
      const input$ = hot('-a 100ms b 100ms c', { a: search('alic'), b: search('alice'), c: search('alicia') })
      expectObservable(runEpic(scheduler, nameSearchEpic, input$, initial, deps).out$).toBe('506ms l', { l: { type: 'names/searchLoaded', query: 'alicia', taken: false, suggestions } })
    })
    expect(calls.map(({ method, path, params: p }) => [method, path, p])).toEqual([
      ['get', '/v1/profile/account/alicia.airlock.id', params(initial)],
      ['get', '/v1/profile/suggestions/alicia', { zone: 'airlock.id', ...params(initial) }],
    ])
  })

  test('behavior: a registered name answers taken', () => {
    const scheduler = newScheduler()
    const { deps } = nameDeps(scheduler, ({ path }) => (path.startsWith('/v1/profile/account/') ? { after: 1, ok: { name: 'alice.airlock.id' } } : { after: 1, ok: { suggestions: [] } }))
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(runEpic(scheduler, nameSearchEpic, hot('-a', { a: search('alice') }), state('p1'), deps).out$).toBe('303ms l', {
        l: { type: 'names/searchLoaded', query: 'alice', taken: true, suggestions: [] },
      })
    })
  })

  test('edge: labels shorter than 4 or with other characters than letters, digits and hyphens are not searched', () => {
    for (const query of ['abc', 'ali_ce', 'alice!', 'al ice', 'alice.airlock.id', '']) {
      const scheduler = newScheduler()
      const { deps, calls } = nameDeps(scheduler, () => ({ after: 1, ok: { suggestions: [] } }))
      scheduler.run(({ hot, expectObservable }) => {
        expectObservable(runEpic(scheduler, nameSearchEpic, hot('-a', { a: search(query) }), state('p1'), deps).out$).toBe('')
      })
      expect(calls, query).toEqual([])
    }
    const ok = newScheduler()
    const { deps, calls } = nameDeps(ok, ({ path }) => (path.startsWith('/v1/profile/account/') ? { after: 1, error: notFound() } : { after: 1, ok: { suggestions: [] } }))
    ok.run(({ hot, expectObservable }) => {
      expectObservable(runEpic(ok, nameSearchEpic, hot('-a', { a: search('a-b1') }), state('p1'), deps).out$).toBe('303ms l', {
        l: { type: 'names/searchLoaded', query: 'a-b1', taken: false, suggestions: [] },
      })
    })
    expect(calls).toHaveLength(2)
  })

  test('behavior: a newer query cancels the search in flight (its request aborted)', () => {
    const scheduler = newScheduler()
    const { deps, calls } = nameDeps(scheduler, () => ({ after: 1_000, ok: { name: 'alice.airlock.id' } }))
    scheduler.run(({ hot, expectObservable }) => {
      // 'alice' searched at 301; 'ali' at 602 ends that search and searches nothing.
      expectObservable(runEpic(scheduler, nameSearchEpic, hot('-a 300ms b', { a: search('alice'), b: search('ali') }), state('p1'), deps).out$).toBe('')
    })
    expect(calls.map((c) => [c.path, c.signal?.aborted])).toEqual([['/v1/profile/account/alice.airlock.id', true]])
  })

  test("behavior: failures say 'Error fetching name suggestions' unless the API gave a reason", () => {
    const cases: [Reply, string][] = [
      [{ after: 1, error: new HttpError(500, { method: 'GET', url: ORIGIN, body: '<html>oops</html>' }) }, 'Error fetching name suggestions'],
      [{ after: 1, error: reasons(400, 'GET') }, 'Name is taken'],
      [{ throws: new Error('offline') }, 'Error fetching name suggestions'],
    ]
    for (const [reply, message] of cases) {
      const scheduler = newScheduler()
      const { deps } = nameDeps(scheduler, ({ path }) => (path.startsWith('/v1/profile/suggestions/') ? reply : { after: 1, error: notFound() }))
      scheduler.run(({ hot, expectObservable }) => {
        expectObservable(runEpic(scheduler, nameSearchEpic, hot('-a', { a: search('alice') }), state('p1'), deps).out$).toBe(`30${'throws' in reply ? 2 : 3}ms f`, {
          f: { type: 'names/searchFailed', query: 'alice', error: { message } },
        })
      })
    }
  })
})

describe('registerNameEpic', () => {
  const register = (label: string): Action => ({ type: 'names/registrationRequested', label })
  const connected = () => reduce(state('p1'), connectA)
  const wallet = (answer: Observable<unknown>) => marbleProvider({ personal_sign: answer })

  test('default: the wallet signs {name, attributes, timestamp}; the POST carries coin type, address, message and signature; then the success view', () => {
    const scheduler = newScheduler()
    const initial = connected()
    let provider!: ReturnType<typeof wallet>
    let identityName: string | null | undefined
    const { deps, calls } = nameDeps(scheduler, () => ({ after: 3, ok: { name: 'alice.airlock.id' } }), {})
    scheduler.run(({ hot, cold, expectObservable }) => {
      provider = wallet(cold('--(s|)', { s: SIGNATURE }))
      deps.providers.register('dev.test', provider)
      const { out$, state: now } = runEpic(scheduler, registerNameEpic, hot('12345ms r', { r: register('Alice') }), initial, deps)
      expectObservable(out$).toBe('12347ms s--(dr)', {
        s: { type: 'names/registrationSigned', name: 'alice.airlock.id' },
        d: { type: 'names/registered', name: 'alice.airlock.id', address: A },
        r: { type: 'router/replaceRequested', view: 'RegisterAccountNameSuccess' },
      })
      scheduler.schedule(() => (identityName = selectPortfolio(now()).identity[A.toLowerCase()]?.data?.name), 13_000)
    })
    const message = '{"name":"alice.airlock.id","attributes":{},"timestamp":12}'
    const [hex, signer] = provider.params['personal_sign']![0] as [string, string]
    expect(Buffer.from(hex.slice(2), 'hex').toString('utf8')).toBe(message)
    expect(JSON.parse(message)).toEqual({ name: 'alice.airlock.id', attributes: {}, timestamp: 12 })
    expect(signer).toBe(A)
    expect(chainIdToCoinType(31337)).toBe(2_147_514_985)
    expect(calls).toEqual([
      {
        method: 'post',
        path: '/v1/profile/account',
        params: { projectId: 'p1', st: initial.options.sdkType, sv: initial.options.sdkVersion },
        body: { coin_type: 2_147_514_985, address: A, message, signature: SIGNATURE },
        signal: expect.any(AbortSignal),
      },
    ])
    expect(identityName).toBe('alice.airlock.id')
  })

  test('behavior: the coin type follows the active network', () => {
    const scheduler = newScheduler()
    const initial = reduce(connected(), { type: 'network/activeChanged', caipNetworkId: 'eip155:31338' })
    const { deps, calls } = nameDeps(scheduler, () => ({ after: 1, ok: {} }))
    scheduler.run(({ hot, cold }) => {
      deps.providers.register('dev.test', wallet(cold('(s|)', { s: SIGNATURE })))
      runEpic(scheduler, registerNameEpic, hot('-r', { r: register('alice') }), initial, deps).out$.subscribe()
    })
    expect((calls[0]?.body as { coin_type: number }).coin_type).toBe(chainIdToCoinType(31338))
    expect(chainIdToCoinType(31338)).toBe(2_147_514_986)
  })

  test("behavior: the API's first reason is preferred; otherwise 'Error registering name <name>'", () => {
    const cases: [Reply, string][] = [
      [{ after: 1, error: reasons(409) }, 'Name is taken'],
      [{ after: 1, error: new HttpError(500, { method: 'POST', url: ORIGIN, body: '<html>bad gateway</html>' }) }, 'Error registering name alice.airlock.id'],
      [{ after: 1, error: new HttpError(400, { method: 'POST', url: ORIGIN, body: JSON.stringify({ reasons: [] }) }) }, 'Error registering name alice.airlock.id'],
      [{ after: 1, error: new Error('Network request failed') }, 'Error registering name alice.airlock.id'],
    ]
    for (const [reply, message] of cases) {
      const scheduler = newScheduler()
      const { deps } = nameDeps(scheduler, () => reply)
      let status: string | undefined
      scheduler.run(({ hot, cold, expectObservable }) => {
        deps.providers.register('dev.test', wallet(cold('-(s|)', { s: SIGNATURE })))
        const { out$, state: now } = runEpic(scheduler, registerNameEpic, hot('-r', { r: register('alice') }), connected(), deps)
        expectObservable(out$).toBe('--sf', {
          s: { type: 'names/registrationSigned', name: 'alice.airlock.id' },
          f: { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message } },
        })
        scheduler.schedule(() => (status = selectPortfolio(now()).registration.status), 10)
      })
      expect(status, message).toBe('failed')
    }
  })

  test('behavior: a declined or invalid signature fails without any POST', () => {
    for (const answer of ['declined', 'invalid'] as const) {
      const scheduler = newScheduler()
      const { deps, calls } = nameDeps(scheduler, () => ({ after: 1, ok: {} }))
      scheduler.run(({ hot, cold, expectObservable }) => {
        deps.providers.register('dev.test', wallet(answer === 'declined' ? cold('-#', undefined, { code: 4001, message: 'User rejected the request.' }) : cold('-(s|)', { s: '0x12' })))
        expectObservable(runEpic(scheduler, registerNameEpic, hot('-r', { r: register('alice') }), connected(), deps).out$).toBe('--f', {
          f: { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message: 'Error registering name alice.airlock.id' } },
        })
      })
      expect(calls, answer).toEqual([])
    }
  })

  test('edge: not connected, no wallet under the connector id, or an invalid label: fails at once, nothing signed', () => {
    const fail = (name: string): Action => ({ type: 'names/registrationFailed', name, error: { message: `Error registering name ${name}` } })
    const cases: [AirlockState, string, boolean][] = [
      [state('p1'), 'alice', true],
      [connected(), 'alice', false],
      [connected(), 'al', true],
      [connected(), 'al_ice', true],
    ]
    for (const [initial, label, withWallet] of cases) {
      const scheduler = newScheduler()
      const { deps, calls } = nameDeps(scheduler, () => ({ after: 1, ok: {} }))
      let provider: ReturnType<typeof wallet> | undefined
      scheduler.run(({ hot, cold, expectObservable }) => {
        provider = wallet(cold('(s|)', { s: SIGNATURE }))
        if (withWallet) deps.providers.register('dev.test', provider)
        expectObservable(runEpic(scheduler, registerNameEpic, hot('-r', { r: register(label) }), initial, deps).out$).toBe('-f', { f: fail(`${label}.airlock.id`) })
      })
      expect(provider!.asked, label).toEqual([])
      expect(calls, label).toEqual([])
    }
  })

  test('behavior: one registration at a time: a second request while signing is ignored (exhaustMap)', () => {
    const scheduler = newScheduler()
    let provider!: ReturnType<typeof wallet>
    const { deps, calls } = nameDeps(scheduler, () => ({ after: 1, ok: {} }))
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const signing = cold('---(s|)', { s: SIGNATURE })
      provider = wallet(signing)
      deps.providers.register('dev.test', provider)
      expectObservable(runEpic(scheduler, registerNameEpic, hot('-rb', { r: register('alice'), b: register('bobby') }), connected(), deps).out$).toBe('----s(dr)', {
        s: { type: 'names/registrationSigned', name: 'alice.airlock.id' },
        d: { type: 'names/registered', name: 'alice.airlock.id', address: A },
        r: { type: 'router/replaceRequested', view: 'RegisterAccountNameSuccess' },
      })
      expectSubscriptions(signing.subscriptions).toBe('-^--!')
    })
    expect(provider.asked).toEqual(['personal_sign'])
    expect(calls).toHaveLength(1)
  })
})

describe('nftImagesEpic (SPEC 9: image preload waits at most 2 s)', () => {
  const nft = (n: number, imageUrl: string) => ({ id: `eip155:31337:0xc:${n}`, name: `#${n}`, tokenId: String(n), chainId: 'eip155:31337', collection: { name: 'C', address: 'eip155:31337:0xc' }, imageUrl })
  const fetched = (key: string, urls: string[]): Action => ({ type: 'portfolio/fetched', resource: 'nfts', key, data: urls.map((url, i) => nft(i + 1, url)), at: 0 }) as Action

  test('default: the images of a list are preloaded; those that fail are reported', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const answers: Record<string, Observable<boolean>> = { [`${ORIGIN}/1.svg`]: cold('-(t|)', { t: true }), [`${ORIGIN}/2.svg`]: cold('--(f|)', { f: false }), [`${ORIGIN}/3.svg`]: cold('-#') }
      const epic = nftImagesEpic('eip155', (url) => answers[url]!)
      const { out$ } = runEpic(scheduler, epic, hot('-a', { a: fetched(KEY_A, [`${ORIGIN}/1.svg`, `${ORIGIN}/2.svg`, `${ORIGIN}/3.svg`, '']) }), state('p'), marbleDeps(scheduler))
      expectObservable(out$).toBe('---p', { p: { type: 'portfolio/nftImagesPreloaded', key: KEY_A, failed: [`${ORIGIN}/2.svg`, `${ORIGIN}/3.svg`] } })
    })
  })

  test('behavior: an image still loading after 2 s counts as failed, and its load is aborted', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('3s (t|)', { t: true })
      const epic = nftImagesEpic('eip155', () => slow)
      const { out$ } = runEpic(scheduler, epic, hot('-a', { a: fetched(KEY_A, [`${ORIGIN}/1.svg`]) }), state('p'), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 2000ms p', { p: { type: 'portfolio/nftImagesPreloaded', key: KEY_A, failed: [`${ORIGIN}/1.svg`] } })
      expectSubscriptions(slow.subscriptions).toBe('- ^ 1999ms !')
    })
  })

  test('edge: other resources, other families and lists without images preload nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const epic = nftImagesEpic('eip155', () => {
        throw new Error('no load expected')
      })
      const input = hot<Action>('-abc', {
        a: { type: 'portfolio/fetched', resource: 'tokens', key: KEY_A, data: [], at: 0 },
        b: fetched('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQe', [`${ORIGIN}/1.svg`]),
        c: fetched(KEY_A, ['']),
      })
      expectObservable(runEpic(scheduler, epic, input, state('p'), marbleDeps(scheduler)).out$).toBe('')
    })
  })
})

// ---- rules the tests above leave open (mutation testing, issue #20) ----

describe('resource epics: family, failure wording, triggers', () => {
  test.each([
    ['tokens', (read: ResourceEpicParameters<'tokens'>['read']) => tokensEpic(read, 'solana')],
    ['nfts', (read: ResourceEpicParameters<'nfts'>['read']) => nftsEpic(read, 'solana')],
  ] as const)('behavior: a family instance of %s reads only its own family keys', (resource, make) => {
    const solanaKey = `${airlockSolanaLocal.caipNetworkId}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`
    const scheduler = newScheduler()
    let keys: string[] = []
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'tokens'>(cold('(v|)', { v: [] }))
      const { out$ } = runEpic(scheduler, make(read as never), hot('-ab', { a: request(resource, KEY_A), b: request(resource, solanaKey) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('--(sf)', { s: started(resource, solanaKey), f: fetched(resource, solanaKey, [], 2) })
      scheduler.schedule(() => (keys = read.calls.map((c) => c.key)), 10)
    })
    expect(keys).toEqual([solanaKey])
  })

  test.each([
    ['nfts', 'NFTs unavailable'],
    ['identity', 'Error fetching names for address'],
  ] as const)("error: a %s failure without a message of its own says '%s', with no toast", (resource, message) => {
    const scheduler = newScheduler()
    const key = resource === 'identity' ? A.toLowerCase() : KEY_A
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader(cold('-#', undefined, new Error('')))
      const epic = resource === 'identity' ? identityEpic(read as never) : nftsEpic(read as never)
      expectObservable(runEpic(scheduler, epic, hot('-a', { a: request(resource, key) }), state('p1'), marbleDeps(scheduler)).out$).toBe('-se', {
        s: started(resource, key),
        e: failed(resource, key, { message }, 2),
      })
    })
  })

  test('behavior: only a wallet request that succeeded refetches the tokens; one sent or failed does not', () => {
    const scheduler = newScheduler()
    const sentOnly: Action = { type: 'wallet/requestSent', id: 'r1', namespace: 'eip155', method: 'eth_sendTransaction' }
    const failedSend: Action = { type: 'wallet/requestFailed', id: 'r1', method: 'eth_sendTransaction', error: { message: 'no' } }
    scheduler.run(({ hot, cold, expectObservable }) => {
      const read = reader<'tokens'>(cold('(v|)', { v: [eth('1')] }))
      const { out$ } = runEpic(scheduler, tokensEpic(read), hot('-a 9ms xy', { a: request('tokens', KEY_A), x: sentOnly, y: failedSend }), reduce(state(), connectA), marbleDeps(scheduler))
      expectObservable(out$).toBe('-(sf)', { s: started('tokens', KEY_A), f: fetched('tokens', KEY_A, [eth('1')], 1) })
    })
  })

  test('edge: identity is fetched on an EVM connect or account change only: other EVM actions, another family connecting, an emptied or unknown account fetch nothing', () => {
    const solana: Action = { type: 'connection/accountConnected', namespace: 'solana', caipAddress: `${airlockSolanaLocal.caipNetworkId}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`, connectorId: 'sol.test' }
    const cases: [string, AirlockState, Action][] = [
      ['another family connecting while EVM is connected', reduce(state('p1'), connectA), solana],
      ['an EVM action that is no connect', reduce(state('p1'), connectA), { type: 'connection/disconnectRequested', namespace: 'eip155' }],
      ['an EVM chain change', reduce(state('p1'), connectA), { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:31338' }],
      // The wallet emptied its accounts: the connection stays, with no address.
      ['the accounts emptied', reduce(state('p1'), connectA), { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [] }],
      ['accounts of an EVM wallet never connected', state('p1'), { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [KEY_B] }],
    ]
    for (const [why, initial, action] of cases) {
      const scheduler = newScheduler()
      let calls = -1
      scheduler.run(({ hot, cold, expectObservable }) => {
        const read = reader<'identity'>(cold('(v|)', { v: { name: 'x', avatar: null } }))
        expectObservable(runEpic(scheduler, identityEpic(read), hot('-c', { c: action }), initial, marbleDeps(scheduler)).out$).toBe('')
        scheduler.schedule(() => (calls = read.calls.length), 5)
      })
      expect(calls, why).toBe(0)
    }
  })
})

describe('nftImagesEpic without a family', () => {
  test('behavior: an instance for every family preloads any NFT list and ignores other resources (whose data is no list)', () => {
    const scheduler = newScheduler()
    const nft = { id: 'eip155:31337:0xc:1', name: '#1', tokenId: '1', chainId: 'eip155:31337', collection: { name: 'C', address: 'eip155:31337:0xc' }, imageUrl: `${ORIGIN}/1.svg` }
    scheduler.run(({ hot, cold, expectObservable }) => {
      const epic = nftImagesEpic(undefined, () => cold('-(f|)', { f: false }))
      const input = hot<Action>('-ab', {
        a: fetched('identity', A.toLowerCase(), { name: 'alice.airlock.id', avatar: null }, 0),
        b: fetched('nfts', KEY_A, [nft] as never, 0),
      })
      expectObservable(runEpic(scheduler, epic, input, state('p'), marbleDeps(scheduler)).out$).toBe('---p', { p: { type: 'portfolio/nftImagesPreloaded', key: KEY_A, failed: [`${ORIGIN}/1.svg`] } })
    })
  })
})

describe('reasonOr (SPEC 8 names: the API reason, else our wording)', () => {
  const body = JSON.stringify({ reasons: [{ description: 'Name is taken' }] })
  test.each([
    ['an HttpError with reasons', new HttpError(400, { method: 'POST', url: ORIGIN, body }), 'Name is taken'],
    // Only our HTTP client's errors are read: any other object with a body is not the API speaking.
    ['another object with the same body', { status: 400, body }, 'fallback'],
    ['an HttpError without a body', new HttpError(400, { method: 'POST', url: ORIGIN }), 'fallback'],
    ['an HttpError whose JSON is no reasons list', new HttpError(400, { method: 'POST', url: ORIGIN, body: JSON.stringify({ message: 'nope' }) }), 'fallback'],
    ['null', null, 'fallback'],
  ])('%s', (_why, error, message) => {
    expect(reasonOr(error, 'fallback')).toEqual({ message })
  })
})

describe('names: the lookups that fail before the suggestions', () => {
  test("error: a failed availability lookup (not a 404) fails the search with 'Error fetching name suggestions', asking no suggestions", async () => {
    for (const error of [new HttpError(500, { method: 'GET', url: `${ORIGIN}/v1/profile/account/alice.airlock.id` }), { status: 404, message: 'not our client' }]) {
      const scheduler = newScheduler()
      const { deps, calls } = nameDeps(scheduler, ({ path }) => (path.startsWith('/v1/profile/account/') ? { after: 1, error } : { after: 1, ok: { suggestions: [] } }))
      const out: Action[] = []
      scheduler.run(({ hot }) => {
        runEpic(scheduler, nameSearchEpic, hot('-a', { a: { type: 'names/searchRequested', query: 'alice' } }), state('p1'), deps).out$.subscribe((action) => out.push(action))
      })
      // The epic rethrows through a rejected promise: its failure lands one microtask after virtual time ends.
      await new Promise((resolve) => setImmediate(resolve))
      expect(out).toEqual([{ type: 'names/searchFailed', query: 'alice', error: { message: 'Error fetching name suggestions' } }])
      expect(calls.map((c) => c.path)).toEqual(['/v1/profile/account/alice.airlock.id'])
    }
  })

  test('edge: registering fails at once, nothing signed, while the wallet is still connecting, after it emptied its accounts, or on a non-EVM active network', () => {
    const fail: Action = { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message: 'Error registering name alice.airlock.id' } }
    const onSolana = reduce(state('p1'), connectA, { type: 'network/activeChanged', caipNetworkId: airlockSolanaLocal.caipNetworkId })
    expect(onSolana.connection.namespaces.eip155?.caipAddress).toBe(KEY_A)
    const cases: [string, AirlockState][] = [
      // The connector is known (its wallet is registered) but no address yet.
      ['connecting', reduce(state('p1'), { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'dev.test' })],
      ['accounts emptied', reduce(state('p1'), connectA, { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [] })],
      ['solana active', onSolana],
    ]
    for (const [why, initial] of cases) {
      const scheduler = newScheduler()
      const { deps, calls } = nameDeps(scheduler, () => ({ after: 1, ok: {} }))
      let provider!: ReturnType<typeof marbleProvider>
      scheduler.run(({ hot, cold, expectObservable }) => {
        provider = marbleProvider({ personal_sign: cold('(s|)', { s: SIGNATURE }) })
        deps.providers.register('dev.test', provider)
        expectObservable(runEpic(scheduler, registerNameEpic, hot('-r', { r: { type: 'names/registrationRequested', label: 'alice' } }), initial, deps).out$).toBe('-f', { f: fail })
      })
      expect(provider.asked, why).toEqual([])
      expect(calls, why).toEqual([])
    }
  })
})
