import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { initialWalletConnectState, walletConnectReducer } from './reducer.js'

// The slice holds a reference to the URI (in the secret box), never the URI with its key.
const URI = 'secret:1' as const
const fold = (...actions: Action[]) => actions.reduce(walletConnectReducer, initialWalletConnectState)
const requested: Action = { type: 'walletConnect/connectRequested', wallet: { id: 'w1', name: 'Wallet One' } }
const uri: Action = { type: 'walletConnect/uriReceived', uriRef: URI, expiresAt: 240_000 }

describe('walletConnectReducer', () => {
  test('default: idle with nothing shown', () => {
    expect(initialWalletConnectState).toEqual({ status: 'idle', uriRef: null, expiresAt: null, error: null, wallet: null, peer: null, relay: 'online' })
  })

  test('behavior: a request starts pairing for the chosen wallet, the URI and its expiry follow', () => {
    expect(fold(requested, uri)).toEqual({ status: 'pairing', uriRef: URI, expiresAt: 240_000, error: null, wallet: { id: 'w1', name: 'Wallet One' }, peer: null, relay: 'online' })
  })

  test('behavior: a URI with no pairing in progress is ignored (a late event)', () => {
    expect(fold(uri)).toBe(initialWalletConnectState)
  })

  test('behavior: expiry clears the matching URI only, the pairing goes on', () => {
    expect(fold(requested, uri, { type: 'walletConnect/pairingExpired', uriRef: URI })).toMatchObject({ status: 'pairing', uriRef: null, expiresAt: null })
    expect(fold(requested, uri, { type: 'walletConnect/pairingExpired', uriRef: 'secret:other' })).toMatchObject({ uriRef: URI })
  })

  test('behavior: failure keeps the wallet, drops the URI and shows the error', () => {
    expect(fold(requested, uri, { type: 'walletConnect/connectFailed', error: { message: 'User rejected the request.', code: 5000 } })).toEqual({
      status: 'failed',
      uriRef: null,
      expiresAt: null,
      error: { message: 'User rejected the request.', code: 5000 },
      wallet: { id: 'w1', name: 'Wallet One' },
      peer: null,
      relay: 'online',
    })
  })

  test('behavior: settle keeps only the peer; the session end resets everything', () => {
    const settled = fold(requested, uri, { type: 'walletConnect/sessionSettled', peer: { name: 'Peer' }, accounts: [], restored: false })
    expect(settled).toEqual({ ...initialWalletConnectState, status: 'connected', peer: { name: 'Peer' } })
    expect(walletConnectReducer(settled, { type: 'walletConnect/sessionEnded', reason: 'wallet' })).toEqual(initialWalletConnectState)
  })

  test('behavior: closing the modal or going back cancels a pairing but not a live session', () => {
    for (const type of ['modal/closeRequested', 'router/backRequested', 'walletConnect/pairingCancelled'] as const) {
      expect(fold(requested, uri, { type } as Action)).toEqual(initialWalletConnectState)
    }
    const settled = fold({ type: 'walletConnect/sessionSettled', peer: { name: 'Peer' }, accounts: [], restored: true })
    expect(walletConnectReducer(settled, { type: 'modal/closeRequested' })).toBe(settled)
  })

  test('behavior: a dropped relay shows reconnecting while pairing or in a session, until it is back', () => {
    const down: Action = { type: 'walletConnect/relayDisconnected' }
    const back: Action = { type: 'walletConnect/relayReconnected' }
    const settled = fold({ type: 'walletConnect/sessionSettled', peer: { name: 'Peer' }, accounts: [], restored: false })
    const dropped = walletConnectReducer(settled, down)
    expect(dropped).toEqual({ ...settled, relay: 'reconnecting' })
    // A second drop report changes nothing; the reconnect restores the session as it was.
    expect(walletConnectReducer(dropped, down)).toBe(dropped)
    expect(walletConnectReducer(dropped, back)).toEqual(settled)
    expect(fold(requested, uri, down)).toMatchObject({ status: 'pairing', uriRef: URI, relay: 'reconnecting' })
    // Nothing to reconnect: idle ignores the socket; a stray reconnect keeps the identity.
    expect(fold(down)).toBe(initialWalletConnectState)
    expect(walletConnectReducer(settled, back)).toBe(settled)
    // Down for long: unreachable (only from reconnecting), cleared by the socket coming back.
    const unreachable = walletConnectReducer(dropped, { type: 'walletConnect/relayUnreachable' })
    expect(unreachable.relay).toBe('unreachable')
    expect(walletConnectReducer(unreachable, down)).toBe(unreachable)
    expect(walletConnectReducer(settled, { type: 'walletConnect/relayUnreachable' })).toBe(settled)
    expect(walletConnectReducer(unreachable, back)).toEqual(settled)
    // The session ending (or a new pairing) clears it.
    expect(walletConnectReducer(dropped, { type: 'walletConnect/sessionEnded', reason: 'wallet' })).toEqual(initialWalletConnectState)
    expect(walletConnectReducer(fold(requested, uri, down), requested).relay).toBe('online')
  })

  test('behavior: storage in memory (full or unusable) is kept for the visit, through pairings, sessions and cancels; a reset changes nothing', () => {
    const full: Action = { type: 'walletConnect/storageRecovered', reason: 'full' }
    expect(walletConnectReducer(initialWalletConnectState, { type: 'walletConnect/storageRecovered', reason: 'reset' })).toBe(initialWalletConnectState)
    const pairing = fold(requested, full, uri)
    expect(pairing).toEqual({ status: 'pairing', uriRef: URI, expiresAt: 240_000, error: null, wallet: { id: 'w1', name: 'Wallet One' }, peer: null, relay: 'online', storage: 'full' })
    expect(walletConnectReducer(pairing, full)).toBe(pairing)
    const settled = walletConnectReducer(pairing, { type: 'walletConnect/sessionSettled', peer: { name: 'Peer' }, accounts: [], restored: false })
    const ended = walletConnectReducer(settled, { type: 'walletConnect/sessionEnded', reason: 'user' })
    expect([settled.storage, ended.storage, fold(full, requested, { type: 'modal/closeRequested' }).storage, fold(full, requested).storage]).toEqual(['full', 'full', 'full', 'full'])
    expect(fold(full, { type: 'walletConnect/storageRecovered', reason: 'unavailable' }).storage).toBe('unavailable')
  })

  test('behavior: unrelated actions keep the identity', () => {
    const state = fold(requested, uri)
    expect(walletConnectReducer(state, { type: 'modal/shakeRequested' })).toBe(state)
  })
})
