import type { Action } from '../../actions/types.js'
import type { RequestsState } from '../../state.js'

export { initialRequestsState } from './state.js'

/** Wallet requests in flight (method and namespace only, never payloads). */
export function requestsReducer(state: RequestsState, action: Action): RequestsState {
  switch (action.type) {
    case 'wallet/requestSent':
      return { pending: { ...state.pending, [action.id]: { method: action.method, namespace: action.namespace } } }
    case 'wallet/requestSucceeded':
    case 'wallet/requestFailed': {
      if (!(action.id in state.pending)) return state
      const { [action.id]: _done, ...pending } = state.pending
      return { pending }
    }
    default:
      return state
  }
}
