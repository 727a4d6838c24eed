export { initialWalletConnectState, type WalletConnectState } from './state.js'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { initialWalletConnectState, type WalletConnectState } from './state.js'

/** Leaving the QR view or closing the modal drops a pairing in progress. */
const CANCELLING: readonly Action['type'][] = ['walletConnect/pairingCancelled', 'modal/closeRequested', 'router/backRequested', 'router/resetRequested']

/**
 * The WalletConnect pairing as plain data (SPEC 4): the URI shown and when it expires, the wallet
 * being paired, the error with its retry, and the peer once a session is live.
 */
// The default keeps logs recorded before this slice existed replayable.
export function walletConnectReducer(state: WalletConnectState = initialWalletConnectState, action: Action): WalletConnectState {
  if (CANCELLING.includes(action.type)) {
    return state.status === 'pairing' || state.status === 'failed' ? { ...initialWalletConnectState, peer: state.peer } : state
  }
  switch (action.type) {
    case 'walletConnect/connectRequested':
      return { ...initialWalletConnectState, status: 'pairing', wallet: action.wallet ?? null }
    case 'walletConnect/uriReceived':
      return state.status === 'pairing' ? { ...state, uriRef: action.uriRef, expiresAt: action.expiresAt } : state
    case 'walletConnect/pairingExpired':
      // The old code must not be scanned any more; the fresh one follows.
      return state.uriRef === action.uriRef ? { ...state, uriRef: null, expiresAt: null } : state
    case 'walletConnect/sessionSettled':
      return { ...initialWalletConnectState, status: 'connected', peer: action.peer }
    case 'walletConnect/connectFailed':
      return { ...state, status: 'failed', uriRef: null, expiresAt: null, error: action.error }
    case 'walletConnect/relayDisconnected':
      // Only a pairing or a live session has a socket worth reporting.
      return state.relay === 'online' && (state.status === 'pairing' || state.status === 'connected') ? { ...state, relay: 'reconnecting' } : state
    case 'walletConnect/relayReconnected':
      return state.relay === 'online' ? state : { ...state, relay: 'online' }
    case 'walletConnect/relayUnreachable':
      return state.relay === 'reconnecting' ? { ...state, relay: 'unreachable' } : state
    case 'walletConnect/sessionEnded':
      return state.status === 'idle' && state.peer === null ? state : initialWalletConnectState
    default:
      return state
  }
}
