import type { Action } from '../../actions/types.js'
import type { BalancesState } from '../../state.js'

export { initialBalancesState } from './state.js'

/** Native balances with their fetch times; the balance epic decides when to fetch (SPEC 9 caches). */
export function balancesReducer(state: BalancesState, action: Action): BalancesState {
  switch (action.type) {
    case 'balance/fetchRequested':
      return state.loading[action.caipAddress] ? state : { ...state, loading: { ...state.loading, [action.caipAddress]: true } }
    case 'balance/fetched': {
      const { [action.caipAddress]: _failed, ...failedAt } = state.failedAt
      const { [action.caipAddress]: _loading, ...loading } = state.loading
      return {
        native: { ...state.native, [action.caipAddress]: { value: action.value, decimals: action.decimals, symbol: action.symbol, fetchedAt: action.at } },
        failedAt,
        loading,
      }
    }
    // Queued: no spinner while the retry pause runs; the fetch marks itself started when it begins.
    case 'balance/fetchQueued':
    case 'balance/fetchSkipped': {
      if (!state.loading[action.caipAddress]) return state
      const { [action.caipAddress]: _loading, ...loading } = state.loading
      return { ...state, loading }
    }
    case 'balance/fetchFailed': {
      const { [action.caipAddress]: _loading, ...loading } = state.loading
      return { ...state, failedAt: { ...state.failedAt, [action.caipAddress]: action.at }, loading }
    }
    default:
      return state
  }
}
