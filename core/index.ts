/** `airlock-kit`: the event-sourced core. No React, no DOM beyond injected deps. */
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
export { createInitialState } from './createInitialState.js'
export { rootReducer } from './rootReducer.js'
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
export { solanaAdapter } from './chains/solana/solanaAdapter.js'
export { bitcoinAdapter } from './chains/bitcoin/bitcoinAdapter.js'
export type { BitcoinAdapterParameters } from './chains/bitcoin/bitcoinAdapter.js'
export type { SatsConnectProviderLike } from './chains/bitcoin/satsConnectProvider.js'
export type { SolanaAdapterParameters } from './chains/solana/solanaAdapter.js'
export type { SolanaWalletProvider, StandardWalletLike } from './chains/solana/walletStandardProvider.js'
export type { WalletRegistryLike } from './chains/announced/walletStandardDiscoveryEpic.js'
export type { BalanceEpicParameters, NativeBalanceGetter } from './slices/balances/balanceEpic.js'
export { createProviderRegistry } from './connectors/providerRegistry.js'
export type { RegistrySearch, RegistryState, RegistryWallet } from './registry/types.js'
export type { Eip1193Provider, ProviderRegistry } from './connectors/providerRegistry.js'

// Options: the types here; the schema, defaults and origin helpers in `airlock-kit/options`.
export type { AirlockOptions, ResolvedOptions, ThemeMode } from './options/resolveOptions.js'
export type { ConnectMethod, Features, SocialProvider, WalletFeature } from './options/features.js'

// Errors
export { BaseError, toErrorInfo } from './errors/BaseError.js'
export type { Alert, AlertCode, AlertVariant } from './errors/alerts.js'

// Networks and chain types; CAIP, address and format helpers and the RPC method lists are in
// `airlock-kit/chains` (whatever this entry re-exports that lazy code also uses is in the page's
// first JavaScript with esbuild, issue 12).
export * from './chains/networks.js'
export { CHAIN_NAMESPACES } from './chains/types.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace, NativeCurrency, Network } from './chains/types.js'
// The HTTP client, its errors and retry, and the alert catalogue live in `airlock/api`: lazy code
// uses them, and whatever this entry re-exports lands in the page's initial JavaScript.
export type { HttpClient, HttpClientOptions } from './api/createHttpClient.js'
export * as timing from './constants/timing.js'
export * as limits from './constants/limits.js'
export type { AirlockDeps, HttpClients, StorageDep, WindowLike } from './deps.js'
