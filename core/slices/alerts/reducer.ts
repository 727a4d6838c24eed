import type { Action } from '../../actions/types.js'
import type { Alert, AlertCode } from '../../errors/alerts.js'

/** Raised alerts, one per code (raising again replaces the message), newest last. */
export function alertsReducer(state: readonly Alert[], action: Action): readonly Alert[] {
  switch (action.type) {
    case 'alerts/raised': {
      const rest = state.filter((alert) => alert.code !== action.alert.code)
      return [...rest, action.alert]
    }
    case 'alerts/dismissed':
      return without(state, action.code)
    // A later success makes the embedded wallet's failure alerts stale: the frame loaded, or it answered.
    case 'frame/ready':
      return without(state, 'IFRAME_LOAD_FAILED')
    case 'frame/requestSucceeded':
      return without(state, 'IFRAME_REQUEST_TIMEOUT')
    default:
      return state
  }
}

function without(state: readonly Alert[], code: AlertCode): readonly Alert[] {
  return state.some((alert) => alert.code === code) ? state.filter((alert) => alert.code !== code) : state
}
