import type { Action } from '../../actions/types.js'
import type { AirlockState, SiwxState } from '../../state.js'

export const initialSiwxState: SiwxState = { status: 'idle', caipAddress: null, required: false, sessions: [], error: null }

/**
 * The sign-in slice (SPEC 4 "Sign-in flow"): which account was checked, its sessions (as
 * metadata), whether sign-in is required, and the error the view shows. Disconnecting the
 * account's namespace forgets it all; the stored sessions stay with the siwx config. Logs
 * recorded before this slice existed replay from its initial state.
 */
export function siwxReducer(state: SiwxState = initialSiwxState, action: Action, root?: AirlockState): SiwxState {
  switch (action.type) {
    case 'siwx/checkStarted':
      return { ...initialSiwxState, required: state.required, status: 'checking', caipAddress: action.caipAddress }
    case 'siwx/sessionsChecked':
      return { status: action.sessions.length > 0 ? 'signedIn' : 'signedOut', caipAddress: action.caipAddress, required: action.required, sessions: action.sessions, error: null }
    case 'siwx/checkFailed':
      return { ...state, status: 'failed', caipAddress: action.caipAddress, sessions: [], error: action.error }
    case 'siwx/signRequested':
      // Without sign-in configured nothing would ever answer: no `signing` that never ends.
      if (root && !root.options.siwxEnabled) return state
      return state.status === 'signing' ? state : { ...state, status: 'signing', error: null }
    case 'siwx/signedIn':
      return {
        ...state,
        status: 'signedIn',
        caipAddress: action.caipAddress,
        sessions: [...state.sessions.filter((s) => s.caipAddress !== action.session.caipAddress), action.session],
        error: null,
      }
    case 'siwx/signFailed':
      return { ...state, status: state.sessions.length > 0 ? 'signedIn' : 'signedOut', error: action.error }
    case 'siwx/cancelRequested':
      return state.status === 'signing' || state.error ? { ...state, status: state.sessions.length > 0 ? 'signedIn' : 'signedOut', error: null } : state
    case 'siwx/signedOut':
      return { ...state, status: 'signedOut', sessions: [], error: null }
    case 'siwx/signOutFailed':
      return { ...state, error: action.error }
    case 'connection/disconnected':
      return state.caipAddress?.startsWith(`${action.namespace}:`) ? { ...initialSiwxState, required: state.required } : state
    default:
      return state
  }
}
