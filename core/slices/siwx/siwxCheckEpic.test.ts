import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { CAIP, connectedTo, marbleSiwx, OTHER, siwxDeps, siwxState } from '../../../tests/support/siwxMarbles.js'
import { initialState } from '../../../tests/support/state.js'
import { siwxCheckEpic } from './siwxCheckEpic.js'
import { SIWX_ERRORS } from './siwxErrors.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const connected = connectedTo()
const started: Action = { type: 'siwx/checkStarted', caipAddress: CAIP }
const openView: Action = { type: 'modal/openRequested', view: 'SIWXSignMessage' }
const session = { data: { accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:31337', issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: '2026-01-02T00:00:00.000Z' }, message: 'm', signature: '0x' }

describe('siwxCheckEpic', () => {
  test('default: on connect with no session, the sign-in view opens when the config answers', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ getSessions: cold('---s|', { s: [] }), required: true })
      const { out$ } = runEpic(scheduler, siwxCheckEpic, hot('-c', { c: connected }), siwxState(), siwxDeps(scheduler, siwx))
      expectObservable(out$).toBe('-a--(bc)', { a: started, b: { type: 'siwx/sessionsChecked', caipAddress: CAIP, required: true, sessions: [] }, c: openView })
      scheduler.flush()
      expect(siwx.calls['getSessions']).toEqual([['eip155:31337', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']])
    })
  })

  test('behavior: an existing session is reused (metadata only, no view)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ getSessions: cold('-s|', { s: [session] }) })
      const { out$, state } = runEpic(scheduler, siwxCheckEpic, hot('-c', { c: connected }), siwxState(), siwxDeps(scheduler, siwx))
      const info = { caipAddress: CAIP, issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: '2026-01-02T00:00:00.000Z' }
      expectObservable(out$).toBe('-ab', { a: started, b: { type: 'siwx/sessionsChecked', caipAddress: CAIP, required: false, sessions: [info] } })
      scheduler.flush()
      expect(JSON.stringify(state().siwx)).not.toContain('signature')
      expect(state().siwx.status).toBe('signedIn')
    })
  })

  test('behavior: another account while checking cancels the older check (switchMap)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const first = cold('----s|', { s: [] })
      const second = cold('-s|', { s: [session] })
      const answers = [first, second]
      const siwx = marbleSiwx({ getSessions: () => answers.shift()! })
      const changed: Action = { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [`eip155:31337:${OTHER}`] }
      const { out$ } = runEpic(scheduler, siwxCheckEpic, hot('-c-x', { c: connected, x: changed }), siwxState(), siwxDeps(scheduler, siwx))
      const other = `eip155:31337:${OTHER}` as const
      expectObservable(out$).toBe('-a-bc', {
        a: started,
        b: { type: 'siwx/checkStarted', caipAddress: other },
        c: { type: 'siwx/sessionsChecked', caipAddress: other, required: false, sessions: [{ caipAddress: other, issuedAt: session.data.issuedAt, expirationTime: session.data.expirationTime }] },
      })
      expectSubscriptions(first.subscriptions).toBe('-^-!')
    })
  })

  test('behavior: a disconnect while checking abandons the check', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const sessions = cold('---s|', { s: [] })
      const siwx = marbleSiwx({ getSessions: sessions })
      const input$ = hot<Action>('-c-d', { c: connected, d: { type: 'connection/disconnected', namespace: 'eip155' } })
      const { out$ } = runEpic(scheduler, siwxCheckEpic, input$, siwxState(), siwxDeps(scheduler, siwx))
      expectObservable(out$).toBe('-a', { a: started })
      expectSubscriptions(sessions.subscriptions).toBe('-^-!')
    })
  })

  test('behavior: an initialization failure disconnects, resets to Connect and says so (SPEC 8)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ getSessions: cold('--#', undefined, new Error('storage is gone')) })
      const { out$ } = runEpic(scheduler, siwxCheckEpic, hot('-c', { c: connected }), siwxState(), siwxDeps(scheduler, siwx))
      expectObservable(out$).toBe('-a-(bcde)', {
        a: started,
        b: { type: 'siwx/checkFailed', caipAddress: CAIP, error: { message: SIWX_ERRORS.initFailed }, cause: { message: 'storage is gone' } },
        c: { type: 'connection/disconnectRequested', namespace: 'eip155' },
        d: { type: 'router/resetRequested', view: 'Connect' },
        e: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: 'A problem occurred while trying initialize authentication' } },
      })
    })
  })

  test('behavior: a config answering something other than sessions is an initialization failure', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ getSessions: cold('-s|', { s: { not: 'a list' } }) })
      const { out$ } = runEpic(scheduler, siwxCheckEpic, hot('-c', { c: connected }), siwxState(), siwxDeps(scheduler, siwx))
      expectObservable(out$).toBe('-a(bcde)', {
        a: started,
        b: expect.objectContaining({ type: 'siwx/checkFailed' }),
        c: expect.objectContaining({ type: 'connection/disconnectRequested' }),
        d: expect.objectContaining({ type: 'router/resetRequested' }),
        e: expect.objectContaining({ type: 'notifications/showRequested' }),
      })
    })
  })

  test('behavior: nothing without sign-in, before the wallet confirms, or on an unsupported chain', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ getSessions: cold('s|', { s: [] }) })
      const unsupported = connectedTo('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
      const input$ = hot<Action>('-r-u', { r: { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'dev.test' }, u: unsupported })
      expectObservable(runEpic(scheduler, siwxCheckEpic, input$, siwxState(), siwxDeps(scheduler, siwx)).out$).toBe('')
      const off = runEpic(scheduler, siwxCheckEpic, hot('-c', { c: connected }), initialState(), siwxDeps(scheduler, undefined))
      expectObservable(off.out$).toBe('')
    })
  })

  test('behavior: another tab signed the account in: its sessions are read again, and a session found closes the prompt', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const answers = [cold('-s|', { s: [] }), cold('-s|', { s: [session] })]
      const siwx = marbleSiwx({ getSessions: () => answers.shift()! })
      const signedElsewhere: Action = { type: 'siwx/otherTabSignedIn', caipAddress: CAIP }
      const { out$, state } = runEpic(scheduler, siwxCheckEpic, hot('-c-------t', { c: connected, t: signedElsewhere }), siwxState(), siwxDeps(scheduler, siwx))
      const info = { caipAddress: CAIP, issuedAt: session.data.issuedAt, expirationTime: session.data.expirationTime }
      expectObservable(out$).toBe('-a(bc)---a(de)', {
        a: started,
        b: { type: 'siwx/sessionsChecked', caipAddress: CAIP, required: false, sessions: [] },
        c: openView,
        d: { type: 'siwx/sessionsChecked', caipAddress: CAIP, required: false, sessions: [info] },
        e: { type: 'modal/closeRequested' },
      })
      scheduler.flush()
      expect(state().siwx.status).toBe('signedIn')
      expect(state().modal.open).toBe(false)
    })
  })

  test('behavior: another tab\'s sign-in of another account, or one the config does not know, changes nothing here', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ getSessions: cold('-s|', { s: [] }) })
      const other: Action = { type: 'siwx/otherTabSignedIn', caipAddress: `eip155:31337:${OTHER}` }
      const same: Action = { type: 'siwx/otherTabSignedIn', caipAddress: CAIP }
      const { out$ } = runEpic(scheduler, siwxCheckEpic, hot('-c---o---t', { c: connected, o: other, t: same }), siwxState(), siwxDeps(scheduler, siwx))
      const none: Action = { type: 'siwx/sessionsChecked', caipAddress: CAIP, required: false, sessions: [] }
      // No second prompt: the person already has this tab's.
      expectObservable(out$).toBe('-a(bc)---ab', { a: started, b: none, c: openView })
    })
  })
})
