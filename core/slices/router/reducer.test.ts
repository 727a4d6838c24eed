import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { initialState, reduce } from '../../../tests/support/state.js'

const open: Action = { type: 'modal/openRequested' }
const back: Action = { type: 'router/backRequested' }
const started = (isMobile: boolean): Action => ({ type: 'app/started', environment: { origin: 'http://localhost:3000', pageUrl: 'http://localhost:3000/', isMobile, ssr: false } })
const connected: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: 'eip155:1:0x1111111111111111111111111111111111111111', connectorId: 'io.metamask' }

describe('router and modal', () => {
  test('default: closed, on Connect', () => {
    const state = initialState()
    expect(state.modal).toEqual({ open: false, loading: false, shake: false })
    expect(state.router).toEqual({ view: 'Connect', history: ['Connect'], transition: null, data: null })
  })

  test('behavior: open resets to Connect when disconnected and to Account when connected', () => {
    const pushed = reduce(initialState(), open, { type: 'router/pushRequested', view: 'AllWallets' }, { type: 'modal/closeRequested' }, open)
    expect(pushed.router.history).toEqual(['Connect'])
    const state = reduce(initialState(), connected, open)
    expect(state.modal.open).toBe(true)
    expect(state.router).toMatchObject({ view: 'Account', history: ['Account'] })
  })

  test('behavior: a cached (connecting) address does not open Account', () => {
    const state = reduce(
      initialState(),
      { type: 'storage/hydrated', backend: 'memory', values: { connections: { eip155: { connectorId: 'x', caipAddress: connected.type === 'connection/accountConnected' ? connected.caipAddress : 'eip155:1:0x' } }, connectionStatus: { eip155: 'connected' } } },
      open,
    )
    expect(state.connection.namespaces.eip155?.status).toBe('connecting')
    expect(state.router.view).toBe('Connect')
  })

  test('parameters: view', () => {
    expect(reduce(initialState(), { type: 'modal/openRequested', view: 'Networks' }).router.view).toBe('Networks')
  })

  test('behavior: on mobile with no adapters the modal opens AllWallets', () => {
    expect(reduce(initialState(), started(true), open).router.view).toBe('AllWallets')
    expect(reduce(initialState(), started(true), { type: 'adapters/registered', namespaces: ['eip155'] }, open).router.view).toBe('Connect')
    expect(reduce(initialState(), started(false), open).router.view).toBe('Connect')
  })

  test('behavior: push goes next, back pops and goes prev', () => {
    const state = reduce(initialState(), open, { type: 'router/pushRequested', view: 'AllWallets' }, { type: 'router/pushRequested', view: 'ConnectingExternal', data: { wallet: 'x' } })
    expect(state.router).toEqual({ view: 'ConnectingExternal', history: ['Connect', 'AllWallets', 'ConnectingExternal'], transition: 'next', data: { wallet: 'x' } })
    const popped = reduce(state, back)
    expect(popped.router).toEqual({ view: 'AllWallets', history: ['Connect', 'AllWallets'], transition: 'prev', data: null })
    expect(popped.modal.open).toBe(true)
  })

  test('behavior: back from a two-view history keeps the modal open on the first view', () => {
    // The boundary of "back closes only on the last view": two views are not the last one.
    const state = reduce(initialState(), open, { type: 'router/pushRequested', view: 'AllWallets' }, back)
    expect(state.router).toEqual({ view: 'Connect', history: ['Connect'], transition: 'prev', data: null })
    expect(state.modal.open).toBe(true)
    // Only the next back, now on the last view, closes it.
    expect(reduce(state, back).modal.open).toBe(false)
  })

  test('behavior: back with one view left closes the modal', () => {
    const state = reduce(initialState(), open, back)
    expect(state.modal.open).toBe(false)
    expect(state.router.history).toEqual(['Connect'])
  })

  test('behavior: pushing the current view with the same data is a no-op', () => {
    const once = reduce(initialState(), open, { type: 'router/pushRequested', view: 'Networks' })
    expect(reduce(once, { type: 'router/pushRequested', view: 'Networks' })).toBe(once)
  })

  test('behavior: replace swaps the top view, reset starts a new history', () => {
    const state = reduce(initialState(), open, { type: 'router/pushRequested', view: 'AllWallets' }, { type: 'router/replaceRequested', view: 'Networks' })
    expect(state.router.history).toEqual(['Connect', 'Networks'])
    expect(reduce(state, { type: 'router/resetRequested', view: 'Account' }).router).toEqual({ view: 'Account', history: ['Account'], transition: null, data: null })
  })

  test('behavior: loading and shake flags; close clears shake', () => {
    const state = reduce(initialState(), open, { type: 'modal/loadingChanged', loading: true }, { type: 'modal/shakeRequested' })
    expect(state.modal).toEqual({ open: true, loading: true, shake: true })
    expect(reduce(state, { type: 'modal/closeRequested' }).modal).toEqual({ open: false, loading: true, shake: false })
  })

  test('behavior: unknown actions leave the state object untouched', () => {
    const state = initialState()
    expect(reduce(state, { type: 'nothing/happened' } as unknown as Action)).toBe(state)
  })
})

describe('modal after connecting', () => {
  test('behavior: a connection made from a connecting view closes the modal', () => {
    const state = reduce(initialState(), open, { type: 'router/pushRequested', view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } }, connected)
    expect(state.modal.open).toBe(false)
  })

  test('behavior: a connection confirmed in the background leaves the modal alone', () => {
    const state = reduce(initialState(), { type: 'modal/openRequested', view: 'Networks' }, connected)
    expect(state.modal.open).toBe(true)
  })
})

describe('router: exact next states', () => {
  test('behavior: the wallet moving to an unsupported chain starts a new history at UnsupportedChain', () => {
    const deep = reduce(initialState(), open, { type: 'router/pushRequested', view: 'AllWallets', data: { q: 'x' } })
    const state = reduce(deep, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
    expect(state.router).toEqual({ view: 'UnsupportedChain', history: ['UnsupportedChain'], transition: null, data: null })
  })

  test('behavior: replace swaps only the top of a longer history, goes next and carries its data', () => {
    const deep = reduce(initialState(), open, { type: 'router/pushRequested', view: 'AllWallets' }, { type: 'router/pushRequested', view: 'ConnectingExternal', data: { wallet: 'x' } })
    const replaced = reduce(deep, { type: 'router/replaceRequested', view: 'ConnectingWalletConnect', data: { wallet: 'y' } })
    expect(replaced.router).toEqual({ view: 'ConnectingWalletConnect', history: ['Connect', 'AllWallets', 'ConnectingWalletConnect'], transition: 'next', data: { wallet: 'y' } })
    // With one view, replace leaves one view; without data, data is null.
    expect(reduce(initialState(), open, { type: 'router/replaceRequested', view: 'Networks' }).router).toEqual({ view: 'Networks', history: ['Networks'], transition: 'next', data: null })
  })

  test('behavior: pushing the current view with other data, or without the data it has, is a new step', () => {
    const at = reduce(initialState(), open, { type: 'router/pushRequested', view: 'ConnectingExternal', data: { wallet: 'x' } })
    expect(reduce(at, { type: 'router/pushRequested', view: 'ConnectingExternal', data: { wallet: 'x' } })).toBe(at)
    expect(reduce(at, { type: 'router/pushRequested', view: 'ConnectingExternal', data: { wallet: 'y' } }).router).toEqual({
      view: 'ConnectingExternal',
      history: ['Connect', 'ConnectingExternal', 'ConnectingExternal'],
      transition: 'next',
      data: { wallet: 'y' },
    })
    expect(reduce(at, { type: 'router/pushRequested', view: 'ConnectingExternal' }).router).toEqual({
      view: 'ConnectingExternal',
      history: ['Connect', 'ConnectingExternal', 'ConnectingExternal'],
      transition: 'next',
      data: null,
    })
  })
})
