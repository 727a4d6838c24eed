import { tap } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { shakeEpic } from './shakeEpic.js'

const shake: Action = { type: 'modal/shakeRequested' }
const ended: Action = { type: 'modal/shakeEnded' }
const close: Action = { type: 'modal/closeRequested' }
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('shakeEpic', () => {
  test('default: the shake ends after 500 ms', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-s', { s: shake })
      const { state$ } = stateFollowing(initialState())
      expectObservable(shakeEpic()(action$, state$, { scheduler } as unknown as AirlockDeps)).toBe('- 500ms e', { e: ended })
    })
  })

  test('behavior: a second shake restarts the 500 ms', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-s 199ms s', { s: shake })
      const { state$ } = stateFollowing(initialState())
      expectObservable(shakeEpic()(action$, state$, { scheduler } as unknown as AirlockDeps)).toBe('- 200ms 500ms e', { e: ended })
    })
  })

  test('behavior: closing the modal cancels the pending end (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-s 99ms c', { s: shake, c: close })
      const { state$ } = stateFollowing(initialState())
      expectObservable(shakeEpic()(action$, state$, { scheduler } as unknown as AirlockDeps)).toBe('')
    })
  })

  test('behavior: other actions during a shake neither cancel nor restart it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const other: Action = { type: 'notifications/dismissRequested' }
      const action$ = hot<Action>('-s 99ms o', { s: shake, o: other })
      const { state$ } = stateFollowing(initialState())
      expectObservable(shakeEpic()(action$, state$, { scheduler } as unknown as AirlockDeps)).toBe('- 500ms e', { e: ended })
    })
  })

  test('behavior: the shake flag is on for exactly 500 ms in the reducer', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-s', { s: shake })
      const follow = stateFollowing(initialState())
      follow.apply(shake)
      const flags$ = shakeEpic()(action$, follow.state$, { scheduler } as unknown as AirlockDeps).pipe(tap((a) => follow.apply(a)))
      expectObservable(flags$).toBe('- 500ms e', { e: ended })
      scheduler.schedule(() => expect(follow.state$.value.modal.shake).toBe(true), 500)
      scheduler.schedule(() => expect(follow.state$.value.modal.shake).toBe(false), 502)
    })
  })

  test('behavior: empty and never sources emit nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const { state$ } = stateFollowing(initialState())
      expectObservable(shakeEpic()(cold<Action>('|'), state$, { scheduler } as unknown as AirlockDeps)).toBe('|')
      expectObservable(shakeEpic()(cold<Action>('-'), state$, { scheduler } as unknown as AirlockDeps)).toBe('')
    })
  })

  test('behavior: an error in the action stream propagates (the store restarts the epic)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const { state$ } = stateFollowing(initialState())
      expectObservable(shakeEpic()(cold<Action>('-#'), state$, { scheduler } as unknown as AirlockDeps)).toBe('-#')
    })
  })
})

