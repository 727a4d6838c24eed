import { EventEmitter } from 'node:events'
import { map, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { WALLET_CONNECT_RELAY_GRACE_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { StateObservable } from '../../store/types.js'
import { initialState } from '../../../tests/support/state.js'
import type { SessionHolder } from './createSessionHolder.js'
import { relayStatusEpic } from './relayStatusEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const STATUS = { c: 'connected', i: 'idle' } as const
const values: Record<string, Action> = { d: { type: 'walletConnect/relayDisconnected' }, r: { type: 'walletConnect/relayReconnected' } }

/** The SDK's relayer as the epic sees it: `connected` plus the connect/disconnect events. */
class FakeRelayer extends EventEmitter {
  constructor(public connected: boolean) {
    super()
  }
}

/** The socket opens (and says so) at virtual time `ms`. */
const opensAt = (scheduler: TestScheduler, relayer: FakeRelayer, ms: number) =>
  scheduler.schedule(() => {
    relayer.connected = true
    relayer.emit('relayer_connect')
  }, ms)

const holderWith = (relayer: FakeRelayer) => ({ current: () => ({ client: { core: { relayer } } }) }) as unknown as SessionHolder
/** State whose WalletConnect status follows the marble: `c` connected (a restored session), `i` idle. */
const stateOf = (status: 'connected' | 'idle'): AirlockState => {
  const base = initialState()
  return { ...base, walletConnect: { ...base.walletConnect, status } }
}
const run = (scheduler: TestScheduler, relayer: FakeRelayer, status$: Observable<'connected' | 'idle'>) =>
  relayStatusEpic(holderWith(relayer))(
    undefined as unknown as Observable<Action>,
    status$.pipe(map(stateOf)) as unknown as StateObservable<AirlockState>,
    { scheduler } as unknown as AirlockDeps,
  )

describe('relayStatusEpic: a session restored while the relay is down', () => {
  test('constants: a 3 s grace (our choice)', () => {
    expect(WALLET_CONNECT_RELAY_GRACE_MS).toBe(3_000)
  })

  test('behavior: a socket never opened is reported as a drop 3 s after the session is live, then its opening as the return', () => {
    const scheduler = newScheduler()
    const relayer = new FakeRelayer(false)
    scheduler.run(({ cold, expectObservable }) => {
      opensAt(scheduler, relayer, 10_000)
      expectObservable(run(scheduler, relayer, cold('c', STATUS))).toBe('3000ms d 6999ms r', values)
    })
  })

  test('behavior: a socket that opens within the grace reports nothing, and the timer is gone', () => {
    const scheduler = newScheduler()
    const relayer = new FakeRelayer(false)
    scheduler.run(({ cold, expectObservable }) => {
      opensAt(scheduler, relayer, 1_000)
      expectObservable(run(scheduler, relayer, cold('c', STATUS))).toBe('')
    })
    expect(scheduler.actions).toHaveLength(0)
  })

  test('behavior: an open socket (or one that opened without an event) reports nothing', () => {
    for (const connectedLater of [false, true]) {
      const scheduler = newScheduler()
      const relayer = new FakeRelayer(!connectedLater)
      scheduler.run(({ cold, expectObservable }) => {
        if (connectedLater) scheduler.schedule(() => void (relayer.connected = true), 2_000)
        expectObservable(run(scheduler, relayer, cold('c', STATUS))).toBe('')
      })
    }
  })

  test('behavior: the session ending within the grace cancels it', () => {
    const scheduler = newScheduler()
    const relayer = new FakeRelayer(false)
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(run(scheduler, relayer, cold('c 1s i', STATUS))).toBe('')
    })
    expect(relayer.listenerCount('relayer_connect')).toBe(0)
  })
})
