import { merge, Subject, tap, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, Notification } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { notificationsEpic } from './notificationsEpic.js'

const toast = (id: string, variant: Notification['variant'] = 'success'): Action => ({
  type: 'notifications/showRequested',
  notification: { id, variant, message: `toast ${id}` },
})
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/**
 * Runs the epic the way the store does: every action, from the input or from
 * the epic itself, goes through the reducer and then back into action$.
 */
function harness(scheduler: TestScheduler, input: string, values: Record<string, Action>) {
  const follow = stateFollowing(initialState())
  const loop = new Subject<Action>()
  return {
    follow,
    run: (hot: (m: string, v: Record<string, Action>) => Observable<Action>) => {
      const action$ = merge(hot(input, values), loop).pipe(tap((a: Action) => follow.apply(a)))
      const out$ = notificationsEpic()(action$, follow.state$, { scheduler } as unknown as AirlockDeps)
      // Feed outputs back on the next microtask-free turn, as the store's queue does.
      return out$.pipe(tap((a) => scheduler.schedule(() => loop.next(a))))
    },
  }
}

describe('notificationsEpic', () => {
  test('default: a lone toast shows at once and hides itself after 2.5 s', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const h = harness(scheduler, '-a', { a: toast('1') })
      expectObservable(h.run(hot as never)).toBe('- 2500ms x', { x: { type: 'notifications/expired', id: '1' } })
      scheduler.schedule(() => expect(h.follow.state$.value.notifications).toMatchObject({ open: true, current: { id: '1' } }), 2)
    })
  })

  test('behavior: a second toast closes the first and shows after 150 ms', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const h = harness(scheduler, '-a 99ms b', { a: toast('1'), b: toast('2') })
      expectObservable(h.run(hot as never)).toBe('- 100ms 150ms s 2499ms x', {
        s: { type: 'notifications/swapped' },
        x: { type: 'notifications/expired', id: '2' },
      })
      scheduler.schedule(() => expect(h.follow.state$.value.notifications).toMatchObject({ open: false, current: { id: '1' }, pending: { id: '2' } }), 150)
      scheduler.schedule(() => expect(h.follow.state$.value.notifications).toMatchObject({ open: true, current: { id: '2' }, pending: null }), 252)
    })
  })

  test('behavior: a third toast inside the swap delay replaces the waiting one and restarts the delay', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const h = harness(scheduler, '-a 9ms b 49ms c', { a: toast('1'), b: toast('2'), c: toast('3', 'loading') })
      // A loading toast stays until replaced: no expiry after the swap.
      expectObservable(h.run(hot as never)).toBe('- 10ms 50ms 150ms s', { s: { type: 'notifications/swapped' } })
      scheduler.schedule(() => expect(h.follow.state$.value.notifications.current?.id).toBe('3'), 300)
    })
  })

  test('behavior: actions that are not toast events leave a shown toast\'s expiry alone', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const h = harness(scheduler, '-a 999ms o', { a: toast('1'), o: { type: 'modal/shakeRequested' } })
      expectObservable(h.run(hot as never)).toBe('- 2500ms x', { x: { type: 'notifications/expired', id: '1' } })
    })
  })

  test('behavior: dismissing cancels the expiry', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const h = harness(scheduler, '-a 9ms d', { a: toast('1'), d: { type: 'notifications/dismissRequested' } })
      expectObservable(h.run(hot as never)).toBe('')
    })
  })

  test('behavior: empty, never and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const { state$ } = stateFollowing(initialState())
      const deps = { scheduler } as unknown as AirlockDeps
      expectObservable(notificationsEpic()(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(notificationsEpic()(cold<Action>('-'), state$, deps)).toBe('')
      expectObservable(notificationsEpic()(cold<Action>('--#'), state$, deps)).toBe('--#')
    })
  })
})
