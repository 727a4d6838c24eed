import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { countdown, cooldownEpic } from './cooldownEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const tick = (seconds: number): Action => ({ type: 'auth/cooldownTicked', seconds })
const started = (until: number): Action => ({ type: 'auth/cooldownStarted', until })
const appStarted: Action = { type: 'app/started', environment: { origin: null, pageUrl: null, isMobile: false, ssr: true } }
const loaded: Action = { type: 'auth/userLoaded', userName: null, accountType: 'eoa', smartAccountDeployed: false, social: null }

/** Storage whose `getItem` answers with the given observable (so the read runs on virtual time). */
const storageAnswering = (answer: unknown) => ({ backend: 'memory', load: () => Promise.reject(new Error('unused')), save: () => Promise.resolve(), getItem: () => answer, setItem: () => Promise.resolve() })
const depsFor = (scheduler: TestScheduler, storage: unknown = storageAnswering(undefined)) => ({ scheduler, storage }) as unknown as AirlockDeps

/** 31 ticks, 30 down to 0, one second apart, as marble values keyed A… */
function fullCountdown(): { marble: string; values: Record<string, Action> } {
  const values: Record<string, Action> = {}
  const keys: string[] = []
  for (let s = 30; s >= 0; s--) {
    const key = String.fromCharCode(s >= 26 ? 97 + s - 26 : 65 + s)
    values[key] = tick(s)
    keys.push(key)
  }
  return { marble: keys.join(' 999ms '), values }
}

describe('cooldownEpic', () => {
  test('default: a 30 s cooldown counts 30 … 0 on the scheduler, one tick per second', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('- 1s s', { s: started(1001 + 30_000) })
      const { marble, values } = fullCountdown()
      expectObservable(cooldownEpic()(action$, stateFollowing(initialState()).state$, depsFor(scheduler))).toBe(`- 1s ${marble}`, values)
    })
  })

  test('behavior: a partial second rounds up, and the next tick comes at the boundary', () => {
    const scheduler = newScheduler()
    scheduler.run(({ expectObservable }) => {
      expectObservable(countdown(2_500, depsFor(scheduler))).toBe('a 499ms b 999ms c 999ms (d|)', { a: tick(3), b: tick(2), c: tick(1), d: tick(0) })
      expectObservable(countdown(0, depsFor(scheduler))).toBe('(a|)', { a: tick(0) })
    })
  })

  test('behavior: a new code request restarts the countdown; a login ends it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a 1499ms b 499ms l', { a: started(3_000), b: started(1_500 + 3_000), l: loaded })
      expectObservable(cooldownEpic()(action$, stateFollowing(initialState()).state$, depsFor(scheduler))).toBe('a 999ms b 499ms c', { a: tick(3), b: tick(2), c: tick(3) })
    })
  })

  test('behavior: at start a stored recent code time restores the rest of the cooldown (it survives a reload)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      // Stored 25 s ago, read at 40 000: 5 s left.
      const stored = cold<number>('-(v|)', { v: 15_000 })
      const action$ = hot<Action>('40s a', { a: appStarted })
      const out$ = cooldownEpic()(action$, stateFollowing(initialState()).state$, depsFor(scheduler, storageAnswering(stored)))
      expectObservable(out$).toBe('40s - s', { s: started(45_000) })
      expectSubscriptions(stored.subscriptions).toBe('40s ^!')
    })
  })

  test('behavior: a garbage stored time fails closed (a full cooldown from now); an old one is ignored', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('10s a', { a: appStarted })
      const garbage = cold('(v|)', { v: Number.POSITIVE_INFINITY })
      expectObservable(cooldownEpic()(action$, stateFollowing(initialState()).state$, depsFor(scheduler, storageAnswering(garbage)))).toBe('10s s', { s: started(40_000) })
      const old = cold('(v|)', { v: 1 })
      expectObservable(cooldownEpic()(hot<Action>('40s a', { a: appStarted }), stateFollowing(initialState()).state$, depsFor(scheduler, storageAnswering(old)))).toBe('')
    })
  })

  test('behavior: empty and never sources emit nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(cooldownEpic()(cold<Action>('|'), stateFollowing(initialState()).state$, depsFor(scheduler))).toBe('|')
      expectObservable(cooldownEpic()(cold<Action>('-'), stateFollowing(initialState()).state$, depsFor(scheduler))).toBe('')
    })
  })

  test('behavior: a cooldown already over (its end in the past) ticks exactly 0 at once, never a negative count', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      // -1.5 s rounds to -1 and -0.5 s to -0: both must come out as a plain 0.
      expectObservable(countdown(-1_500, depsFor(scheduler))).toBe('(a|)', { a: tick(0) })
      expectObservable(countdown(-500, depsFor(scheduler))).toBe('(a|)', { a: tick(0) })
      const action$ = hot<Action>('5s s', { s: started(3_000) })
      expectObservable(cooldownEpic()(action$, stateFollowing(initialState()).state$, depsFor(scheduler))).toBe('5s a', { a: tick(0) })
    })
  })

  test('behavior: nothing stored means no cooldown, even in the first 30 s after start', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const nothing = cold('(v|)', { v: undefined })
      expectObservable(cooldownEpic()(hot<Action>('10ms a', { a: appStarted }), stateFollowing(initialState()).state$, depsFor(scheduler, storageAnswering(nothing)))).toBe('')
    })
  })
})
