import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { alertFor } from '../../errors/alerts.js'
import { alertsReducer } from './reducer.js'

const raised = (code: Parameters<typeof alertFor>[0]): Action => ({ type: 'alerts/raised', alert: alertFor(code) })
const fold = (...actions: Action[]) => actions.reduce(alertsReducer, [] as ReturnType<typeof alertsReducer>)

describe('alertsReducer', () => {
  test('default: one alert per code, newest last; dismissed removes it', () => {
    const state = fold(raised('IFRAME_LOAD_FAILED'), raised('SESSION_EXPIRED'), raised('IFRAME_LOAD_FAILED'))
    expect(state.map((a) => a.code)).toEqual(['SESSION_EXPIRED', 'IFRAME_LOAD_FAILED'])
    expect(alertsReducer(state, { type: 'alerts/dismissed', code: 'SESSION_EXPIRED' }).map((a) => a.code)).toEqual(['IFRAME_LOAD_FAILED'])
  })

  test('behavior: "Network Error - Could not load embedded wallet" clears once the frame is ready (a later success, review 4a); other alerts stay', () => {
    const state = fold(raised('IFRAME_LOAD_FAILED'), raised('SESSION_EXPIRED'), { type: 'frame/loadStarted', url: 'https://secure.example' })
    expect(state.map((a) => a.code)).toEqual(['IFRAME_LOAD_FAILED', 'SESSION_EXPIRED'])
    expect(alertsReducer(state, { type: 'frame/ready' }).map((a) => a.code)).toEqual(['SESSION_EXPIRED'])
  })

  test('behavior: "Embedded Wallet Request Timed Out" clears when the frame answers a later request', () => {
    const state = fold(raised('IFRAME_REQUEST_TIMEOUT'))
    expect(alertsReducer(state, { type: 'frame/requestFailed', id: 'k2', name: 'GET_USER', error: { message: 'x' }, reason: 'error' })).toBe(state)
    expect(alertsReducer(state, { type: 'frame/requestSucceeded', id: 'k2', name: 'GET_USER' })).toEqual([])
  })
})
