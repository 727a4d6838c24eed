import type { Action } from './actions/types.js'
import { appReducer } from './slices/app/reducer.js'
import { connectionReducer } from './slices/connection/reducer.js'
import { connectorsReducer } from './slices/connectors/reducer.js'
import { modalReducer } from './slices/modal/reducer.js'
import { optionsReducer } from './slices/options/reducer.js'
import { routerReducer } from './slices/router/reducer.js'
import { siwxReducer } from './slices/siwx/reducer.js'
import { themeReducer } from './slices/theme/reducer.js'
import type { AirlockState } from './state.js'

/**
 * Folds one action into every slice except the late ones (core/lateSliceKeys.ts), which it leaves
 * as they are. Slices that need to read another slice get the state before the action (`root`),
 * so the order of slices never matters and the function stays pure. Unchanged slices keep their
 * identity.
 * @example const next = reduceEagerSlices(state, { type: 'modal/openRequested' })
 */
export function reduceEagerSlices(state: AirlockState, action: Action): AirlockState {
  const options = optionsReducer(state.options, action)
  const app = appReducer(state.app, action)
  const modal = modalReducer(state.modal, action, state)
  const router = routerReducer(state.router, action, state)
  const connection = connectionReducer(state.connection, action, state)
  const connectors = connectorsReducer(state.connectors, action)
  const theme = themeReducer(state.theme, action)
  const siwx = siwxReducer(state.siwx, action, state)
  // No new object (and no garbage) when no slice changed: most actions change nothing or one slice,
  // and replay folds 100,000 of them (issue 12: replay of 100,000 entries within 100 ms).
  if (
    options === state.options &&
    app === state.app &&
    modal === state.modal &&
    router === state.router &&
    connection === state.connection &&
    connectors === state.connectors &&
    theme === state.theme &&
    siwx === state.siwx
  ) {
    return state
  }
  // Every key written out, in createInitialState's order, rather than `{ ...state, … }`: V8 builds
  // a literal of a known shape about five times faster than a spread with a dozen overrides
  // (1.7 → 0.3 µs an action here), and this runs for every action and every replayed entry.
  return {
    options,
    app,
    alerts: state.alerts,
    modal,
    router,
    notifications: state.notifications,
    connection,
    connectors,
    balances: state.balances,
    requests: state.requests,
    theme,
    siwx,
    registry: state.registry,
    auth: state.auth,
    walletConnect: state.walletConnect,
    frame: state.frame,
  }
}
