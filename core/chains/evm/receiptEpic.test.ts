import { asyncScheduler, lastValueFrom, NEVER, of, throwError, timer, map, toArray, type ObservableInput } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { SendSummary } from '../../portfolio/types.js'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../../examples/devnet/anvil.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { RECEIPT_POLL_MS, RECEIPT_WAIT_MS } from '../../constants/timing.js'
import { airlockDevnet, airlockDevnet2 } from '../networks.js'
import { receiptEpic, type TransactionMinedGetter } from './receiptEpic.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const KEY_A = `eip155:31337:${A}` as const
const KEY_A2 = `eip155:31338:${A}` as const
const HASH_1 = `0x${'11'.repeat(32)}`
const HASH_2 = `0x${'22'.repeat(32)}`
// A Solana transaction signature: base58, 88 characters.
const SOLANA_ACCOUNT = 'So11111111111111111111111111111111111111112'
const SOLANA_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

const connectA: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: KEY_A, connectorId: 'dev.test' }
const toDevnet2: Action = { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:31338' }
/** Someone looked at the account's tokens (the Account view, or the Send view's list). */
const looked = (key: string): Action => ({ type: 'portfolio/fetched', resource: 'tokens', key, data: [], at: 0 }) as Action
const requested = (id: string): Action => ({ type: 'wallet/requestSent', id, namespace: 'eip155', method: 'eth_sendTransaction' })
const refused = (id: string): Action => ({ type: 'wallet/requestFailed', id, method: 'eth_sendTransaction', error: { message: 'User rejected the request.' } })
const sent = (id: string, hash?: string): Action => ({ type: 'wallet/requestSucceeded', id, method: 'eth_sendTransaction', ...(hash ? { hash } : {}) })
const disconnected = (namespace: 'eip155' | 'solana'): Action => ({ type: 'connection/disconnected', namespace, reason: 'wallet' })
const balance = (caipAddress: typeof KEY_A | typeof KEY_A2): Action => ({ type: 'balance/fetchRequested', caipAddress, force: true })
const tokens = (key: string): Action => ({ type: 'portfolio/fetchRequested', resource: 'tokens', key, force: true })
const refreshed = { b: balance(KEY_A), t: tokens(KEY_A) }
const summary: SendSummary = { amount: '0.1', symbol: 'ETH', name: 'Ether', iconUrl: '', receiver: B, to: B, chain: 'eip155:31337', from: A }
/** The Send view's EVM send, on devnet 1 from A. */
const sendRequested: Action = { type: 'send/requested', transaction: { namespace: 'eip155', from: A, to: B, value: '0x1' }, summary }

const state = () => initialState({ networks: [airlockDevnet, airlockDevnet2] })
/** Connected on devnet 1, its tokens looked at. */
const connected = () => reduce(state(), connectA, looked(KEY_A))
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** A receipt getter answering `answer(hash, nth look at that hash)`; records each look with its virtual time. */
function looks(scheduler: TestScheduler, answer: (hash: string, nth: number) => ObservableInput<boolean>) {
  const calls: { at: number; chain: string; hash: string; signal: AbortSignal }[] = []
  const get: TransactionMinedGetter = ({ network, hash, signal }) => {
    const nth = calls.filter((c) => c.hash === hash).length
    calls.push({ at: scheduler.now(), chain: network.caipNetworkId, hash, signal })
    return answer(hash, nth)
  }
  return Object.assign(get, { calls, at: () => calls.map((c) => c.at) })
}

describe('receiptEpic', () => {
  test('constants: a look every 2 s, for at most 2 min', () => {
    expect([RECEIPT_POLL_MS, RECEIPT_WAIT_MS]).toEqual([2_000, 120_000])
  })

  test('default: once the receipt is there, the native balance and the tokens are read again (forced), once', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => of(nth >= 1))
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, receiptEpic(get), hot('-s', { s: sent('r1', HASH_1) }), connected(), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 4000ms (bt)', refreshed)
    })
    expect(get.calls.map((c) => [c.at, c.chain, c.hash])).toEqual([
      [2001, 'eip155:31337', HASH_1],
      [4001, 'eip155:31337', HASH_1],
    ])
  })

  test('behavior: the first look is one pause after the hash, not before', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    let before: number[] = []
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, receiptEpic(get), hot('-s', { s: sent('r1', HASH_1) }), connected(), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 2000ms (bt)', refreshed)
      scheduler.schedule(() => (before = get.at()), 2000)
    })
    expect(before).toEqual([])
    expect(get.at()).toEqual([2001])
  })

  test('behavior: tokens nobody looked at (no portfolio slice yet) are left alone; the balance is read again', () => {
    const scheduler = newScheduler()
    const plain = reduce(state(), connectA)
    expect(plain.portfolio).toBeUndefined()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, receiptEpic(looks(scheduler, () => of(true))), hot('-s', { s: sent('r1', HASH_1) }), plain, marbleDeps(scheduler))
      expectObservable(out$).toBe('- 2000ms b', refreshed)
    })
  })

  test('behavior: a look that throws, errors or answers nothing counts as "not yet": the looks go on', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => {
      if (nth === 0) throw new Error('fetch failed')
      if (nth === 1) return throwError(() => new Error('RPC down'))
      if (nth === 2) return timer(500, scheduler).pipe(map((): boolean => { throw new Error('Invalid receipt') }))
      if (nth === 3) return of<boolean>()
      return of(true)
    })
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, receiptEpic(get), hot('-s', { s: sent('r1', HASH_1) }), connected(), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 10000ms (bt)', refreshed)
    })
    expect(get.at()).toEqual([2001, 4001, 6001, 8001, 10001])
  })

  test('behavior: a look slower than the pause is not doubled: the next starts at the next tick after it', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => (nth === 0 ? timer(3000, scheduler).pipe(map(() => false)) : of(true)))
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, receiptEpic(get), hot('-s', { s: sent('r1', HASH_1) }), connected(), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 6000ms (bt)', refreshed)
    })
    expect(get.at()).toEqual([2001, 6001])
  })

  test('behavior: nothing after RECEIPT_WAIT_MS: the last look is at 118 s, and one still on its way then is aborted', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => (nth < 58 ? of(false) : NEVER))
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, receiptEpic(get), hot('-s', { s: sent('r1', HASH_1) }), connected(), marbleDeps(scheduler))
      expectObservable(out$).toBe('')
    })
    expect(get.calls).toHaveLength(59)
    expect(get.at().at(-1)).toBe(118_001)
    expect(get.calls.map((c) => c.signal.aborted)).toEqual([...Array<boolean>(58).fill(false), true])
  })

  test('behavior: an EVM disconnect stops the wait and aborts the look on its way (whose "mined" would have come after)', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => (nth === 0 ? of(false) : timer(2000, scheduler).pipe(map(() => true))))
    let aborted: boolean[] = []
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-s 4999ms d', { s: sent('r1', HASH_1), d: disconnected('eip155') })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('')
      scheduler.schedule(() => (aborted = get.calls.map((c) => c.signal.aborted)), 5002)
    })
    expect(get.at()).toEqual([2001, 4001])
    expect(aborted).toEqual([false, true])
  })

  test('behavior: another family\'s disconnect (Solana) does not stop it', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => of(nth >= 2))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-s 2999ms d', { s: sent('r1', HASH_1), d: disconnected('solana') })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('- 6000ms (bt)', refreshed)
    })
    expect(get.at()).toEqual([2001, 4001, 6001])
  })

  test('behavior: no EVM transaction hash, nothing awaited: none, a Solana signature, a signature, short hex, another method', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-abcdef', {
        a: sent('r1'),
        b: { type: 'send/succeeded', hash: SOLANA_SIGNATURE },
        c: { type: 'send/succeeded', hash: `0x${'ab'.repeat(65)}` },
        d: sent('r2', '0x1234'),
        // A host may dispatch anything: a hash on another method is no sent transaction.
        e: { type: 'wallet/requestSucceeded', id: 'r3', method: 'personal_sign', hash: HASH_1 },
        f: sent('r4', HASH_1.slice(2)),
      })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('')
    })
    expect(get.calls).toEqual([])
  })

  test('behavior: no EVM account to refresh, nothing awaited: nothing connected, or a wallet on an unsupported network', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-s', { s: sent('r1', HASH_1) })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, state(), marbleDeps(scheduler)).out$).toBe('')
      const unsupported = reduce(connected(), { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
      expect(unsupported.connection.unsupportedCaipNetworkId).toBe('eip155:999')
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, unsupported, marbleDeps(scheduler)).out$).toBe('')
    })
    expect(get.calls).toEqual([])
  })

  test('behavior: the network switched while the wallet asked: the receipt is looked for, and the balances read, where it was sent', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    scheduler.run(({ hot, expectObservable }) => {
      // getProvider(): sent on devnet 1, the hash comes back once the wallet is on devnet 2.
      const input$ = hot<Action>('-rws', { r: requested('r1'), w: toDevnet2, s: sent('r1', HASH_1) })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('--- 2000ms (bt)', refreshed)
    })
    expect(get.calls.map((c) => [c.at, c.chain])).toEqual([[2003, 'eip155:31337']])
  })

  test('behavior: the Send view: the chain and sender of the send, even when the form was reset and the network switched meanwhile', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-qxws', {
        q: sendRequested,
        x: { type: 'send/reset' },
        w: toDevnet2,
        s: { type: 'send/succeeded', hash: HASH_1 },
      })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('---- 2000ms (bt)', refreshed)
    })
    expect(get.calls.map((c) => [c.at, c.chain])).toEqual([[2004, 'eip155:31337']])
  })

  test('behavior: a request the wallet refused leaves nothing behind, and the next one is awaited where it was sent', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-rxqws', { r: requested('r1'), x: refused('r1'), q: requested('r2'), w: toDevnet2, s: sent('r2', HASH_1) })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('----- 2000ms (bt)', refreshed)
    })
    expect(get.calls.map((c) => [c.at, c.chain])).toEqual([[2005, 'eip155:31337']])
  })

  test('behavior: a failed send leaves nothing behind: a later hash whose start this epic did not see is the account shown now', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-qfws', { q: sendRequested, f: { type: 'send/failed', error: { message: 'The transaction was not sent' } }, w: toDevnet2, s: { type: 'send/succeeded', hash: HASH_1 } })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('---- 2000ms B', { B: balance(KEY_A2) })
    })
    expect(get.calls.map((c) => [c.at, c.chain])).toEqual([[2004, 'eip155:31338']])
  })

  test('behavior: a Solana send started meanwhile (each family sends on its own) leaves the EVM send its account and network', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, () => of(true))
    const solana: Action = {
      type: 'send/requested',
      transaction: { namespace: 'solana', from: SOLANA_ACCOUNT, to: SOLANA_ACCOUNT, lamports: '1' },
      summary: { ...summary, symbol: 'SOL', name: 'Solana', receiver: SOLANA_ACCOUNT, to: SOLANA_ACCOUNT, chain: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', from: SOLANA_ACCOUNT },
    }
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-qnws', { q: sendRequested, n: solana, w: toDevnet2, s: { type: 'send/succeeded', hash: HASH_1 } })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('---- 2000ms (bt)', refreshed)
    })
    expect(get.calls.map((c) => [c.at, c.chain])).toEqual([[2004, 'eip155:31337']])
  })

  test('behavior: a network switch after the hash changes nothing: the wait stays on the network of the send', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (_hash, nth) => of(nth >= 1))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-s 2999ms w', { s: sent('r1', HASH_1), w: toDevnet2 })
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, connected(), marbleDeps(scheduler)).out$).toBe('- 4000ms (bt)', refreshed)
    })
    expect(get.calls.map((c) => c.chain)).toEqual(['eip155:31337', 'eip155:31337'])
  })

  test('behavior: two transactions in flight are awaited independently (each its network, each its own looks)', () => {
    const scheduler = newScheduler()
    const get = looks(scheduler, (hash, nth) => of(hash === HASH_1 ? nth >= 2 : true))
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-s 998ms wt', { s: sent('r1', HASH_1), w: toDevnet2, t: sent('r2', HASH_2) })
      const state = reduce(connected(), looked(KEY_A2))
      expectObservable(runEpic(scheduler, receiptEpic(get), input$, state, marbleDeps(scheduler)).out$).toBe('- 1000ms 2000ms (BT) 2996ms (bt)', {
        ...refreshed,
        B: balance(KEY_A2),
        T: tokens(KEY_A2),
      })
    })
    expect(get.calls.map((c) => [c.at, c.chain, c.hash])).toEqual([
      [2001, 'eip155:31337', HASH_1],
      [3001, 'eip155:31338', HASH_2],
      [4001, 'eip155:31337', HASH_1],
      [6001, 'eip155:31337', HASH_1],
    ])
  })
})

describe('receiptEpic: its default getter, against a real anvil', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
  })
  afterAll(() => anvil?.stop())

  test('default: the receipt is read from the node over the network\'s RPC URL; once mined, the balance and the tokens are read again', async () => {
    // Automine: the transaction is in a block by the first look.
    const hash = await anvil.rpc<string>('eth_sendTransaction', [{ from: ANVIL_ACCOUNTS[0].address, to: ANVIL_ACCOUNTS[1].address, value: '0x1' }])
    const network = { ...airlockDevnet, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const state = reduce(initialState({ networks: [network] }), connectA, looked(KEY_A))
    // A real clock, small timings: a look every 20 ms for at most 5 s (then nothing, and the test fails).
    const out$ = receiptEpic(undefined, 20, 5_000)(of(sent('r1', hash)), stateFollowing(state).state$, { scheduler: asyncScheduler } as unknown as AirlockDeps)
    expect(await lastValueFrom(out$.pipe(toArray()))).toEqual([balance(KEY_A), tokens(KEY_A)])
  })
})
