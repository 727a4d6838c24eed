import { from, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { createSecretBox, type SecretBox, type SecretRef } from '../../store/secretBox.js'
import { pairingExpiryEpic } from './pairingExpiryEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
// What the pair epic puts in actions: references to the URIs in the secret box.
const URI = 'secret:1' as const
const URI2 = 'secret:2' as const
/** A URI made at virtual time `at` expires 4 minutes later (SPEC 4), as the pair epic stamps it. */
const uri = (at: number, value: SecretRef = URI): Action => ({ type: 'walletConnect/uriReceived', uriRef: value, expiresAt: at + PAIRING_LIFETIME_MS })
const expired = (value: SecretRef = URI): Action => ({ type: 'walletConnect/pairingExpired', uriRef: value })
const run = (scheduler: TestScheduler, secrets: SecretBox = createSecretBox(() => 'x')) => (action$: Observable<Action>) =>
  pairingExpiryEpic()(action$, stateFollowing(initialState()).state$, { scheduler, secrets } as unknown as AirlockDeps)

describe('pairingExpiryEpic (SPEC 4, 9: 4 minutes ahead, expired 10 s early)', () => {
  test('constants: 4 minutes and 10 s', () => {
    expect(PAIRING_LIFETIME_MS).toBe(240_000)
    expect(PAIRING_EXPIRY_MARGIN_MS).toBe(10_000)
  })

  test('default: a URI shown at 1 ms is expired at 230 001 ms, not before, and forgotten then', () => {
    const scheduler = newScheduler()
    let n = 0
    const secrets = createSecretBox(() => String(++n))
    const ref = secrets.put('wc:code@2?symKey=key')
    expect(ref).toBe(URI)
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-u', { u: uri(1) })
      expectObservable(run(scheduler, secrets)(action$)).toBe('- 230000ms e', { e: expired() })
      scheduler.schedule(() => expect(secrets.get(ref)).toBe('wc:code@2?symKey=key'), 230_000)
    })
    expect(secrets.get(ref)).toBeUndefined()
  })

  test('behavior: a fresh URI restarts the wait and the old one never expires', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const timerLike = hot<Action>('-u 229998ms v', { u: uri(1), v: uri(230_000, URI2) })
      expectObservable(run(scheduler)(timerLike)).toBe('- 229999ms 230000ms e', { e: expired(URI2) })
      expectSubscriptions(timerLike.subscriptions).toBe('^')
    })
  })

  test('behavior: a settled session cancels the expiry: nothing emitted, the timer is gone from the scheduler', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const settled: Action = { type: 'walletConnect/sessionSettled', peer: { name: 'W' }, accounts: [], restored: false }
      const action$ = hot<Action>('-u 60s s', { u: uri(1), s: settled })
      expectObservable(run(scheduler)(action$)).toBe('')
      // While the URI is shown, one timer is due at 230 001 ms; after the settle it is unsubscribed.
      const expiryTimers = () => scheduler.actions.filter((a) => (a as unknown as { delay: number }).delay === 230_001).length
      scheduler.schedule(() => expect(expiryTimers()).toBe(1), 30_000)
      scheduler.schedule(() => expect(expiryTimers()).toBe(0), 60_010)
    })
  })

  test('behavior: closing the modal or going back cancels the expiry', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler)(hot<Action>('-u 229s c', { u: uri(1), c: { type: 'modal/closeRequested' } }))).toBe('')
      expectObservable(run(scheduler)(hot<Action>('-u 10s b', { u: uri(1), b: { type: 'router/backRequested' } }))).toBe('')
    })
  })

  test('behavior: a failure cancels the expiry; a later URI starts a new one', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const failed: Action = { type: 'walletConnect/connectFailed', error: { message: 'x' } }
      const action$ = hot<Action>('-u 9ms f 9ms v', { u: uri(1), f: failed, v: uri(21, URI2) })
      expectObservable(run(scheduler)(action$)).toBe('- 20ms 230000ms e', { e: expired(URI2) })
    })
  })

  test('behavior: a URI already past its margin (a slow tab) expires at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const late: Action = { type: 'walletConnect/uriReceived', uriRef: URI, expiresAt: 5_000 }
      expectObservable(run(scheduler)(hot<Action>('-u', { u: late }))).toBe('-e', { e: expired() })
    })
  })

  test('edge: a stop without a URI shown starts no timer at all', () => {
    // Only a URI has an expiry: anything else just ends the wait, nothing is scheduled.
    const scheduled: unknown[] = []
    const scheduler = { now: () => 0, schedule: (...args: unknown[]) => (scheduled.push(args), { unsubscribe: () => {} }) }
    const out: Action[] = []
    const stops: Action[] = [{ type: 'walletConnect/connectFailed', error: { message: 'x' } }, { type: 'modal/closeRequested' }, { type: 'router/backRequested' }]
    pairingExpiryEpic()(from(stops), stateFollowing(initialState()).state$, { scheduler, secrets: createSecretBox(() => 'x') } as unknown as AirlockDeps).subscribe((a) => out.push(a))
    expect(out).toEqual([])
    expect(scheduled).toEqual([])
  })

  test('behavior: empty and never sources emit nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = { scheduler } as unknown as AirlockDeps
      const state$ = stateFollowing(initialState()).state$
      expectObservable(pairingExpiryEpic()(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(pairingExpiryEpic()(cold<Action>('-'), state$, deps)).toBe('')
    })
  })
})
