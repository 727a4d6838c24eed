export { initialRegistryState } from './state.js'
import type { Action } from '../../actions/types.js'
import type { RegistrySearch, RegistryState } from '../../registry/types.js'
import { idleSearch, initialRegistryState } from './state.js'

/**
 * The wallet registry (SPEC 7/9): a failure keeps the last good data; stale search answers are
 * dropped. A log recorded before this slice existed replays from the initial state.
 */
export function registryReducer(state: RegistryState = initialRegistryState, action: Action): RegistryState {
  const { search } = state
  switch (action.type) {
    case 'registry/listsRequested':
      return { ...state, status: 'loading', error: null }
    case 'registry/listsLoaded':
      return { ...state, status: 'loaded', featured: action.featured, recommended: action.recommended }
    case 'registry/listsFailed':
      return { ...state, status: 'failed', error: action.error, imagesReady: true }
    case 'registry/imagesPreloaded':
      return { ...state, imagesReady: true, brokenImages: [...state.brokenImages, ...action.failed] }
    case 'registry/pageRequested':
      return { ...state, loadingPage: action.page, error: null }
    case 'registry/pageLoaded': {
      // A registry that shifted between pages must not list a wallet twice.
      const seen = new Set(state.wallets.map((w) => w.id))
      const fresh = action.wallets.filter((w) => !seen.has(w.id))
      return { ...state, wallets: [...state.wallets, ...fresh], page: action.page, count: action.count, loadingPage: null }
    }
    case 'registry/pageFailed':
      return { ...state, loadingPage: null, error: action.error }
    case 'registry/searchRequested':
      // An empty box resets at once; typing shows the pending search while the debounce runs.
      return action.query.trim() === '' ? (search === idleSearch ? state : { ...state, search: idleSearch }) : { ...state, search: { ...search, status: 'loading' } }
    case 'registry/searchStarted':
      return { ...state, search: { ...search, query: action.query, status: 'loading', error: null } }
    case 'registry/searchLoaded':
      return action.query !== search.query ? state : { ...state, search: { ...search, status: 'loaded', wallets: action.wallets, count: action.count } }
    case 'registry/searchFailed':
      return action.query !== search.query ? state : { ...state, search: { ...search, status: 'failed', error: action.error } }
    case 'registry/walletSelected':
      return { ...state, selected: action.wallet }
    default:
      return state
  }
}
