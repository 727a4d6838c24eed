import { share, tap, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, PersistedValues } from '../core/actions/types.js'
import type { AirlockDeps } from '../core/deps.js'
import { initialState, stateFollowing } from '../tests/support/state.js'
import { persistenceEpic } from './persistenceEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const address = 'eip155:1:0x1111111111111111111111111111111111111111' as const
const wallet = { id: 'io.metamask', name: 'MetaMask' }
const stored: PersistedValues = { recentWallets: [wallet] }

const hydrated = (values: PersistedValues = stored): Action => ({ type: 'storage/hydrated', values, backend: 'memory' })
const ACTIONS = {
  h: hydrated(),
  c: { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'io.metamask' },
  n: { type: 'network/activeChanged', caipNetworkId: 'eip155:10' },
  s: { type: 'network/activeChanged', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  d: { type: 'connection/disconnected', namespace: 'eip155' },
  m: { type: 'modal/openRequested' },
} satisfies Record<string, Action>

type Helpers = Parameters<Parameters<TestScheduler['run']>[0]>[0]

/**
 * Runs the epic the way the store does (reducer, then state$, then action$),
 * with a `save` that records what it got and when. It answers with the
 * scheduler-driven observable the test gives where the real one returns a
 * Promise (`defer` takes either), so virtual time reaches it.
 */
function setup(scheduler: TestScheduler, { hot, cold }: Helpers, marble: string, saves: readonly string[] = [], window?: AirlockDeps['window']) {
  const calls: { at: number; values: Partial<PersistedValues> }[] = []
  const follow = stateFollowing(initialState())
  const source = hot<Action>(marble, ACTIONS)
  const action$ = source.pipe(
    tap((action) => follow.apply(action)),
    share(),
  )
  const storage = {
    backend: 'memory',
    load: () => Promise.resolve({ values: {}, backend: 'memory' }),
    save: (values: Partial<PersistedValues>) => {
      calls.push({ at: scheduler.now(), values })
      return cold(saves[calls.length - 1] ?? '-|', {}, new Error('QuotaExceededError: the quota has been exceeded'))
    },
  }
  const epic$: Observable<Action> = persistenceEpic(action$, follow.state$, { scheduler, storage, window } as unknown as AirlockDeps)
  return { source, calls, epic$ }
}

/** A window whose localStorage records hint writes (at the virtual time) and may refuse them. */
function hintWindow(scheduler: TestScheduler, refuse = false) {
  const writes: [number, string][] = []
  const write = (what: string) => {
    if (refuse) throw new Error('SecurityError')
    writes.push([scheduler.now(), what])
  }
  const window = { location: { origin: 'http://localhost', href: 'http://localhost/', pathname: '/' }, localStorage: { setItem: (key: string, value: string) => write(`${key}=${value}`), removeItem: (key: string) => write(`-${key}`) } }
  return { window: window as unknown as AirlockDeps['window'], writes }
}

describe('persistenceEpic', () => {
  test('behavior: the returning-visitor hint is set when a wallet connects and removed when none is, at once (not batched)', () => {
    const scheduler = newScheduler()
    const { window, writes } = hintWindow(scheduler)
    scheduler.run((helpers) => {
      const { epic$ } = setup(scheduler, helpers, 'h 9ms c 99ms d', [], window)
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      expect(writes).toEqual([
        [0, '-@airlock/returning'],
        [10, '@airlock/returning=1'],
        [110, '-@airlock/returning'],
      ])
    })
  })

  test('error: storage that refuses the hint changes nothing else: the values are still saved', () => {
    const scheduler = newScheduler()
    const { window } = hintWindow(scheduler, true)
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, 'h 9ms c', [], window)
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      expect(calls.map((call) => call.values.connectionStatus)).toEqual([{ eip155: 'connected' }])
    })
  })

  test('behavior: nothing is written before storage/hydrated', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, '-c 10ms n 100ms m')
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      expect(calls).toEqual([])
    })
  })

  test('default: two changes inside the batch window → one save with only the changed keys', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, 'h 9ms c 9ms n 9ms m')
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      // The window opens at hydration (0 ms), so both changes are written together at 50 ms.
      expect(calls).toEqual([
        {
          at: 50,
          values: {
            activeNamespace: 'eip155',
            activeCaipNetworkId: 'eip155:10',
            connectedConnectorIds: { eip155: 'io.metamask' },
            connectionStatus: { eip155: 'connected' },
            connectedNamespaces: ['eip155'],
            connections: { eip155: { connectorId: 'io.metamask', caipAddress: address.replace('eip155:1:', 'eip155:10:') } },
          },
        },
      ])
    })
  })

  test('behavior: unchanged projections are not written', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, 'h 99ms m 99ms m')
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      expect(calls).toEqual([])
    })
  })

  test('behavior: a failing save → storage/writeFailed, and the next change still saves (with the failed keys)', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, 'h 9ms n 99ms s', ['-#', '-|'])
      helpers.expectObservable(epic$).toBe('51ms f', {
        f: { type: 'storage/writeFailed', error: { message: 'QuotaExceededError: the quota has been exceeded' }, keys: ['activeNamespace', 'activeCaipNetworkId'] },
      })
      scheduler.flush()
      expect(calls.map((call) => call.at)).toEqual([50, 160])
      expect(calls[1]?.values).toEqual({ activeNamespace: 'solana', activeCaipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    })
  })

  test('behavior: after a successful write only newer changes are written', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, 'h 9ms c 99ms n 99ms d')
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      expect(calls.map((call) => [call.at, Object.keys(call.values)])).toEqual([
        [50, ['connectedConnectorIds', 'connectionStatus', 'connectedNamespaces', 'connections']],
        // The account follows the network, so its stored CAIP address changes too.
        [160, ['activeNamespace', 'activeCaipNetworkId', 'connections']],
        [260, ['connectedConnectorIds', 'connectionStatus', 'connectedNamespaces', 'connections']],
      ])
      expect(calls[2]?.values).toEqual({ connectedConnectorIds: undefined, connectionStatus: { eip155: 'disconnected' }, connectedNamespaces: undefined, connections: undefined })
    })
  })

  test('behavior: writes stay in order: a change during a slow write waits for it', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { calls, epic$ } = setup(scheduler, helpers, 'h 9ms c 59ms n', ['100ms |', '-|'])
      helpers.expectObservable(epic$).toBe('')
      scheduler.flush()
      // The second batch is ready at 120 ms but waits for the first write (50 → 150 ms).
      expect(calls.map((call) => [call.at, Object.keys(call.values)])).toEqual([
        [50, ['connectedConnectorIds', 'connectionStatus', 'connectedNamespaces', 'connections']],
        [150, ['activeNamespace', 'activeCaipNetworkId', 'connections']],
      ])
    })
  })

  test('behavior: unsubscribing stops writes', () => {
    const scheduler = newScheduler()
    scheduler.run((helpers) => {
      const { source, calls, epic$ } = setup(scheduler, helpers, 'h 9ms c 99ms n')
      helpers.expectObservable(epic$, '^ 30ms !').toBe('')
      helpers.expectSubscriptions(source.subscriptions).toBe('^ 30ms !')
      scheduler.flush()
      expect(calls).toEqual([])
    })
  })

  test('behavior: empty and never sources emit nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const { state$ } = stateFollowing(initialState())
      const deps = { scheduler } as unknown as AirlockDeps
      expectObservable(persistenceEpic(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(persistenceEpic(cold<Action>('-'), state$, deps)).toBe('')
    })
  })
})
