import { describe, expect, test } from 'vitest'
import type { Action } from '../core/actions/types.js'
import { alertFor } from '../core/errors/alerts.js'
import { resolveOptions } from '../core/options/resolveOptions.js'
import { createInitialState, rootReducer } from '../core/rootReducer.js'
import type { AirlockState } from '../core/state.js'
import { connectMethod, toAnalyticsEvent } from './toAnalyticsEvent.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const initial = createInitialState(resolveOptions({ projectId: 'p1' }).options)
const reduce = (state: AirlockState, ...actions: Action[]) => actions.reduce(rootReducer, state)
const connected = reduce(initial, { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'injected' })

/** Maps an action the way the epic does: with the states on both sides of the reducer. */
const map = (state: AirlockState, action: Action) => toAnalyticsEvent(action, state, rootReducer(state, action))

describe('toAnalyticsEvent', () => {
  test('default: MODAL_OPEN with the connection flag', () => {
    expect(map(initial, { type: 'modal/openRequested' })).toEqual({ kind: 'track', props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } })
    expect(map(connected, { type: 'modal/openRequested' })?.props).toEqual({ type: 'track', event: 'MODAL_OPEN', properties: { connected: true } })
  })

  test('behavior: MODAL_CLOSE only when the modal was open', () => {
    const open = reduce(connected, { type: 'modal/openRequested' })
    expect(map(open, { type: 'modal/closeRequested' })?.props).toEqual({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } })
    expect(map(connected, { type: 'modal/closeRequested' })).toBeNull()
    expect(map(open, { type: 'modal/openRequested' })).toBeNull()
  })

  test('behavior: CONNECT_SUCCESS carries the plain address, method and wallet name', () => {
    const action: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'walletConnect', wallet: { id: 'w1', name: 'Rainbow' } }
    expect(map(initial, action)).toEqual({
      kind: 'track',
      props: { type: 'track', event: 'CONNECT_SUCCESS', address: ADDRESS, properties: { method: 'qrcode', name: 'Rainbow' } },
    })
    // The same account confirmed again (or switched) on a live connection is not a new connection.
    expect(map(connected, action)).toBeNull()
  })

  test('behavior: CONNECT_SUCCESS without wallet metadata is named after the connector id', () => {
    const action: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.metamask' }
    expect(map(initial, action)?.props).toEqual({ type: 'track', event: 'CONNECT_SUCCESS', address: ADDRESS, properties: { method: 'browser', name: 'io.metamask' } })
  })

  test('behavior: CONNECT_ERROR and DISCONNECT_SUCCESS', () => {
    expect(map(initial, { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'injected', error: { message: 'User rejected the request.', code: 4001 } })?.props).toEqual({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { message: 'User rejected the request.' },
    })
    expect(map(connected, { type: 'connection/disconnected', namespace: 'eip155' })?.props).toEqual({ type: 'track', event: 'DISCONNECT_SUCCESS' })
    expect(map(initial, { type: 'connection/disconnected', namespace: 'eip155' })).toBeNull()
  })

  test("behavior: 'Failed to fetch transactions' sends ERROR_FETCH_TRANSACTIONS with the network, never the address", () => {
    const listed = reduce(connected, { type: 'activity/pageRequested', key: `eip155:1|${ADDRESS}` })
    const event = map(listed, { type: 'activity/pageFailed', key: `eip155:1|${ADDRESS}`, error: { message: 'Failed to fetch transactions' } })
    expect(event).toEqual({ kind: 'track', props: { type: 'track', event: 'ERROR_FETCH_TRANSACTIONS', properties: { network: 'eip155:1', message: 'Failed to fetch transactions' } } })
    expect(JSON.stringify(event)).not.toContain(ADDRESS.slice(2))
  })

  test('behavior: error events from errorCaptured, epic/failed and error alerts', () => {
    expect(map(initial, { type: 'telemetry/errorCaptured', errorType: 'ConnectError', error: { message: 'boom', stack: 'Error: boom\n    at f (https://dapp.example/a.js:1:2)' } })).toEqual({
      kind: 'error',
      props: { type: 'error', event: 'ERROR', errorType: 'ConnectError', errorMessage: 'boom', stackTrace: 'Error: boom\n    at f (https://dapp.example/a.js:1:2)' },
    })
    expect(map(initial, { type: 'epic/failed', epic: 'balances', error: { message: 'x is undefined' } })?.props).toEqual({ type: 'error', event: 'ERROR', errorType: 'EpicFailed', errorMessage: 'balances: x is undefined' })
    expect(map(initial, { type: 'alerts/raised', alert: alertFor('SESSION_EXPIRED') })?.props).toEqual({
      type: 'error',
      event: 'ERROR',
      errorType: 'SESSION_EXPIRED',
      errorMessage: alertFor('SESSION_EXPIRED').message,
    })
    expect(map(initial, { type: 'alerts/raised', alert: alertFor('LOCAL_CONFIGURATION_IGNORED') })).toBeNull()
  })

  test('behavior: sendFailed and unrelated actions map to nothing (no report loops)', () => {
    expect(map(initial, { type: 'telemetry/sendFailed', error: { message: 'HTTP status code: 500', code: 500 } })).toBeNull()
    expect(map(initial, { type: 'modal/shakeRequested' })).toBeNull()
    expect(map(initial, { type: 'app/initialized' })).toBeNull()
  })

  test('behavior: without a before state nothing is suppressed', () => {
    expect(toAnalyticsEvent({ type: 'modal/openRequested' }, undefined, initial)?.props.event).toBe('MODAL_OPEN')
    expect(toAnalyticsEvent({ type: 'modal/closeRequested' }, undefined, initial)?.props.event).toBe('MODAL_CLOSE')
    expect(toAnalyticsEvent({ type: 'connection/disconnected', namespace: 'solana' }, undefined, initial)?.props.event).toBe('DISCONNECT_SUCCESS')
  })

  test('behavior: no emails, otps, tokens, signatures; address only in connect events', () => {
    const secret = `otp: 424242 for a@b.c, token=abc, sig 0x${'ab'.repeat(65)}, account ${ADDRESS}`
    const actions: Action[] = [
      { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'ID_AUTH', error: { message: secret } },
      { type: 'telemetry/errorCaptured', errorType: 'Frame', error: { message: secret, stack: `Error\n at https://dapp.example/x.js?email=a@b.c:1:1 ${secret}` } },
      { type: 'epic/failed', epic: 'frame', error: { message: secret } },
      { type: 'alerts/raised', alert: alertFor('IFRAME_LOAD_FAILED', secret) },
    ]
    for (const action of actions) {
      const json = JSON.stringify(map(initial, action))
      for (const leak of ['424242', 'a@b.c', 'abc,', 'abab', ADDRESS, 'email=']) expect(json).not.toContain(leak)
      expect(json).not.toContain('"address"')
    }
  })
})

describe('connectMethod', () => {
  test('default', () => {
    expect(connectMethod('walletConnect')).toBe('qrcode')
    expect(connectMethod('ID_AUTH')).toBe('email')
    expect(connectMethod('auth')).toBe('email')
    expect(connectMethod('io.metamask')).toBe('browser')
    expect(connectMethod('injected')).toBe('browser')
  })

  test('behavior: case, underscores and punctuation are ignored, so SPEC 3 type names map too', () => {
    expect(connectMethod('WALLET_CONNECT')).toBe('qrcode')
    expect(connectMethod('wallet-connect')).toBe('qrcode')
    expect(connectMethod('ID_AUTH ')).toBe('email')
    expect(connectMethod('INJECTED')).toBe('browser')
  })
})
