import type { Action, ErrorInfo } from '../../actions/types.js'
import type { SecretRef } from '../../store/secretBox.js'

/** WalletConnect pairing and session facts (SPEC 4); the provider object stays in the connector. */
export interface WalletConnectState {
  readonly status: 'idle' | 'pairing' | 'connected' | 'failed'
  /**
   * Where the pairing URI on screen (QR, copy, deep links) is kept (`deps.secrets`): it holds the
   * pairing's key, so it never enters state or the log. Null while a fresh one is on its way.
   */
  readonly uriRef: SecretRef | null
  /** When the URI expires, on the scheduler's clock; it is replaced 10 s before. */
  readonly expiresAt: number | null
  readonly error: ErrorInfo | null
  /** The registry wallet being paired, when one was chosen. */
  readonly wallet: { readonly id: string; readonly name: string } | null
  /** The wallet on the other end of the live session. */
  readonly peer: { readonly name: string; readonly url?: string; readonly icon?: string } | null
  /** The relay socket while pairing or in a session: 'reconnecting' after it dropped, 'unreachable' when that lasts, until it is back. */
  readonly relay: 'online' | 'reconnecting' | 'unreachable'
}

export const initialWalletConnectState: WalletConnectState = { status: 'idle', uriRef: null, expiresAt: null, error: null, wallet: null, peer: null, relay: 'online' }

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
