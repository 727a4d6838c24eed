import type { Action } from '../../actions/types.js'
import type { View } from '../../actions/views.js'
import type { AirlockState, RouterState } from '../../state.js'
import { selectIsConnected } from '../connection/selectors.js'
import { opensUnsupportedChain } from '../network/opensUnsupportedChain.js'

export const initialRouterState: RouterState = { view: 'Connect', history: ['Connect'], transition: null, data: null }

/**
 * The view history (SPEC 2): push goes `next`, back pops and goes `prev`,
 * opening resets to Account when connected, else Connect (or AllWallets on
 * mobile with no adapters).
 */
export function routerReducer(state: RouterState, action: Action, root: AirlockState): RouterState {
  if (opensUnsupportedChain(action, root)) return { view: 'UnsupportedChain', history: ['UnsupportedChain'], transition: null, data: null }
  switch (action.type) {
    case 'modal/openRequested': {
      const view = action.view ?? defaultView(root)
      return { view, history: [view], transition: null, data: action.data ?? null }
    }
    case 'router/pushRequested':
      if (state.view === action.view && sameData(state.data, action.data)) return state
      return { view: action.view, history: [...state.history, action.view], transition: 'next', data: action.data ?? null }
    case 'router/replaceRequested':
      return { view: action.view, history: [...state.history.slice(0, -1), action.view], transition: 'next', data: action.data ?? null }
    case 'router/backRequested': {
      if (state.history.length <= 1) return state
      const history = state.history.slice(0, -1)
      return { view: history[history.length - 1]!, history, transition: 'prev', data: null }
    }
    case 'router/resetRequested':
      return { view: action.view, history: [action.view], transition: null, data: null }
    default:
      return state
  }
}

function defaultView(root: AirlockState): View {
  if (selectIsConnected(root)) return 'Account'
  // SPEC 2: on mobile with no adapters (no wallets enabled here) the list of all wallets opens.
  if (root.app.environment.isMobile && root.app.adapters.length === 0) return 'AllWallets'
  return 'Connect'
}

function sameData(a: Readonly<Record<string, unknown>> | null, b: Record<string, unknown> | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}
