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

/** The slices this reducer folds, in the order of their bits (`routed` of reduceEagerSlices). */
export const EAGER_SLICE_KEYS = ['options', 'app', 'modal', 'router', 'connection', 'connectors', 'theme', 'siwx'] as const
export type EagerSliceKey = (typeof EAGER_SLICE_KEYS)[number]
const B = Object.fromEntries(EAGER_SLICE_KEYS.map((key, i) => [key, 1 << i])) as Record<EagerSliceKey, number>
const EVERY_SLICE = (1 << EAGER_SLICE_KEYS.length) - 1

/**
 * Folds one action into every slice except the late ones (core/lateSliceKeys.ts), which it leaves
 * as they are. Slices that need to read another slice get the state before the action (`root`),
 * so the order of slices never matters and the function stays pure. Unchanged slices keep their
 * identity. `routed` (core/eagerSliceTypes.ts's eagerSliceMask of the action's type) calls only
 * the slices that react to it; without it every slice runs. The table stays out of the page's
 * first JavaScript (issue 12's byte budget): the store routes once the late slices' chunk is here.
 * @example const next = reduceEagerSlices(state, { type: 'modal/openRequested' }, eagerSliceMask('modal/openRequested'))
 */
export function reduceEagerSlices(state: AirlockState, action: Action, routed: number = EVERY_SLICE): AirlockState {
  const m = routed
  // A type no eager slice knows (most of the late slices' traffic, a host's own) changes nothing here.
  // siwx's reducer also fills in its slice when a log recorded before the slice existed lacks it.
  if (m === 0 && state.siwx !== undefined) return state
  const options = m & B.options ? optionsReducer(state.options, action) : state.options
  const app = m & B.app ? appReducer(state.app, action) : state.app
  const modal = m & B.modal ? modalReducer(state.modal, action, state) : state.modal
  const router = m & B.router ? routerReducer(state.router, action, state) : state.router
  const connection = m & B.connection ? connectionReducer(state.connection, action, state) : state.connection
  const connectors = m & B.connectors ? connectorsReducer(state.connectors, action) : state.connectors
  const theme = m & B.theme ? themeReducer(state.theme, action) : state.theme
  const siwx = m & B.siwx || state.siwx === undefined ? siwxReducer(state.siwx, action, state) : state.siwx
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
    portfolio: state.portfolio,
  }
}
