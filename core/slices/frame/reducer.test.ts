import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { frameReducer, initialFrameState } from './reducer.js'

const fold = (...actions: Action[]) => actions.reduce(frameReducer, initialFrameState)
const sent: Action = { type: 'frame/requestSent', id: 'a', name: 'GET_USER', message: { id: 'a', type: '@airlock-app/GET_USER' }, timeoutMs: 20_000 }

describe('frameReducer', () => {
  test('default: idle, nothing pending', () => {
    expect(initialFrameState).toEqual({ status: 'idle', version: null, visible: false, pending: {}, error: null })
  })

  test('behavior: loading, then ready after frame/ready, with the version from READY', () => {
    const state = fold({ type: 'frame/loadStarted', url: 'u' }, { type: 'frame/readyReceived', version: '1' }, { type: 'frame/ready' })
    expect(state).toMatchObject({ status: 'ready', version: '1' })
  })

  test('behavior: a failed load keeps its error until the next load starts', () => {
    const failed = fold({ type: 'frame/loadStarted', url: 'u' }, { type: 'frame/loadFailed', error: { message: 'x' } })
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'x' } })
    expect(frameReducer(failed, { type: 'frame/ready' }).status).toBe('failed')
    expect(frameReducer(failed, { type: 'frame/loadStarted', url: 'u' })).toMatchObject({ status: 'loading', error: null })
  })

  test('behavior: pending requests end on success or failure; a second ending changes nothing', () => {
    const pending = fold(sent)
    expect(pending.pending).toEqual({ a: { name: 'GET_USER' } })
    const done = frameReducer(pending, { type: 'frame/requestSucceeded', id: 'a', name: 'GET_USER' })
    expect(done.pending).toEqual({})
    expect(frameReducer(done, { type: 'frame/requestFailed', id: 'a', name: 'GET_USER', error: { message: 'late' }, reason: 'timeout' })).toBe(done)
    const failed = frameReducer(pending, { type: 'frame/requestFailed', id: 'a', name: 'GET_USER', error: { message: 'e' }, reason: 'error' })
    expect(failed).toMatchObject({ pending: {}, error: { message: 'e' } })
  })

  test('behavior: visibility, and unrelated actions keep identity', () => {
    const shown = fold({ type: 'frame/visibilityRequested', visible: true })
    expect(shown.visible).toBe(true)
    expect(frameReducer(shown, { type: 'frame/visibilityRequested', visible: true })).toBe(shown)
    expect(frameReducer(shown, { type: 'modal/closeRequested' })).toBe(shown)
  })
})
