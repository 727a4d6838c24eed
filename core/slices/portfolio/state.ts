import type { ActivityState, NameSearch, PortfolioState } from '../../portfolio/types.js'

export const initialActivityState: ActivityState = { key: null, transactions: [], loading: false, empty: false, next: null, error: null }
export const initialNameSearch: NameSearch = { query: '', status: 'idle', taken: false, suggestions: [], error: null }

/** Nothing fetched yet: the Account view asks for what it shows (core/portfolio/portfolioEpics.ts). */
export const initialPortfolioState: PortfolioState = {
  tokens: {},
  nfts: {},
  brokenImages: [],
  identity: {},
  activity: initialActivityState,
  pending: [],
  send: { status: 'idle', summary: null, hash: null, error: null },
  nameSearch: initialNameSearch,
  registration: { status: 'idle', name: null, error: null },
}
