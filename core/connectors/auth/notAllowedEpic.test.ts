import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { notAllowedEpic } from './notAllowedEpic.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const notAllowed: Action = { type: 'auth/requestNotAllowed', method: 'eth_mine' }
const shown: Action = { type: 'auth/notAllowedShown' }
const open: Action = { type: 'modal/openRequested', view: 'ApproveTransaction' }
const close: Action = { type: 'modal/closeRequested' }
const deps = (scheduler: TestScheduler) => ({ scheduler }) as unknown as AirlockDeps
const CAIP = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const

describe('notAllowedEpic', () => {
  test('default: a disallowed method opens the modal at once and shows the error after 300 ms', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-n', { n: notAllowed })
      expectObservable(notAllowedEpic()(action$, stateFollowing(initialState()).state$, deps(scheduler))).toBe('-o 299ms s', { o: open, s: shown })
    })
  })

  test('behavior: closing the modal before 300 ms cancels the message; a second refusal restarts the delay', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(notAllowedEpic()(hot<Action>('-n 99ms c', { n: notAllowed, c: close }), stateFollowing(initialState()).state$, deps(scheduler))).toBe('-o', { o: open })
      expectObservable(notAllowedEpic()(hot<Action>('-n 99ms n', { n: notAllowed }), stateFollowing(initialState()).state$, deps(scheduler))).toBe('-o 99ms o 299ms s', { o: open, s: shown })
    })
  })

  test('behavior: when the modal is already on ApproveTransaction it is not reopened', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const state = reduce(initialState(), open)
      expectObservable(notAllowedEpic()(hot<Action>('-n', { n: notAllowed }), stateFollowing(state).state$, deps(scheduler))).toBe('- 300ms s', { s: shown })
    })
  })

  test('behavior: a method refused by getProvider() counts when the auth connector is active', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const refused: Action = { type: 'wallet/requestFailed', id: 'r1', method: 'eth_mine', error: { message: 'Requested RPC call is not allowed' } }
      const auth = reduce(initialState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth' })
      expectObservable(notAllowedEpic()(hot<Action>('-f', { f: refused }), stateFollowing(auth).state$, deps(scheduler))).toBe('-n', { n: notAllowed })
      const injected = reduce(initialState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'io.metamask' })
      expectObservable(notAllowedEpic()(hot<Action>('-f', { f: refused }), stateFollowing(injected).state$, deps(scheduler))).toBe('')
    })
  })

  test('behavior: empty and never sources emit nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(notAllowedEpic()(cold<Action>('|'), stateFollowing(initialState()).state$, deps(scheduler))).toBe('|')
      expectObservable(notAllowedEpic()(cold<Action>('-'), stateFollowing(initialState()).state$, deps(scheduler))).toBe('')
    })
  })

  test('behavior: an active namespace with no connection in it is not the auth connector (no crash, no message)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const refused: Action = { type: 'wallet/requestFailed', id: 'r1', method: 'eth_mine', error: { message: 'Requested RPC call is not allowed' } }
      const state = initialState()
      const noConnection = { ...state, connection: { ...state.connection, activeNamespace: 'eip155' as const, namespaces: {} } }
      expectObservable(notAllowedEpic()(hot<Action>('-f', { f: refused }), stateFollowing(noConnection).state$, deps(scheduler))).toBe('')
    })
  })
})
