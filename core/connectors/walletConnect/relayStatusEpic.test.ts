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
const STATUS = { c: 'connected', i: 'idle', p: 'pairing' } as const
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
type Status = (typeof STATUS)[keyof typeof STATUS]
/** State whose WalletConnect status follows the marble: `c` connected (a restored session), `i` idle, `p` pairing. */
const stateOf = (status: Status): AirlockState => {
  const base = initialState()
  return { ...base, walletConnect: { ...base.walletConnect, status } }
}
const run = (scheduler: TestScheduler, relayer: FakeRelayer, status$: Observable<Status>, holder = holderWith(relayer)) =>
  relayStatusEpic(holder)(
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

describe('relayStatusEpic: drops and returns while a pairing or session is live', () => {
  /** The relayer's events at virtual times: `[ms, 'relayer_connect' | 'relayer_disconnect']`. */
  const emitAt = (scheduler: TestScheduler, relayer: FakeRelayer, events: [number, string][]) =>
    events.forEach(([ms, name]) => scheduler.schedule(() => void relayer.emit(name), ms))

  test('behavior: while pairing, one report per drop and one per return, drop after drop', () => {
    const scheduler = newScheduler()
    const relayer = new FakeRelayer(true)
    scheduler.run(({ cold, expectObservable }) => {
      // A return with nothing dropped (the socket was open) reports nothing, and a second drop event is the same drop.
      emitAt(scheduler, relayer, [[5, 'relayer_connect'], [10, 'relayer_disconnect'], [12, 'relayer_disconnect'], [20, 'relayer_connect'], [30, 'relayer_disconnect'], [40, 'relayer_connect']])
      expectObservable(run(scheduler, relayer, cold('p', STATUS))).toBe('10ms d 9ms r 9ms d 9ms r', values)
    })
  })

  test('edge: a socket open when the session went live is trusted: closing later without the event reports nothing', () => {
    const scheduler = newScheduler()
    const relayer = new FakeRelayer(true)
    scheduler.run(({ cold, expectObservable }) => {
      scheduler.schedule(() => void (relayer.connected = false), 1_000)
      expectObservable(run(scheduler, relayer, cold('c', STATUS))).toBe('')
    })
  })

  test('edge: a session ending with its socket open removes the listeners without error', () => {
    const scheduler = newScheduler()
    const relayer = new FakeRelayer(true)
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(run(scheduler, relayer, cold('c 1s i', STATUS))).toBe('')
    })
    expect(relayer.listenerCount('relayer_disconnect')).toBe(0)
    expect(relayer.listenerCount('relayer_connect')).toBe(0)
  })

  test.each<[string, unknown]>([
    ['no provider yet', undefined],
    ['a provider without its sign client', {}],
    ['a sign client without its core', { client: {} }],
  ])('edge: %s: nothing to listen to, nothing reported', (_name, current) => {
    const scheduler = newScheduler()
    const holder = { current: () => current } as unknown as SessionHolder
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(run(scheduler, new FakeRelayer(false), cold('p 1s c', STATUS), holder)).toBe('')
    })
  })
})
