/** `airlock`: the event-sourced core. No React, no DOM beyond injected deps. */
export { createAirlock } from './createAirlock.js'
export type { Airlock, CreateAirlockParameters } from './createAirlock.js'
export { replay } from './replay.js'

// Store (usable on its own)
export { createStore } from './store/createStore.js'
export type { CreateStoreParameters, Store } from './store/createStore.js'
export { replayWith } from './store/replayWith.js'
export type { ReplayInput } from './store/replayWith.js'
export { REDACTED, REDACTED_KEYS, redact } from './store/redact.js'
export type { EventLog } from './store/eventLog.js'
export type { AnyAction, Epic, EpicFailedAction, LogEntry, LogExport, Reducer, StateObservable } from './store/types.js'

// Actions, state, reducers, selectors
export { isType } from './actions/types.js'
export { ofType } from './store/ofType.js'
export type * from './actions/types.js'
export { VIEWS } from './actions/views.js'
export type { Transition, View } from './actions/views.js'
export type * from './state.js'
export { createInitialState, rootReducer } from './rootReducer.js'
export { selectCaipAddress, selectIsConnected, selectNamespaceConnection } from './slices/connection/selectors.js'
export {
  CONNECTOR_GROUP_ORDER,
  GENERIC_WALLET_NAME,
  LEGACY_INJECTED_ID,
  selectConnectMethodsOrder,
  selectConnector,
  selectHasInstalledWallet,
  selectVisibleConnectors,
} from './slices/connectors/selectors.js'
export { selectActiveNetwork, selectNetworks } from './slices/network/selectors.js'
export { isSupported as isSupportedNetwork } from './slices/connection/isSupported.js'
export { CONNECTOR_TYPES } from './actions/types.js'

// Connectors and adapters
export type { AirlockAdapter } from './adapters.js'
export { evmAdapter } from './chains/evm/evmAdapter.js'
export type { EvmAdapterParameters } from './chains/evm/evmAdapter.js'
export type { BalanceEpicParameters, NativeBalanceGetter } from './slices/balances/balanceEpic.js'
export { createProviderRegistry } from './connectors/providerRegistry.js'
export type { RegistrySearch, RegistryState, RegistryWallet } from './registry/types.js'
export type { Eip1193Provider, ProviderRegistry } from './connectors/providerRegistry.js'
export { isAllowedRpcMethod, isSafeRpcMethod, RPC_NOT_ALLOWED_MESSAGE, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, WALLET_MANAGEMENT_METHODS } from './chains/evm/rpcMethods.js'

// Options
export { DEFAULT_HOSTS, SIWX_CONFLICT_MESSAGE, resolveOptions } from './options/resolveOptions.js'
export { optionsSchema } from './options/optionsSchema.js'
export type { AirlockOptions, ResolvedOptions } from './options/resolveOptions.js'
export { CONNECT_METHODS, DEFAULT_REMOTE_FEATURES, SOCIAL_PROVIDERS, WALLET_FEATURES } from './options/features.js'
export type { ConnectMethod, Features, SocialProvider, WalletFeature } from './options/features.js'
export { DEFAULT_ALLOWED_ORIGINS, isOriginAllowed, matchOrigin } from './options/origins.js'

// Errors
export { BaseError, toErrorInfo } from './errors/BaseError.js'
export type { Alert, AlertCode, AlertVariant } from './errors/alerts.js'

// Chains, HTTP, constants, deps
export * from './chains/index.js'
// The HTTP client, its errors and retry, and the alert catalogue live in `airlock/api`: lazy code
// uses them, and whatever this entry re-exports lands in the page's initial JavaScript.
export type { HttpClient, HttpClientOptions } from './api/createHttpClient.js'
export * as timing from './constants/timing.js'
export * as limits from './constants/limits.js'
export type { AirlockDeps, HttpClients, StorageDep, WindowLike } from './deps.js'
