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
  const options = optionsReducer(state.options, action)
  const app = appReducer(state.app, action)
  const alerts = alertsReducer(state.alerts, action)
  const modal = modalReducer(state.modal, action, state)
  const router = routerReducer(state.router, action, state)
  const notifications = notificationsReducer(state.notifications, action)
  const connection = connectionReducer(state.connection, action, state)
  const connectors = connectorsReducer(state.connectors, action)
  const balances = balancesReducer(state.balances, action)
  const requests = requestsReducer(state.requests, action)
  const theme = themeReducer(state.theme, action)
  const siwx = siwxReducer(state.siwx, action, state)
  const registry = registryReducer(state.registry, action)
  const auth = authReducer(state.auth, action)
  const walletConnect = walletConnectReducer(state.walletConnect, action)
  const frame = frameReducer(state.frame, action)
  // No new object (and no garbage) when no slice changed: most actions change nothing or one slice,
  // and replay folds 100,000 of them (issue 12: replay of 100,000 entries within 100 ms).
  if (
    options === state.options &&
    app === state.app &&
    alerts === state.alerts &&
    modal === state.modal &&
    router === state.router &&
    notifications === state.notifications &&
    connection === state.connection &&
    connectors === state.connectors &&
    balances === state.balances &&
    requests === state.requests &&
    theme === state.theme &&
    siwx === state.siwx &&
    registry === state.registry &&
    auth === state.auth &&
    walletConnect === state.walletConnect &&
    frame === state.frame
  ) {
    return state
  }
  return { options, app, alerts, modal, router, notifications, connection, connectors, balances, requests, theme, siwx, registry, auth, walletConnect, frame }
}
