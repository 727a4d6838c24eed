import type { Action } from '../../actions/types.js'
import type { AirlockState, ModalState } from '../../state.js'
import { leavesUnsupportedChain, opensUnsupportedChain } from '../network/opensUnsupportedChain.js'
import { selectSiwxCloseDisabled } from '../siwx/selectors.js'

export const initialModalState: ModalState = { open: false, loading: false, shake: false }

const CONNECTING_VIEWS: readonly string[] = ['ConnectingExternal', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic', 'ConnectingSocial', 'ConnectingFarcaster']

/** Modal flags (SPEC 4): open, loading, shake. Back on the last view closes. */
export function modalReducer(state: ModalState, action: Action, root: AirlockState): ModalState {
  if (opensUnsupportedChain(action, root)) return state.open ? state : { ...state, open: true }
  if (leavesUnsupportedChain(action, root)) return { ...state, open: false }
  switch (action.type) {
    case 'connection/accountConnected':
      // A connection the person just made from the modal closes it, as the rivals do.
      return state.open && CONNECTING_VIEWS.includes(root.router.view) ? { ...state, open: false } : state
    case 'modal/openRequested':
      return state.open ? state : { ...state, open: true }
    case 'modal/closeRequested':
      // SPEC 4: a required sign-in with no session cannot be closed away (the guard epic shakes instead).
      if (selectSiwxCloseDisabled(root)) return state
      return state.open || state.shake ? { ...state, open: false, shake: false } : state
    case 'router/backRequested':
      return root.router.history.length <= 1 && state.open && !selectSiwxCloseDisabled(root) ? { ...state, open: false } : state
    case 'modal/loadingChanged':
      return state.loading === action.loading ? state : { ...state, loading: action.loading }
    case 'modal/shakeRequested':
      return state.shake ? state : { ...state, shake: true }
    case 'modal/shakeEnded':
      return state.shake ? { ...state, shake: false } : state
    default:
      return state
  }
}
