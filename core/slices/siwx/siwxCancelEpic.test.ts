import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { CAIP, connectedTo, marbleSiwx, siwxDeps, siwxState } from '../../../tests/support/siwxMarbles.js'
import { reduce } from '../../../tests/support/state.js'
import { siwxCancelEpic } from './siwxCancelEpic.js'
import { siwxCloseGuardEpic } from './siwxCloseGuardEpic.js'
import { siwxSignOutEpic } from './siwxSignOutEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const cancel: Action = { type: 'siwx/cancelRequested' }
const checked = (required: boolean): Action => ({ type: 'siwx/sessionsChecked', caipAddress: CAIP, required, sessions: [] })
const onSignView = (required: boolean) => siwxState(connectedTo(), checked(required), { type: 'modal/openRequested', view: 'SIWXSignMessage' })

describe('siwxCancelEpic', () => {
  test('default: cancelling a required sign-in disconnects, then resets to Connect', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$, state } = runEpic(scheduler, siwxCancelEpic, hot('-x', { x: cancel }), onSignView(true), siwxDeps(scheduler, marbleSiwx({ required: true })))
      expectObservable(out$).toBe('-(dr)', { d: { type: 'connection/disconnectRequested', namespace: 'eip155' }, r: { type: 'router/resetRequested', view: 'Connect' } })
      scheduler.flush()
      expect(state().router.view).toBe('Connect')
    })
  })

  test('behavior: cancelling an optional sign-in closes the modal, then resets to Connect', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$, state } = runEpic(scheduler, siwxCancelEpic, hot('-x', { x: cancel }), onSignView(false), siwxDeps(scheduler, marbleSiwx({ required: false })))
      expectObservable(out$).toBe('-(cr)', { c: { type: 'modal/closeRequested' }, r: { type: 'router/resetRequested', view: 'Connect' } })
      scheduler.flush()
      expect(state().modal.open).toBe(false)
      expect(state().connection.namespaces.eip155?.status).toBe('connected')
    })
  })
})

describe('siwxCloseGuardEpic', () => {
  test('default: a refused close shakes the modal; an allowed one does not', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const close: Action = { type: 'modal/closeRequested' }
      const guarded = runEpic(scheduler, siwxCloseGuardEpic, hot('-c-b', { c: close, b: { type: 'router/backRequested' } }), onSignView(true), siwxDeps(scheduler, undefined))
      expectObservable(guarded.out$).toBe('-s-s', { s: { type: 'modal/shakeRequested' } })
      const free = runEpic(scheduler, siwxCloseGuardEpic, hot('-c', { c: close }), onSignView(false), siwxDeps(scheduler, undefined))
      expectObservable(free.out$).toBe('')
    })
  })
})

describe('siwxSignOutEpic', () => {
  test('default: revokes the session of the checked account', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ revokeSession: cold('--r|', { r: undefined }) })
      const state = reduce(siwxState(connectedTo()), { type: 'siwx/sessionsChecked', caipAddress: CAIP, required: false, sessions: [{ caipAddress: CAIP }] })
      const { out$ } = runEpic(scheduler, siwxSignOutEpic, hot('-o', { o: { type: 'siwx/signOutRequested' } }), state, siwxDeps(scheduler, siwx))
      expectObservable(out$).toBe('---s', { s: { type: 'siwx/signedOut', caipAddress: CAIP } })
      scheduler.flush()
      expect(siwx.calls['revokeSession']).toEqual([['eip155:31337', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']])
    })
  })

  test('behavior: a failure or no checked account is reported, never thrown', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ revokeSession: cold('#', undefined, new Error('back end down')) })
      const state = reduce(siwxState(connectedTo()), { type: 'siwx/checkStarted', caipAddress: CAIP })
      const out = runEpic(scheduler, siwxSignOutEpic, hot('-o', { o: { type: 'siwx/signOutRequested' } }), state, siwxDeps(scheduler, siwx)).out$
      expectObservable(out).toBe('-f', { f: { type: 'siwx/signOutFailed', error: { message: 'back end down' } } })
      const none = runEpic(scheduler, siwxSignOutEpic, hot('-o', { o: { type: 'siwx/signOutRequested' } }), siwxState(), siwxDeps(scheduler, siwx)).out$
      expectObservable(none).toBe('-f', { f: { type: 'siwx/signOutFailed', error: { message: 'No ActiveCaipAddress found' } } })
    })
  })
})
