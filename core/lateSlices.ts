import type { Action } from './actions/types.js'
import type { LateSlices } from './lateSliceKeys.js'
import { createSliceRouter } from './sliceRoutes.js'
import { alertsReducer } from './slices/alerts/reducer.js'
import { authReducer } from './slices/auth/reducer.js'
import { balancesReducer } from './slices/balances/reducer.js'
import { frameReducer } from './slices/frame/reducer.js'
import { portfolioReducer } from './slices/portfolio/reducer.js'
import { notificationsReducer } from './slices/notifications/reducer.js'
import { registryReducer } from './slices/registry/reducer.js'
import { requestsReducer } from './slices/requests/reducer.js'
import { walletConnectReducer } from './slices/walletConnect/reducer.js'
/** Every action type each late slice's reducer reacts to (core/sliceRoutes.ts; checked against the reducers by its test). */
export const LATE_SLICE_TYPES = {
  alerts: ['alerts/dismissed', 'alerts/raised', 'frame/ready', 'frame/requestSucceeded'],
  notifications: ['notifications/dismissRequested', 'notifications/expired', 'notifications/showRequested', 'notifications/swapped'],
  balances: ['balance/fetchFailed', 'balance/fetchQueued', 'balance/fetchRequested', 'balance/fetchSkipped', 'balance/fetched'],
  requests: ['wallet/requestFailed', 'wallet/requestSent', 'wallet/requestSucceeded'],
  auth: ['auth/accountTypeChanged', 'auth/approvalRequested', 'auth/cooldownStarted', 'auth/cooldownTicked', 'auth/deviceApproved', 'auth/emailCodeSent', 'auth/emailLoginRequested', 'auth/emailUpdated', 'auth/farcasterLoginRequested', 'auth/farcasterUrlReceived', 'auth/frameConnected', 'auth/loginCancelled', 'auth/loginFailed', 'auth/notAllowedShown', 'auth/otpSubmitted', 'auth/requestNotAllowed', 'auth/requestSettled', 'auth/sessionChecked', 'auth/signedOut', 'auth/smartAccountNetworksLoaded', 'auth/socialLoginRequested', 'auth/updateEmailCodeSent', 'auth/updateEmailFailed', 'auth/updateEmailOtpSubmitted', 'auth/updateEmailRequested', 'auth/userLoaded', 'modal/closeRequested', 'router/pushRequested'],
  registry: ['registry/imagesPreloaded', 'registry/listsFailed', 'registry/listsLoaded', 'registry/listsRequested', 'registry/pageFailed', 'registry/pageLoaded', 'registry/pageRequested', 'registry/searchFailed', 'registry/searchLoaded', 'registry/searchRequested', 'registry/searchStarted', 'registry/walletSelected'],
  walletConnect: ['modal/closeRequested', 'router/backRequested', 'router/resetRequested', 'walletConnect/connectFailed', 'walletConnect/connectRequested', 'walletConnect/pairingCancelled', 'walletConnect/pairingExpired', 'walletConnect/relayDisconnected', 'walletConnect/relayReconnected', 'walletConnect/relayUnreachable', 'walletConnect/sessionEnded', 'walletConnect/sessionSettled', 'walletConnect/storageRecovered', 'walletConnect/uriReceived'],
  portfolio: [
    'activity/pageFailed', 'activity/pageLoaded', 'activity/pageRequested', 'activity/pageStarted', 'activity/reset', 'activity/transactionSent',
    'connection/disconnected', 'names/registered', 'names/registrationFailed', 'names/registrationRequested', 'names/registrationSigned',
    'names/searchFailed', 'names/searchLoaded', 'names/searchRequested', 'portfolio/fetchFailed', 'portfolio/fetchSkipped', 'portfolio/fetchStarted',
    'portfolio/fetched', 'portfolio/nftImagesPreloaded', 'router/pushRequested', 'send/failed', 'send/requested', 'send/reset', 'send/succeeded',
    'swap/approvalSent', 'swap/approved', 'swap/confirmed', 'swap/failed', 'swap/flipped', 'swap/formChanged', 'swap/opened', 'swap/quoteExpired',
    'swap/quoteFailed', 'swap/quoteLoaded', 'swap/quoteRequested', 'swap/reset', 'swap/succeeded', 'swap/tokensFailed', 'swap/tokensLoaded',
    'onramp/failed', 'onramp/formChanged', 'onramp/fundsArrived', 'onramp/opened', 'onramp/optionsLoaded', 'onramp/providerChosen', 'onramp/providerOpened',
    'onramp/quoteLoaded', 'onramp/quoteRequested', 'onramp/reset',
  ],
  frame: ['frame/documentChanged', 'frame/loadFailed', 'frame/loadStarted', 'frame/ready', 'frame/readyReceived', 'frame/requestFailed', 'frame/requestSent', 'frame/requestSucceeded', 'frame/visibilityRequested'],
} as const satisfies Record<keyof LateSlices, readonly Action['type'][]>

const { bit: B, mask } = createSliceRouter(LATE_SLICE_TYPES)

// The eager slices' routes travel with this chunk, out of the page's first JavaScript (core/createAirlock.ts).
export { eagerSliceMask } from './eagerSliceTypes.js'
// A lazy entry: re-export the shared start-up chunk (see core/sharedChunk.ts, tests/size).
export { SHARED_CHUNK } from './sharedChunk.js'

/**
 * Folds one action into the late slices (core/lateSliceKeys.ts); the same object when none changed.
 * @example const next = reduceLateSlices(state, action)
 */
export function reduceLateSlices<S extends LateSlices>(state: S, action: Action): S {
  const m = mask(action.type)
  // registry, walletConnect and frame also fill in their slice when a log recorded before it existed lacks it.
  if (m === 0 && state.registry !== undefined && state.walletConnect !== undefined && state.frame !== undefined) return state
  const alerts = m & B.alerts ? alertsReducer(state.alerts, action) : state.alerts
  const notifications = m & B.notifications ? notificationsReducer(state.notifications, action) : state.notifications
  const balances = m & B.balances ? balancesReducer(state.balances, action) : state.balances
  const requests = m & B.requests ? requestsReducer(state.requests, action) : state.requests
  const registry = m & B.registry || state.registry === undefined ? registryReducer(state.registry, action) : state.registry
  const auth = m & B.auth ? authReducer(state.auth, action) : state.auth
  const walletConnect = m & B.walletConnect || state.walletConnect === undefined ? walletConnectReducer(state.walletConnect, action) : state.walletConnect
  const frame = m & B.frame || state.frame === undefined ? frameReducer(state.frame, action) : state.frame
  // Absent from the initial state (core/portfolio/selectPortfolio.ts): created by its first action.
  const portfolio = m & B.portfolio ? portfolioReducer(state.portfolio, action) : state.portfolio
  if (
    alerts === state.alerts &&
    notifications === state.notifications &&
    balances === state.balances &&
    requests === state.requests &&
    registry === state.registry &&
    auth === state.auth &&
    walletConnect === state.walletConnect &&
    frame === state.frame &&
    portfolio === state.portfolio
  ) {
    return state
  }
  return { ...state, alerts, notifications, balances, requests, registry, auth, walletConnect, frame, portfolio }
}
