import type { ResolvedOptions } from './options/resolveOptions.js'
import { initialAppState } from './slices/app/reducer.js'
import { initialAuthState } from './slices/auth/state.js'
import { initialBalancesState } from './slices/balances/state.js'
import { initialConnectionState } from './slices/connection/reducer.js'
import { initialConnectorsState } from './slices/connectors/reducer.js'
import { initialFrameState } from './slices/frame/state.js'
import { initialModalState } from './slices/modal/reducer.js'
import { initialNotificationsState } from './slices/notifications/state.js'
import { initialRegistryState } from './slices/registry/state.js'
import { initialRequestsState } from './slices/requests/state.js'
import { initialRouterState } from './slices/router/reducer.js'
import { initialSiwxState } from './slices/siwx/reducer.js'
import { initialThemeState } from './slices/theme/reducer.js'
import { initialWalletConnectState } from './slices/walletConnect/state.js'
import type { AirlockState } from './state.js'

/**
 * The state before anything happened, for the given resolved options.
 * @example const state = createInitialState(resolveOptions({ networks: [mainnet] }).options)
 */
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
