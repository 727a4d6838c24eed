import type { Action } from '../../actions/types.js'
import type { ResolvedOptions } from '../../options/resolveOptions.js'

/** Options are fixed at creation, except the remote-decidable features (SPEC 1). */
export function optionsReducer(state: ResolvedOptions, action: Action): ResolvedOptions {
  switch (action.type) {
    case 'options/remoteConfigLoaded':
      return { ...state, features: { ...state.features, ...action.features } }
    case 'options/analyticsConfigLoaded':
      // The project can only turn analytics off: a host that turned it off keeps it off.
      return action.enabled || !state.features.analytics ? state : { ...state, features: { ...state.features, analytics: false } }
    default:
      return state
  }
}
