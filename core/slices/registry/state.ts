import type { RegistrySearch, RegistryState } from '../../registry/types.js'

export const idleSearch: RegistrySearch = { query: '', status: 'idle', wallets: [], count: 0, error: null }

/** Apart from the reducer, so the page's first JavaScript has the state and not the code that changes it (it loads late). */
export const initialRegistryState: RegistryState = {
  status: 'idle',
  featured: [],
  recommended: [],
  imagesReady: false,
  brokenImages: [],
  wallets: [],
  page: 0,
  count: null,
  loadingPage: null,
  error: null,
  search: idleSearch,
  selected: null,
}
