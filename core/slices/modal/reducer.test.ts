import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { ModalState } from '../../state.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { initialModalState, modalReducer } from './reducer.js'

const toUnknownChain: Action = { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' }

describe('modalReducer', () => {
  test('behavior: the wallet moving to an unsupported chain opens the modal, keeping its other flags', () => {
    const root = initialState()
    const closed: ModalState = { open: false, loading: true, shake: true }
    expect(modalReducer(closed, toUnknownChain, root)).toEqual({ open: true, loading: true, shake: true })
    const open: ModalState = { ...closed, open: true }
    expect(modalReducer(open, toUnknownChain, root)).toBe(open)
  })

  test('behavior: coming back to a supported chain, or disconnecting, closes UnsupportedChain, keeping the other flags', () => {
    const root = reduce(initialState(), toUnknownChain)
    expect(root.router.view).toBe('UnsupportedChain')
    expect(root.modal.open).toBe(true)
    const modal: ModalState = { open: true, loading: true, shake: true }
    expect(modalReducer(modal, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:1' }, root)).toEqual({ open: false, loading: true, shake: true })
    expect(modalReducer(modal, { type: 'connection/disconnected', namespace: 'eip155' }, root)).toEqual({ open: false, loading: true, shake: true })
  })

  test('behavior: loading set to what it already is keeps the same state object; a change sets only loading', () => {
    const root = initialState()
    expect(modalReducer(initialModalState, { type: 'modal/loadingChanged', loading: false }, root)).toBe(initialModalState)
    const loading: ModalState = { open: true, loading: true, shake: true }
    expect(modalReducer(loading, { type: 'modal/loadingChanged', loading: true }, root)).toBe(loading)
    expect(modalReducer(loading, { type: 'modal/loadingChanged', loading: false }, root)).toEqual({ open: true, loading: false, shake: true })
  })
})
