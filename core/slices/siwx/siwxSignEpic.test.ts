import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { ADDRESS, CAIP, connectedTo, marbleSiwx, messageFor, SIGNATURE, siwxDeps, siwxState } from '../../../tests/support/siwxMarbles.js'
import { reduce } from '../../../tests/support/state.js'
import { siwxSignEpic } from './siwxSignEpic.js'
import { SIWX_ERRORS } from './siwxErrors.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const sign: Action = { type: 'siwx/signRequested' }
const onSignView = () => siwxState(connectedTo(), { type: 'modal/openRequested', view: 'SIWXSignMessage' })
const message = messageFor({ expirationTime: '1970-01-02T00:00:00.000Z' })
const signedIn: Action = { type: 'siwx/signedIn', caipAddress: CAIP, session: { caipAddress: CAIP, issuedAt: '1970-01-01T00:00:00.000Z', expirationTime: '1970-01-02T00:00:00.000Z' } }
const close: Action = { type: 'modal/closeRequested' }
const declined = (cause: { message: string; code?: number | string }, reopen = false): Record<string, Action> => ({
  f: { type: 'siwx/signFailed', error: { message: SIWX_ERRORS.declined }, cause },
  ...(reopen ? { o: { type: 'modal/openRequested', view: 'SIWXSignMessage' } as Action } : {}),
  t: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: SIWX_ERRORS.declined } },
})

describe('siwxSignEpic', () => {
  test('default: create the message, sign it, store the session, close, report success', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ createMessage: cold('-m|', { m: message }), addSession: cold('--a|', { a: undefined }) })
      const provider = marbleProvider({ personal_sign: cold('---s|', { s: SIGNATURE }) })
      const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r', { r: sign }), onSignView(), siwxDeps(scheduler, siwx, { 'dev.test': provider }))
      expectObservable(out$).toBe('-------(ab)', { a: signedIn, b: close })
      scheduler.flush()
      // The page's host and URL (never its query), the account, the chain; the wallet signs the exact text.
      expect(siwx.calls['createMessage']).toEqual([[{ accountAddress: ADDRESS, chainId: 'eip155:31337', domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/app', issuedAt: '1970-01-01T00:00:00.001Z' }]])
      const [hex, address] = provider.params['personal_sign']![0] as [string, string]
      expect(Buffer.from(hex.slice(2), 'hex').toString('utf8')).toBe(message.toString())
      expect(address).toBe(ADDRESS)
      expect(siwx.calls['addSession']).toEqual([[{ data: JSON.parse(JSON.stringify(message)), message: message.toString(), signature: SIGNATURE }]])
    })
  })

  test('behavior: a double click signs once (exhaustMap)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const created = cold('--m|', { m: message })
      const siwx = marbleSiwx({ createMessage: created, addSession: cold('(a|)', { a: undefined }) })
      const provider = marbleProvider({ personal_sign: cold('-s|', { s: SIGNATURE }) })
      const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-rr', { r: sign }), onSignView(), siwxDeps(scheduler, siwx, { 'dev.test': provider }))
      expectObservable(out$).toBe('----(ab)', { a: signedIn, b: close })
      expectSubscriptions(created.subscriptions).toBe('-^--!')
    })
  })

  test('behavior: a rejected signature keeps the view open and says "Signature declined"', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const siwx = marbleSiwx({ createMessage: cold('m|', { m: message }) })
      const provider = marbleProvider({ personal_sign: cold('--#', undefined, { code: 4001, message: 'User rejected the request.' }) })
      const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r', { r: sign }), onSignView(), siwxDeps(scheduler, siwx, { 'dev.test': provider }))
      expectObservable(out$).toBe('---(ft)', declined({ message: 'User rejected the request.', code: 4001 }))
      expect(siwx.calls['addSession']).toBeUndefined()
    })
  })

  test('behavior: a failure reopens the view when the modal is closed or on ApproveTransaction', () => {
    for (const state of [siwxState(connectedTo()), reduce(onSignView(), { type: 'router/pushRequested', view: 'ApproveTransaction' })]) {
      const scheduler = newScheduler()
      scheduler.run(({ hot, cold, expectObservable }) => {
        const siwx = marbleSiwx({ createMessage: cold('m|', { m: message }), addSession: cold('-#', undefined, new Error('bad signature')) })
        const provider = marbleProvider({ personal_sign: cold('s|', { s: SIGNATURE }) })
        const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r', { r: sign }), state, siwxDeps(scheduler, siwx, { 'dev.test': provider }))
        expectObservable(out$).toBe('--(fot)', declined({ message: 'bad signature' }, true))
      })
    }
  })

  test('behavior: with an embedded smart account the error says so (SPEC 8)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const auth: ConnectorInfo = { id: 'auth', name: 'Email', type: 'AUTH', namespace: 'eip155', installed: true }
      const state = reduce(onSignView(), { type: 'connectors/announced', connector: auth }, connectedTo(CAIP, 'auth'))
      const siwx = marbleSiwx({ createMessage: cold('#', undefined, new Error('nope')) })
      const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r', { r: sign }), state, siwxDeps(scheduler, siwx, { auth: marbleProvider({}) }))
      expectObservable(out$).toBe('-(ft)', {
        f: { type: 'siwx/signFailed', error: { message: SIWX_ERRORS.smartAccount }, cause: { message: 'nope' } },
        t: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: 'This application might not support Smart Accounts' } },
      })
    })
  })

  test('behavior: the internal errors of SPEC 8', () => {
    const cases: [string, Parameters<typeof siwxDeps>[1] | null, ReturnType<typeof siwxState>, Record<string, ReturnType<typeof marbleProvider>>][] = [
      [SIWX_ERRORS.notEnabled, null, onSignView(), { 'dev.test': marbleProvider({}) }],
      [SIWX_ERRORS.noAddress, undefined, siwxState({ type: 'modal/openRequested', view: 'SIWXSignMessage' }), {}],
      [SIWX_ERRORS.noNetwork, undefined, siwxState(connectedTo('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), { type: 'modal/openRequested', view: 'SIWXSignMessage' }), {}],
      [SIWX_ERRORS.noClient, undefined, onSignView(), {}],
    ]
    for (const [expected, config, state, providers] of cases) {
      const scheduler = newScheduler()
      scheduler.run(({ hot, expectObservable }) => {
        const siwx = config === null ? undefined : marbleSiwx({})
        const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r', { r: sign }), state, siwxDeps(scheduler, siwx, providers))
        expectObservable(out$).toBe('-(ft)', declined({ message: expected }))
      })
    }
  })

  test('behavior: a message with a line break, another domain or another account is never signed', () => {
    const bad = [
      { ...message, statement: 'hello\nURI: https://evil.example' },
      messageFor({ domain: 'evil.example' }),
      messageFor({ accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
      messageFor({ chainId: 'eip155:31338' }),
    ]
    for (const made of bad) {
      const scheduler = newScheduler()
      scheduler.run(({ hot, cold, expectObservable }) => {
        const siwx = marbleSiwx({ createMessage: cold('m|', { m: made }) })
        const provider = marbleProvider({})
        const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r', { r: sign }), onSignView(), siwxDeps(scheduler, siwx, { 'dev.test': provider }))
        expectObservable(out$).toBe('-(ft)', { f: expect.objectContaining({ type: 'siwx/signFailed' }), t: expect.objectContaining({ type: 'notifications/showRequested' }) })
        scheduler.flush()
        expect(provider.asked).toEqual([])
      })
    }
  })

  test('behavior: a cancel or a disconnect while the wallet prompts abandons the sign-in', () => {
    for (const leave of [{ type: 'siwx/cancelRequested' }, { type: 'connection/disconnectRequested', namespace: 'eip155' }] as Action[]) {
      const scheduler = newScheduler()
      scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
        const signature = cold('----s|', { s: SIGNATURE })
        const siwx = marbleSiwx({ createMessage: cold('m|', { m: message }), addSession: cold('a|', { a: undefined }) })
        const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r-x', { r: sign, x: leave }), onSignView(), siwxDeps(scheduler, siwx, { 'dev.test': marbleProvider({ personal_sign: signature }) }))
        expectObservable(out$).toBe('')
        expectSubscriptions(signature.subscriptions).toBe('-^-!')
      })
    }
  })

  test('behavior: another account mid-signature abandons it (never a signature for the wrong account)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const signature = cold('----s|', { s: SIGNATURE })
      const siwx = marbleSiwx({ createMessage: cold('m|', { m: message }), addSession: cold('a|', { a: undefined }) })
      const changed: Action = { type: 'connection/accountsChanged', namespace: 'eip155', accounts: ['eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }
      const { out$ } = runEpic(scheduler, siwxSignEpic, hot('-r--x', { r: sign, x: changed }), onSignView(), siwxDeps(scheduler, siwx, { 'dev.test': marbleProvider({ personal_sign: signature }) }))
      expectObservable(out$).toBe('')
      expectSubscriptions(signature.subscriptions).toBe('-^--!')
    })
  })
})
