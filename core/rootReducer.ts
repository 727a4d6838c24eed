import type { Action } from './actions/types.js'
import type { ResolvedOptions } from './options/resolveOptions.js'
import { alertsReducer } from './slices/alerts/reducer.js'
import { appReducer, initialAppState } from './slices/app/reducer.js'
import { balancesReducer, initialBalancesState } from './slices/balances/reducer.js'
import { connectionReducer, initialConnectionState } from './slices/connection/reducer.js'
import { connectorsReducer, initialConnectorsState } from './slices/connectors/reducer.js'
import { initialModalState, modalReducer } from './slices/modal/reducer.js'
import { initialNotificationsState, notificationsReducer } from './slices/notifications/reducer.js'
import { optionsReducer } from './slices/options/reducer.js'
import { initialRequestsState, requestsReducer } from './slices/requests/reducer.js'
import { initialRouterState, routerReducer } from './slices/router/reducer.js'
import { initialSiwxState, siwxReducer } from './slices/siwx/reducer.js'
import { initialRegistryState, registryReducer } from './slices/registry/reducer.js'
import { authReducer, initialAuthState } from './slices/auth/reducer.js'
import { initialWalletConnectState, walletConnectReducer } from './slices/walletConnect/reducer.js'
import { frameReducer, initialFrameState } from './slices/frame/reducer.js'
import { initialThemeState, themeReducer } from './slices/theme/reducer.js'
import type { AirlockState } from './state.js'

/** The state before anything happened, for the given resolved options. */
export function createInitialState(options: ResolvedOptions): AirlockState {
  return {
    options,
    app: initialAppState,
    alerts: [],
    modal: initialModalState,
    router: initialRouterState,
    notifications: initialNotificationsState,
    connection: initialConnectionState(options),
    connectors: initialConnectorsState,
    balances: initialBalancesState,
    requests: initialRequestsState,
    theme: initialThemeState(options),
    siwx: initialSiwxState,
    registry: initialRegistryState,
    auth: initialAuthState,
    walletConnect: initialWalletConnectState,
    frame: initialFrameState,
  }
}

/**
 * Folds one action into the state. Slices that need to read another slice
 * get the state before the action (`root`), so the order of slices never
 * matters and the function stays pure. Unchanged slices keep their identity.
 */
export function rootReducer(state: AirlockState, action: Action): AirlockState {
  const next: AirlockState = {
    options: optionsReducer(state.options, action),
    app: appReducer(state.app, action),
    alerts: alertsReducer(state.alerts, action),
    modal: modalReducer(state.modal, action, state),
    router: routerReducer(state.router, action, state),
    notifications: notificationsReducer(state.notifications, action),
    connection: connectionReducer(state.connection, action, state),
    connectors: connectorsReducer(state.connectors, action),
    balances: balancesReducer(state.balances, action),
    requests: requestsReducer(state.requests, action),
    theme: themeReducer(state.theme, action),
    siwx: siwxReducer(state.siwx, action, state),
    registry: registryReducer(state.registry, action),
    auth: authReducer(state.auth, action),
    walletConnect: walletConnectReducer(state.walletConnect, action),
    frame: frameReducer(state.frame, action),
  }
  for (const key of Object.keys(next) as (keyof AirlockState)[]) {
    if (next[key] !== state[key]) return next
  }
  return state
}
