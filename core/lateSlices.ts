import type { Action } from './actions/types.js'
import type { LateSlices } from './lateSliceKeys.js'
import { alertsReducer } from './slices/alerts/reducer.js'
import { authReducer } from './slices/auth/reducer.js'
import { balancesReducer } from './slices/balances/reducer.js'
import { frameReducer } from './slices/frame/reducer.js'
import { notificationsReducer } from './slices/notifications/reducer.js'
import { registryReducer } from './slices/registry/reducer.js'
import { requestsReducer } from './slices/requests/reducer.js'
import { walletConnectReducer } from './slices/walletConnect/reducer.js'
// A lazy entry: re-export the shared start-up chunk (see core/sharedChunk.ts, tests/size).
export { SHARED_CHUNK } from './sharedChunk.js'

/**
 * Folds one action into the late slices (core/lateSliceKeys.ts); the same object when none changed.
 * @example const next = reduceLateSlices(state, action)
 */
export function reduceLateSlices<S extends LateSlices>(state: S, action: Action): S {
  const alerts = alertsReducer(state.alerts, action)
  const notifications = notificationsReducer(state.notifications, action)
  const balances = balancesReducer(state.balances, action)
  const requests = requestsReducer(state.requests, action)
  const registry = registryReducer(state.registry, action)
  const auth = authReducer(state.auth, action)
  const walletConnect = walletConnectReducer(state.walletConnect, action)
  const frame = frameReducer(state.frame, action)
  if (
    alerts === state.alerts &&
    notifications === state.notifications &&
    balances === state.balances &&
    requests === state.requests &&
    registry === state.registry &&
    auth === state.auth &&
    walletConnect === state.walletConnect &&
    frame === state.frame
  ) {
    return state
  }
  return { ...state, alerts, notifications, balances, requests, registry, auth, walletConnect, frame }
}
