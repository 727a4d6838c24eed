import { of, throwError, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet, airlockDevnet2 } from '../../chains/networks.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { runTimeline, timingEdge, typesOf, virtualClock } from '../../../tests/support/timingEdges.js'
import { BALANCE_RETRY_PAUSE_MS, NATIVE_BALANCE_CACHE_MS } from '../../constants/timing.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { balanceEpic, type NativeBalanceGetter } from './balanceEpic.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const KEY_A = `eip155:31337:${A}` as const
const KEY_B = `eip155:31337:${B}` as const
const connectA: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: KEY_A, connectorId: 'dev.test' }
const toB: Action = { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [KEY_B] }
const same: Action = { type: 'network/activeChanged', caipNetworkId: 'eip155:31337' }
const force: Action = { type: 'balance/fetchRequested', caipAddress: KEY_A, force: true }
const sent: Action = { type: 'wallet/requestSucceeded', id: 'r1', method: 'eth_sendTransaction' }
const started = (caipAddress: typeof KEY_A | typeof KEY_B): Action => ({ type: 'balance/fetchRequested', caipAddress })
const fetched = (caipAddress: string, value: string, at: number): Action => ({ type: 'balance/fetched', caipAddress: caipAddress as typeof KEY_A, value, decimals: 18, symbol: 'ETH', at })
const toast = (id: string): Action => ({ type: 'notifications/showRequested', notification: { id, variant: 'error', message: 'Token Balance Unavailable' } })
const state = () => initialState({ networks: [airlockDevnet, airlockDevnet2] })
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** A balance getter answering call after call with the given observables (the last repeats). */
function getter(...answers: Observable<bigint>[]) {
  const calls: Parameters<NativeBalanceGetter>[0][] = []
  const get: NativeBalanceGetter = (params) => {
    calls.push(params)
    return answers[Math.min(calls.length - 1, answers.length - 1)]!
  }
  return Object.assign(get, { calls })
}

describe('balanceEpic', () => {
  test('default: connecting fetches the balance of the account on the active network', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('--v|', { v: 10n ** 18n }))
      const { out$ } = runEpic(scheduler, balanceEpic({ getBalance: get }), hot('-c', { c: connectA }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-r-f', { r: started(KEY_A), f: fetched(KEY_A, '1000000000000000000', 3) })
      scheduler.schedule(() => expect(get.calls.map((c) => [c.network.caipNetworkId, c.address])).toEqual([['eip155:31337', A]]), 5)
    })
  })

  test('behavior: a balance younger than 30 s is not refetched; an older one is', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('(v|)', { v: 1n }), cold('(v|)', { v: 2n }))
      const input$ = hot<Action>('-c 9999ms x 19999ms x', { c: connectA, x: same })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-(rf) 29996ms (rg)', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 1),
        g: fetched(KEY_A, '2', 30001),
      })
    })
  })

  test('behavior: force bypasses the cache; a sent transaction forces a refresh', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('(v|)', { v: 1n }), cold('(v|)', { v: 2n }), cold('(v|)', { v: 3n }))
      const input$ = hot<Action>('-c 9ms f 9ms s', { c: connectA, f: force, s: sent })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-(rf) 6ms g 9ms (rh)', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 1),
        // The forced request already marked the fetch as started: no second mark.
        g: fetched(KEY_A, '2', 11),
        h: fetched(KEY_A, '3', 21),
      })
    })
  })

  test('behavior: after a failure nothing is fetched for 30 s; then the balance is fetched again on its own, quietly, until it comes back', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const down = () => cold<bigint>('-#', undefined, new Error('RPC down'))
      const get = getter(down(), down(), cold('-v|', { v: 7n }))
      const run = runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-c', { c: connectA }), state(), marbleDeps(scheduler))
      // Failed at 2 ms (toast); tried again at 30.002 s (fails, no second toast) and at 60.003 s (back).
      expectObservable(run.out$).toBe('-r(et) 29996ms rf 29999ms rg', {
        r: started(KEY_A),
        e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 2 },
        t: toast('id1'),
        f: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 30_003 },
        g: fetched(KEY_A, '7', 60_004),
      })
      scheduler.schedule(() => expect(get.calls).toHaveLength(1), 30_001)
      scheduler.schedule(() => expect(get.calls).toHaveLength(3), 60_004)
    })
  })

  test('behavior: a refresh asked during the pause is queued (no spinner meanwhile) and runs when the pause ends', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-#', undefined, new Error('RPC down')), cold('-v|', { v: 7n }))
      // Failed at 2 ms; the forced refresh at 10.001 s waits for 30.002 s instead of being dropped.
      const input$ = hot<Action>('-c 9999ms f', { c: connectA, f: force })
      const run = runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler))
      expectObservable(run.out$).toBe('-r(et) 9995ms q 20000ms rg', {
        r: started(KEY_A),
        e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 2 },
        t: toast('id1'),
        q: { type: 'balance/fetchQueued', caipAddress: KEY_A, at: 30_002 },
        g: fetched(KEY_A, '7', 30_003),
      })
      scheduler.schedule(() => expect(run.state().balances.loading).toEqual({}), 10_002)
      scheduler.schedule(() => expect(get.calls).toHaveLength(1), 30_001)
    })
  })

  test('behavior: a queued refresh that fails again says so (toast), and the next pause retries it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const down = () => cold<bigint>('-#', undefined, new Error('RPC down'))
      const get = getter(down(), down(), cold('-v|', { v: 7n }))
      const input$ = hot<Action>('-c 9999ms f', { c: connectA, f: force })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-r(et) 9995ms q 20000ms r(eu) 29996ms rg', {
        r: started(KEY_A),
        e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: expect.any(Number) },
        t: toast('id1'),
        u: toast('id2'),
        q: { type: 'balance/fetchQueued', caipAddress: KEY_A, at: 30_002 },
        g: fetched(KEY_A, '7', 60_004),
      })
    })
  })

  test('behavior: a disconnect cancels the scheduled retry, and aborts a retry in flight (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const gone: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' }
      // During the pause: the retry never starts.
      const never = cold('-v|', { v: 1n })
      const waiting = getter(cold('-#', undefined, new Error('RPC down')), never)
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: waiting }), hot<Action>('-c 9999ms d', { c: connectA, d: gone }), state(), marbleDeps(scheduler)).out$).toBe(
        '-r(et)',
        { r: started(KEY_A), e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 2 }, t: toast('id1') },
      )
      expectSubscriptions(never.subscriptions).toBe([])
    })
    const second = newScheduler()
    second.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const gone: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }
      // During the retry's request (30.002 s on): it is unsubscribed and its request aborted.
      const slow = cold('---v|', { v: 1n })
      const get = getter(cold('-#', undefined, new Error('RPC down')), slow)
      expectObservable(runEpic(second, balanceEpic({ getBalance: get }), hot<Action>('-c 30001ms d', { c: connectA, d: gone }), state(), marbleDeps(second)).out$).toBe(
        '-r(et) 29996ms rs',
        {
          r: started(KEY_A),
          e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 2 },
          t: toast('id1'),
          s: { type: 'balance/fetchSkipped', caipAddress: KEY_A, reason: 'disconnected' },
        },
      )
      expectSubscriptions(slow.subscriptions).toBe('30002ms ^!')
      second.schedule(() => expect(get.calls.map((c) => c.signal.aborted)).toEqual([false, true]), 30_005)
    })
  })

  test('behavior: a network change during the pause cancels the retry of the old network and fetches the new one; back within the pause, it waits for its end', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-#', undefined, new Error('RPC down')), cold('-v|', { v: 2n }))
      const to2: Action = { type: 'network/activeChanged', caipNetworkId: 'eip155:31338' }
      const KEY_A2 = `eip155:31338:${A}` as const
      // Nothing for 31337 at 30.002 s: its retry went with the network.
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-c 9999ms n', { c: connectA, n: to2 }), state(), marbleDeps(scheduler)).out$).toBe(
        '-r(et) 9995ms sg',
        {
          r: started(KEY_A),
          s: { type: 'balance/fetchRequested', caipAddress: KEY_A2 },
          e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 2 },
          t: toast('id1'),
          g: fetched(KEY_A2, '2', 10_002),
        },
      )
      scheduler.schedule(() => expect(get.calls.map((c) => c.network.caipNetworkId)).toEqual(['eip155:31337', 'eip155:31338']), 60_000)
    })
    // Back on 31337 within its pause: its fetch waits for the pause to end, then runs once.
    const back = newScheduler()
    back.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-#', undefined, new Error('RPC down')), cold('-v|', { v: 2n }), cold('-v|', { v: 3n }))
      const input$ = hot<Action>('-c 9999ms n 9999ms b', { c: connectA, n: { type: 'network/activeChanged', caipNetworkId: 'eip155:31338' }, b: same })
      expectObservable(runEpic(back, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(back)).out$).toBe('-r(et) 9995ms sg 19999ms rh', {
        r: started(KEY_A),
        e: { type: 'balance/fetchFailed', caipAddress: KEY_A, error: { message: 'RPC down' }, at: 2 },
        t: toast('id1'),
        s: { type: 'balance/fetchRequested', caipAddress: `eip155:31338:${A}` },
        g: fetched(`eip155:31338:${A}`, '2', 10_002),
        h: fetched(KEY_A, '3', 30_003),
      })
    })
  })

  test('behavior: a new account cancels the stale fetch and aborts its request (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('-----v|', { v: 1n })
      const get = getter(slow, cold('-----v|', { v: 2n }))
      const input$ = hot<Action>('-c-b', { c: connectA, b: toB })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-r-(sq)-g', {
        r: started(KEY_A),
        s: { type: 'balance/fetchSkipped', caipAddress: KEY_A, reason: 'superseded' },
        q: started(KEY_B),
        g: fetched(KEY_B, '2', 8),
      })
      expectSubscriptions(slow.subscriptions).toBe('-^-!')
      scheduler.schedule(() => expect(get.calls.map((c) => c.signal.aborted)).toEqual([true, false]), 10)
    })
  })

  test('behavior: a repeat trigger for the balance being fetched waits for it instead of restarting', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---v|', { v: 1n })
      const input$ = hot<Action>('-cx', { c: connectA, x: same })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: getter(slow) }), input$, state(), marbleDeps(scheduler)).out$).toBe('-r--f', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 4),
      })
      expectSubscriptions(slow.subscriptions).toBe('-^---!')
    })
  })

  test('behavior: a wallet on an unsupported network: "Token Balance Unavailable", nothing fetched', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('(v|)', { v: 1n }))
      const input$ = hot<Action>('-c----u', { c: connectA, u: { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' } })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-(rf)-(et)', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 1),
        e: { type: 'balance/fetchFailed', caipAddress: `eip155:999:${A}`, error: { message: 'Token Balance Unavailable' }, at: 6 },
        t: toast('id1'),
      })
      scheduler.schedule(() => expect(get.calls).toHaveLength(1), 10)
    })
  })

  test('behavior: nothing while not connected', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const input$ = hot<Action>('-x-s', { x: same, s: sent })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: getter(cold('(v|)', { v: 1n })) }), input$, state(), marbleDeps(scheduler)).out$).toBe('')
    })
  })

  test('behavior: empty, never and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = marbleDeps(scheduler)
      const { state$ } = stateFollowing(state())
      expectObservable(balanceEpic()(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(balanceEpic()(cold<Action>('-'), state$, deps)).toBe('')
      expectObservable(balanceEpic()(cold<Action>('--#'), state$, deps)).toBe('--#')
    })
  })
})

describe('balanceEpic at its SPEC 9 edges (29 999 ms | 30 000 ms, default constants)', () => {
  const down = () => throwError(() => new Error('RPC down'))
  /** Runs the default epic (SPEC 9 constants) with the given getter answers; returns what came out at `ms` and the number of reads. */
  const run = (answers: Observable<bigint>[], inputs: (readonly [number, Action])[], ms: number, inputOrder: 'settled' | 'first' = 'settled') => {
    const clock = virtualClock()
    const get = getter(...answers)
    const { out } = runTimeline(clock, { epic: balanceEpic({ getBalance: get }), state: state(), deps: marbleDeps(clock), inputs, inputOrder, lookAt: ms })
    return { atMs: typesOf(out.filter((o) => o.ms === ms)), reads: get.calls.length }
  }

  timingEdge('BALANCE_RETRY_PAUSE_MS: after a failure the balance is read again on its own when the 30 s pause ends', {
    constant: BALANCE_RETRY_PAUSE_MS,
    spec: 30_000,
    // Failed at 0 ms; how many reads by `ms`.
    run: (ms) => run([down(), of(7n)], [[0, connectA]], ms).reads,
    before: 1,
    at: 2,
  })

  timingEdge('BALANCE_RETRY_PAUSE_MS: a refresh asked 1 ms before the pause ends is queued; at its end it is read at once', {
    constant: BALANCE_RETRY_PAUSE_MS,
    spec: 30_000,
    // Failed at 0 ms; the forced refresh comes at `ms`, before the pause's own timer (so `now - failedAt < pause` decides).
    run: (ms) => run([down(), of(7n)], [[0, connectA], [ms, force]], ms, 'first').atMs,
    before: ['balance/fetchQueued'],
    at: ['balance/fetched'],
  })

  timingEdge('NATIVE_BALANCE_CACHE_MS: a balance read 29 999 ms ago answers from the cache; at 30 000 ms it is read again', {
    constant: NATIVE_BALANCE_CACHE_MS,
    spec: 30_000,
    // Read at 0 ms; the same network is shown again at `ms` (a trigger that does not force).
    run: (ms) => run([of(1n), of(2n)], [[0, connectA], [ms, same]], ms).atMs,
    before: [],
    at: ['balance/fetchRequested', 'balance/fetched'],
  })
})

describe('balanceEpic: what a read may answer, who is retried, and what a trigger cancels', () => {
  const failedWith = (caipAddress: string, message: string, at: number): Action => ({ type: 'balance/fetchFailed', caipAddress: caipAddress as typeof KEY_A, error: { message }, at })
  const KEY_A2 = `eip155:31338:${A}` as const

  // A read answering something other than a non-negative bigint is a failure ('Invalid balance'), retried after the pause.
  test.each([
    ['a negative bigint', -1n],
    ['a number instead of a bigint', 5 as unknown as bigint],
  ])('behavior: a read answering %s fails with "Invalid balance"', (_name, bad) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-v|', { v: bad }), cold('-v|', { v: 7n }))
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-c', { c: connectA }), state(), marbleDeps(scheduler)).out$).toBe('-r(et) 29996ms rg', {
        r: started(KEY_A),
        e: failedWith(KEY_A, 'Invalid balance', 2),
        t: toast('id1'),
        g: fetched(KEY_A, '7', 30_003),
      })
    })
  })

  test('behavior: a zero balance is a balance, not a failure', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('-v|', { v: 0n }), cold('-v|', { v: 1n }))
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-c', { c: connectA }), state(), marbleDeps(scheduler)).out$).toBe('-rf', {
        r: started(KEY_A),
        f: fetched(KEY_A, '0', 2),
      })
    })
  })

  test('behavior: a forced read of a balance not shown (another network) that fails is not retried on its own when the pause ends', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(of(1n), cold<bigint>('-#', undefined, new Error('RPC down')), of(9n))
      const other: Action = { type: 'balance/fetchRequested', caipAddress: KEY_A2, force: true }
      // The panel shows 31337; the failed 31338 read stays failed (a retry would read it with 31337's source).
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-c---x', { c: connectA, x: other }), state(), marbleDeps(scheduler)).out$).toBe('-(rf)-(et)', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 1),
        e: failedWith(KEY_A2, 'RPC down', 6),
        t: toast('id1'),
      })
      scheduler.schedule(() => expect(get.calls.map((c) => c.network.caipNetworkId)).toEqual(['eip155:31337', 'eip155:31338']), 40_000)
    })
  })

  test('behavior: a forced read while nothing is connected that fails is not retried (nothing is shown)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold<bigint>('-#', undefined, new Error('RPC down')), of(9n))
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-x', { x: force }), state(), marbleDeps(scheduler)).out$).toBe('--(et)', {
        e: failedWith(KEY_A, 'RPC down', 2),
        t: toast('id1'),
      })
      scheduler.schedule(() => expect(get.calls).toHaveLength(1), 40_000)
    })
  })

  test('behavior: the retry pause counts from the failure (failed at 20.001 s, a refresh at 25 s waits for 50.001 s)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold<bigint>('-#', undefined, new Error('RPC down')), cold('-v|', { v: 7n }))
      const input$ = hot<Action>('20000ms c 4999ms f', { c: connectA, f: force })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('20000ms r(et) 4995ms q 25000ms rg', {
        r: started(KEY_A),
        e: failedWith(KEY_A, 'RPC down', 20_001),
        t: toast('id1'),
        q: { type: 'balance/fetchQueued', caipAddress: KEY_A, at: 50_001 },
        g: fetched(KEY_A, '7', 50_002),
      })
    })
  })

  test('behavior: the cache age counts from the read (read at 20 s, asked again at 25 s: "cached", the spinner ends)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const get = getter(of(1n), of(2n))
      // A plain (unforced) request turns the spinner on; the next trigger answers it from the cache.
      const ask: Action = { type: 'balance/fetchRequested', caipAddress: KEY_A }
      const input$ = hot<Action>('20000ms c 4999ms a x', { c: connectA, a: ask, x: same })
      const run = runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler))
      expectObservable(run.out$).toBe('20000ms (rf) 4997ms s', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 20_000),
        s: { type: 'balance/fetchSkipped', caipAddress: KEY_A, reason: 'cached' },
      })
      scheduler.schedule(() => expect([get.calls.length, run.state().balances.loading]).toEqual([1, {}]), 25_005)
    })
  })

  test('behavior: an unsupported network asked again within its pause: "retryPause", nothing read and nothing queued', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('(v|)', { v: 1n }))
      const KEY_999 = `eip155:999:${A}` as const
      const input$ = hot<Action>('-c----u---a', {
        c: connectA,
        u: { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' },
        a: { type: 'balance/fetchRequested', caipAddress: KEY_999, force: true },
      })
      const run = runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler))
      expectObservable(run.out$).toBe('-(rf)-(et)s', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 1),
        e: failedWith(KEY_999, 'Token Balance Unavailable', 6),
        t: toast('id1'),
        s: { type: 'balance/fetchSkipped', caipAddress: KEY_999, reason: 'retryPause' },
      })
      scheduler.schedule(() => expect([get.calls.length, run.state().balances.loading]).toEqual([1, {}]), 40_000)
    })
  })

  test('behavior: the last account going away (accountsChanged []) cancels the fetch in flight and aborts it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('-----v|', { v: 1n })
      const get = getter(slow)
      const input$ = hot<Action>('-c-n', { c: connectA, n: { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [] } })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-r-s', {
        r: started(KEY_A),
        s: { type: 'balance/fetchSkipped', caipAddress: KEY_A, reason: 'disconnected' },
      })
      expectSubscriptions(slow.subscriptions).toBe('-^-!')
    })
  })

  test('behavior: another chain family disconnecting leaves the EVM fetch in flight alone', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const get = getter(cold('---v|', { v: 1n }))
      const input$ = hot<Action>('-c-d', { c: connectA, d: { type: 'connection/disconnected', namespace: 'solana', reason: 'user' } })
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), input$, state(), marbleDeps(scheduler)).out$).toBe('-r--f', {
        r: started(KEY_A),
        f: fetched(KEY_A, '1', 4),
      })
    })
  })

  test('behavior: a forced refresh of the balance being fetched restarts it without calling it superseded', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('---v|', { v: 1n })
      const get = getter(slow, cold('---v|', { v: 2n }))
      expectObservable(runEpic(scheduler, balanceEpic({ getBalance: get }), hot<Action>('-cf', { c: connectA, f: force }), state(), marbleDeps(scheduler)).out$).toBe('-r---g', {
        r: started(KEY_A),
        g: fetched(KEY_A, '2', 5),
      })
      expectSubscriptions(slow.subscriptions).toBe('-^!')
    })
  })
})
