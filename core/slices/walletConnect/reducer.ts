export { initialWalletConnectState, type WalletConnectState } from './state.js'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { initialWalletConnectState, type WalletConnectState } from './state.js'

/** Leaving the QR view or closing the modal drops a pairing in progress. */
const CANCELLING: readonly Action['type'][] = ['walletConnect/pairingCancelled', 'modal/closeRequested', 'router/backRequested', 'router/resetRequested']

/** Facts about the page, not the pairing: they outlive every reset of the slice. */
const kept = (state: WalletConnectState): Pick<WalletConnectState, 'storage'> => (state.storage ? { storage: state.storage } : {})

/**
 * The WalletConnect pairing as plain data (SPEC 4): the URI shown and when it expires, the wallet
 * being paired, the error with its retry, the peer once a session is live, and whether the SDK's
 * data lives in memory only.
 */
// The default keeps logs recorded before this slice existed replayable.
export function walletConnectReducer(state: WalletConnectState = initialWalletConnectState, action: Action): WalletConnectState {
  if (CANCELLING.includes(action.type)) {
    return state.status === 'pairing' || state.status === 'failed' ? { ...initialWalletConnectState, peer: state.peer, ...kept(state) } : state
  }
  switch (action.type) {
    case 'walletConnect/connectRequested':
      return { ...initialWalletConnectState, status: 'pairing', wallet: action.wallet ?? null, ...kept(state) }
    case 'walletConnect/uriReceived':
      return state.status === 'pairing' ? { ...state, uriRef: action.uriRef, expiresAt: action.expiresAt } : state
    case 'walletConnect/pairingExpired':
      // The old code must not be scanned any more; the fresh one follows.
      return state.uriRef === action.uriRef ? { ...state, uriRef: null, expiresAt: null } : state
    case 'walletConnect/sessionSettled':
      return { ...initialWalletConnectState, status: 'connected', peer: action.peer, ...kept(state) }
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
      if (state.status === 'idle' && state.peer === null) return state
      return state.storage ? { ...initialWalletConnectState, ...kept(state) } : initialWalletConnectState
    case 'walletConnect/storageRecovered':
      // A reset leaves storage working; memory lasts until the page goes.
      return action.reason === 'reset' || state.storage === action.reason ? state : { ...state, storage: action.reason }
    default:
      return state
  }
}
