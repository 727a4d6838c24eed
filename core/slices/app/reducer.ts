import type { Action } from '../../actions/types.js'
import type { AppState } from '../../state.js'

export const initialAppState: AppState = {
  started: false,
  initialized: false,
  environment: { origin: null, pageUrl: null, isMobile: false, ssr: true },
  adapters: [],
  remoteConfig: 'idle',
  originCheck: 'pending',
  storage: { hydrated: false, backend: null },
}

/** Start-up facts: environment, remote config, origin check, storage hydration. */
export function appReducer(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'app/started':
      return { ...state, started: true, environment: action.environment }
    case 'app/initialized':
      return state.initialized ? state : { ...state, initialized: true }
    case 'adapters/registered':
      return { ...state, adapters: [...new Set([...state.adapters, ...action.namespaces])] }
    case 'options/remoteConfigRequested':
      return { ...state, remoteConfig: 'loading' }
    case 'options/remoteConfigLoaded':
      return { ...state, remoteConfig: 'loaded' }
    case 'options/remoteConfigFailed':
      return { ...state, remoteConfig: 'failed' }
    case 'options/originChecked':
      return { ...state, originCheck: action.allowed ? 'allowed' : 'denied' }
    case 'options/originCheckFailed':
      return { ...state, originCheck: 'failed' }
    case 'options/originCheckSkipped':
      return { ...state, originCheck: 'skipped' }
    case 'storage/hydrated':
      return { ...state, storage: { hydrated: true, backend: action.backend } }
    default:
      return state
  }
}
