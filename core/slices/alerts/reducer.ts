import type { Action } from '../../actions/types.js'
import type { Alert } from '../../errors/alerts.js'

/** Raised alerts, one per code (raising again replaces the message), newest last. */
export function alertsReducer(state: readonly Alert[], action: Action): readonly Alert[] {
  switch (action.type) {
    case 'alerts/raised': {
      const rest = state.filter((alert) => alert.code !== action.alert.code)
      return [...rest, action.alert]
    }
    case 'alerts/dismissed':
      return state.some((alert) => alert.code === action.code) ? state.filter((alert) => alert.code !== action.code) : state
    default:
      return state
  }
}
