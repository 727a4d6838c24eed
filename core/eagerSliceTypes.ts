import type { Action } from './actions/types.js'
import { EAGER_SLICE_KEYS, type EagerSliceKey } from './reduceEagerSlices.js'
import { createSliceRouter } from './sliceRoutes.js'

/**
 * Every action type each eager slice's reducer reacts to (core/sliceRoutes.ts; kept exact by its
 * test). Loaded with the late slices, not with the page: reduceEagerSlices runs every slice until
 * then, to the same result.
 */
export const EAGER_SLICE_TYPES = {
  options: ['options/analyticsConfigLoaded', 'options/remoteConfigLoaded'],
  app: ['adapters/registered', 'app/initialized', 'app/started', 'options/originCheckFailed', 'options/originCheckSkipped', 'options/originChecked', 'options/remoteConfigFailed', 'options/remoteConfigLoaded', 'options/remoteConfigRequested', 'storage/hydrated'],
  modal: ['connection/accountConnected', 'connection/disconnected', 'modal/closeRequested', 'modal/loadingChanged', 'modal/openRequested', 'modal/shakeEnded', 'modal/shakeRequested', 'network/activeChanged', 'network/chainChanged', 'router/backRequested'],
  router: ['connection/disconnected', 'modal/openRequested', 'network/activeChanged', 'network/chainChanged', 'router/backRequested', 'router/pushRequested', 'router/replaceRequested', 'router/resetRequested'],
  connection: ['connection/accountConnected', 'connection/accountsChanged', 'connection/connectFailed', 'connection/connectRequested', 'connection/disconnected', 'network/activeChanged', 'network/chainChanged', 'network/switchFailed', 'network/switchPrompted', 'network/switchRequested', 'storage/hydrated'],
  connectors: ['connectors/announced', 'connectors/removed'],
  theme: ['theme/catalogueLoaded', 'theme/modeChanged', 'theme/variablesChanged'],
  siwx: ['connection/disconnected', 'siwx/cancelRequested', 'siwx/checkFailed', 'siwx/checkStarted', 'siwx/sessionsChecked', 'siwx/signFailed', 'siwx/signOutFailed', 'siwx/signRequested', 'siwx/signedIn', 'siwx/signedOut'],
} as const satisfies Record<EagerSliceKey, readonly Action['type'][]>

/**
 * The eager slices `type` concerns, as reduceEagerSlices' `routed` flags.
 * @example reduceEagerSlices(state, action, eagerSliceMask(action.type))
 */
export const eagerSliceMask = createSliceRouter(EAGER_SLICE_TYPES, EAGER_SLICE_KEYS).mask
