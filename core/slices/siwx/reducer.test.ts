import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { CAIP, connectedTo, siwxState } from '../../../tests/support/siwxMarbles.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { initialSiwxState } from './reducer.js'
import { selectSiwxCloseDisabled } from './selectors.js'

const checked = (required: boolean, sessions = 0): Action => ({ type: 'siwx/sessionsChecked', caipAddress: CAIP, required, sessions: Array.from({ length: sessions }, () => ({ caipAddress: CAIP })) })
const open = (view: 'SIWXSignMessage' | 'ApproveTransaction' | 'Account'): Action => ({ type: 'modal/openRequested', view })
const close: Action = { type: 'modal/closeRequested' }

describe('siwx slice', () => {
  test('default: idle, not required, no sessions', () => {
    expect(siwxState().siwx).toEqual(initialSiwxState)
  })

  test('behavior: check, sign, fail, sign in; a disconnect forgets the account', () => {
    let state = reduce(siwxState(connectedTo()), { type: 'siwx/checkStarted', caipAddress: CAIP })
    expect(state.siwx.status).toBe('checking')
    state = reduce(state, checked(true), { type: 'siwx/signRequested' })
    expect(state.siwx).toMatchObject({ status: 'signing', required: true, error: null })
    state = reduce(state, { type: 'siwx/signFailed', error: { message: 'Signature declined' }, cause: { message: 'User rejected the request.', code: 4001 } })
    expect(state.siwx).toMatchObject({ status: 'signedOut', error: { message: 'Signature declined' } })
    state = reduce(state, { type: 'siwx/signRequested' }, { type: 'siwx/signedIn', caipAddress: CAIP, session: { caipAddress: CAIP, expirationTime: '2026-01-02T00:00:00.000Z' } })
    expect(state.siwx).toMatchObject({ status: 'signedIn', sessions: [{ caipAddress: CAIP }], error: null })
    state = reduce(state, { type: 'connection/disconnected', namespace: 'solana' })
    expect(state.siwx.status).toBe('signedIn')
    state = reduce(state, { type: 'connection/disconnected', namespace: 'eip155' })
    expect(state.siwx).toEqual({ ...initialSiwxState, required: true })
  })

  test('behavior: a sign request without sign-in configured changes nothing', () => {
    const state = reduce(initialState(), { type: 'siwx/signRequested' })
    expect(state.siwx).toBe(initialState().siwx)
  })

  test('behavior: a log recorded before the slice existed replays from its initial state', () => {
    const { siwx: _gone, ...old } = siwxState()
    expect(reduce(old as never, { type: 'siwx/checkStarted', caipAddress: CAIP }).siwx.status).toBe('checking')
  })
})

describe('closing rules (SPEC 4)', () => {
  test('default: required, zero sessions, on SIWXSignMessage or ApproveTransaction: close and back do nothing', () => {
    for (const view of ['SIWXSignMessage', 'ApproveTransaction'] as const) {
      const state = reduce(siwxState(connectedTo()), checked(true), open(view))
      expect(selectSiwxCloseDisabled(state)).toBe(true)
      expect(reduce(state, close).modal.open).toBe(true)
      expect(reduce(state, { type: 'router/backRequested' }).modal.open).toBe(true)
    }
  })

  test('behavior: optional, with a session, or on another view, closing works', () => {
    expect(reduce(siwxState(connectedTo()), checked(false), open('SIWXSignMessage'), close).modal.open).toBe(false)
    expect(reduce(siwxState(connectedTo()), checked(true, 1), open('SIWXSignMessage'), close).modal.open).toBe(false)
    expect(reduce(siwxState(connectedTo()), checked(true), open('Account'), close).modal.open).toBe(false)
    // A successful sign-in closes the modal it was blocking.
    const signed = reduce(siwxState(connectedTo()), checked(true), open('SIWXSignMessage'), { type: 'siwx/signedIn', caipAddress: CAIP, session: { caipAddress: CAIP } }, close)
    expect(signed.modal.open).toBe(false)
  })
})
