import type { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { RELAY_UNREACHABLE_AFTER_MS } from './constants.js'
import { relayWatchdogEpic } from './relayWatchdogEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const values: Record<string, Action> = {
  d: { type: 'walletConnect/relayDisconnected' },
  r: { type: 'walletConnect/relayReconnected' },
  u: { type: 'walletConnect/relayUnreachable' },
  e: { type: 'walletConnect/sessionEnded', reason: 'wallet' },
  n: { type: 'walletConnect/connectRequested' },
  x: { type: 'modal/shakeRequested' },
}
const run = (scheduler: TestScheduler) => (action$: Observable<Action>) =>
  relayWatchdogEpic()(action$, stateFollowing(initialState()).state$, { scheduler } as unknown as AirlockDeps)
/** Timers of the watchdog still scheduled (due `RELAY_UNREACHABLE_AFTER_MS` after a drop at `at`). */
const pending = (scheduler: TestScheduler, at: number) => scheduler.actions.filter((a) => (a as unknown as { delay: number }).delay === at + RELAY_UNREACHABLE_AFTER_MS).length

describe('relayWatchdogEpic (a dropped relay is reported unreachable after 30 s, our choice)', () => {
  test('constants: 30 s', () => {
    expect(RELAY_UNREACHABLE_AFTER_MS).toBe(30_000)
  })

  test('default: a socket still down 30 s after the drop is unreachable, once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const action$ = hot<Action>('-d 10s x', values)
      expectObservable(run(scheduler)(action$)).toBe('- 30000ms u', values)
      expectSubscriptions(action$.subscriptions).toBe('^')
    })
  })

  test('behavior: the socket back in time cancels the wait: nothing emitted, the timer unscheduled', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler)(hot<Action>('-d 200ms r', values))).toBe('')
      scheduler.schedule(() => expect(pending(scheduler, 1)).toBe(1), 100)
      scheduler.schedule(() => expect(pending(scheduler, 1)).toBe(0), 300)
    })
  })

  test('behavior: the session ending or a new pairing cancels it; a later drop starts a fresh wait', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler)(hot<Action>('-d 29s e', values))).toBe('')
      expectObservable(run(scheduler)(hot<Action>('-d 29s n', values))).toBe('')
      // Dropped at 1, back at 20 002, dropped again at 20 003: unreachable 30 s after the second drop only.
      expectObservable(run(scheduler)(hot<Action>('-d 20s rd', values))).toBe('- 20000ms --- 29999ms u', values)
    })
  })

  test('behavior: the connector hears of it first (to fail the requests still waiting), once, at the same frame', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const calls: number[] = []
      const epic = relayWatchdogEpic(RELAY_UNREACHABLE_AFTER_MS, () => calls.push(scheduler.now()))
      expectObservable(epic(hot<Action>('-d 100ms r 100ms d', values), stateFollowing(initialState()).state$, { scheduler } as unknown as AirlockDeps)).toBe('- 100ms - 100ms - 30000ms u', values)
      scheduler.schedule(() => expect(calls).toEqual([]), 30_000)
      scheduler.schedule(() => expect(calls).toEqual([30_203]), 30_300)
    })
  })

  test('behavior: empty and never sources emit nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(run(scheduler)(cold<Action>('|'))).toBe('|')
      expectObservable(run(scheduler)(cold<Action>('-'))).toBe('')
    })
  })
})
