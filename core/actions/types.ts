import type { Alert, AlertCode } from '../errors/alerts.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../chains/types.js'
import type { RemoteFeatureKey } from '../options/features.js'
import type { Features } from '../options/features.js'
import type { ThemeMode } from '../options/resolveOptions.js'
import type { EpicFailedAction } from '../store/types.js'
import type { View } from './views.js'

/** Errors travel inside actions as plain data, never as Error objects. */
export interface ErrorInfo {
  readonly message: string
  readonly code?: string | number
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Facts about the page, read once by createAirlock and carried in `app/started`. */
export interface Environment {
  /** `location.origin`, or null when rendering on a server. */
  readonly origin: string | null
  /** `location.origin + pathname`, never query or hash. */
  readonly pageUrl: string | null
  readonly isMobile: boolean
  readonly ssr: boolean
  /** A wallet was connected when this page was last left (the synchronous hint of environment.ts): "Connecting…" from the first render. */
  readonly returning?: boolean
}

export interface RecentWallet {
  readonly id: string
  readonly name: string
  readonly rdns?: string
}

export interface StoredConnection {
  readonly connectorId: string
  readonly caipAddress: CaipAddress
}

/** What the storage layer hands back at start, already validated. */
export interface PersistedValues {
  readonly activeNamespace?: ChainNamespace
  readonly activeCaipNetworkId?: CaipNetworkId
  readonly recentWallets?: readonly RecentWallet[]
  readonly connectedConnectorIds?: Partial<Record<ChainNamespace, string>>
  readonly connectionStatus?: Partial<Record<ChainNamespace, ConnectionStatus>>
  readonly connectedNamespaces?: readonly ChainNamespace[]
  readonly connections?: Partial<Record<ChainNamespace, StoredConnection>>
}

export type NotificationVariant = 'loading' | 'success' | 'error' | 'info'
export interface Notification {
  readonly id: string
  readonly variant: NotificationVariant
  readonly message: string
  readonly description?: string
}

export type AppAction =
  | { type: 'app/started'; environment: Environment }
  | { type: 'app/initialized' }
  | { type: 'adapters/registered'; namespaces: ChainNamespace[] }
  | { type: 'options/remoteConfigRequested' }
  | { type: 'options/remoteConfigLoaded'; features: Partial<Pick<Features, RemoteFeatureKey>>; ignoredLocal: RemoteFeatureKey[] }
  | { type: 'options/remoteConfigFailed'; error: ErrorInfo }
  /** The project's analytics switch (SPEC 7 `GET /getAnalyticsConfig`): off turns `features.analytics` off. */
  | { type: 'options/analyticsConfigLoaded'; enabled: boolean }
  | { type: 'options/analyticsConfigFailed'; error: ErrorInfo }
  | { type: 'options/originChecked'; origin: string; allowed: boolean }
  | { type: 'options/originCheckFailed'; error: ErrorInfo }
  | { type: 'options/originCheckSkipped'; reason: 'noEmbeddedLogin' | 'noOrigin' | 'noProjectId' }
  | { type: 'alerts/raised'; alert: Alert }
  | { type: 'alerts/dismissed'; code: AlertCode }

export type ModalAction =
  | { type: 'modal/openRequested'; view?: View; namespace?: ChainNamespace; data?: Record<string, unknown> }
  | { type: 'modal/closeRequested' }
  | { type: 'modal/loadingChanged'; loading: boolean }
  | { type: 'modal/shakeRequested' }
  | { type: 'modal/shakeEnded' }

export type RouterAction =
  | { type: 'router/pushRequested'; view: View; data?: Record<string, unknown> }
  | { type: 'router/replaceRequested'; view: View; data?: Record<string, unknown> }
  | { type: 'router/backRequested' }
  | { type: 'router/resetRequested'; view: View }

export type NotificationAction =
  | { type: 'notifications/showRequested'; notification: Notification }
  | { type: 'notifications/swapped' }
  | { type: 'notifications/dismissRequested'; id?: string }
  | { type: 'notifications/expired'; id: string }

export type ConnectionAction =
  /**
   * `fromTab`: not this page's storage read at start, but a connection another tab of this site just
   * made, read the way a reload reads it so this tab's own restore confirms it (core/tabs/tabSyncEpic.ts).
   */
  | { type: 'storage/hydrated'; values: PersistedValues; backend: StorageBackendKind; fromTab?: true }
  | { type: 'storage/writeFailed'; error: ErrorInfo; keys: string[] }
  | { type: 'connection/connectRequested'; namespace: ChainNamespace; connectorId: string }
  | {
      type: 'connection/accountConnected'
      namespace: ChainNamespace
      caipAddress: CaipAddress
      connectorId: string
      /** Every account the wallet exposed, active first. */
      accounts?: CaipAddress[]
      wallet?: RecentWallet
    }
  | { type: 'connection/connectFailed'; namespace: ChainNamespace; connectorId: string; error: ErrorInfo }
  /** `fromTab`: another tab of this site saw the change first (core/tabs/tabSyncEpic.ts). */
  | { type: 'connection/accountsChanged'; namespace: ChainNamespace; accounts: CaipAddress[]; fromTab?: true }
  | { type: 'connection/disconnectRequested'; namespace: ChainNamespace }
  /**
   * `otherTab`: the person disconnected in another tab of this site (core/tabs/tabSyncEpic.ts).
   * `unreachable`: a stored connection could not be confirmed for now (its wallet did not answer):
   * shown disconnected, but kept in storage (`NamespaceConnection.resume`) so the next load tries again.
   */
  | { type: 'connection/disconnected'; namespace: ChainNamespace; reason?: 'user' | 'wallet' | 'reconnectFailed' | 'error' | 'otherTab' | 'unreachable'; error?: ErrorInfo }
  /** `fromTab`: another tab of this site switched the same connection (core/tabs/tabSyncEpic.ts). */
  | { type: 'network/activeChanged'; caipNetworkId: CaipNetworkId; fromTab?: true }

/** Networks: the app asks, the wallet reports (SPEC 4 "Connection"). */
export type NetworkAction =
  | { type: 'network/switchRequested'; caipNetworkId: CaipNetworkId }
  | { type: 'network/switchFailed'; caipNetworkId: CaipNetworkId; error: ErrorInfo }
  /** The wallet was asked to switch to this network (its prompt is showing): `connection.switchingTo`. */
  | { type: 'network/switchPrompted'; caipNetworkId: CaipNetworkId }
  /**
   * A requested switch that will not happen: a newer request replaced it (latest wins), or the
   * wallet disconnected. A prompt the wallet already shows stays until the person answers it.
   */
  | { type: 'network/switchCancelled'; caipNetworkId: CaipNetworkId; reason: 'superseded' | 'disconnected' }
  /** The wallet reports its chain (connect, `chainChanged`); unknown ids mark the network unsupported. */
  | { type: 'network/chainChanged'; namespace: ChainNamespace; caipNetworkId: CaipNetworkId }

/** SPEC 3 connector types. */
export const CONNECTOR_TYPES = ['WALLET_CONNECT', 'ANNOUNCED', 'INJECTED', 'EXTERNAL', 'AUTH', 'ID_AUTH', 'MULTI_CHAIN'] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/** A wallet the page can connect to, as plain data (its provider lives in deps). */
export interface ConnectorInfo {
  /** rdns for EIP-6963 wallets, `injected` for the legacy `window.ethereum`. */
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly namespace: ChainNamespace
  readonly rdns?: string
  readonly uuid?: string
  /** A `data:image/...` URI only; anything else is dropped at the edge. */
  readonly icon?: string
  /** The wallet is present in this browser. */
  readonly installed: boolean
}

export type ConnectorAction =
  | { type: 'connectors/announced'; connector: ConnectorInfo }
  | { type: 'connectors/removed'; id: string }

/** Native balance of one address on one network (SPEC 4 "Token balance", SPEC 9 caches). */
export type BalanceAction =
  /**
   * With `force: true`: a request to refetch now (the cache is bypassed, the retry pause is not).
   * Without it: the balance epic's own mark that a fetch started.
   */
  | { type: 'balance/fetchRequested'; caipAddress: CaipAddress; force?: boolean }
  | { type: 'balance/fetched'; caipAddress: CaipAddress; value: string; decimals: number; symbol: string; at: number }
  | { type: 'balance/fetchFailed'; caipAddress: CaipAddress; error: ErrorInfo; at: number }
  /**
   * A requested or started fetch that will not finish: still cached, superseded by a newer account
   * or network, the account disconnected, or (`retryPause`) for a network there is nothing to read from.
   */
  | { type: 'balance/fetchSkipped'; caipAddress: CaipAddress; reason: 'cached' | 'retryPause' | 'superseded' | 'disconnected' }
  /** A requested fetch during the retry pause after a failure (SPEC 4): it runs when the pause ends, at `at`. */
  | { type: 'balance/fetchQueued'; caipAddress: CaipAddress; at: number }

/** Requests to the wallet made through `getProvider()`: what was asked, never the payload. */
export type WalletRequestAction =
  | { type: 'wallet/requestSent'; id: string; namespace: ChainNamespace; method: string }
  /** `hash`: the transaction a successful `eth_sendTransaction` sent (public, and what its receipt is awaited by). */
  | { type: 'wallet/requestSucceeded'; id: string; method: string; hash?: string }
  | { type: 'wallet/requestFailed'; id: string; method: string; error: ErrorInfo }

export type ThemeAction =
  | { type: 'theme/modeChanged'; mode: ThemeMode }
  | { type: 'theme/variablesChanged'; variables: Record<string, string | number> }
  /** `useAirlock().setLocale`: the views' language from now on (a BCP 47 tag). */
  | { type: 'theme/localeChanged'; locale: string }
  /** A language's catalogue arrived (its lazy chunk); `locale` is a shipped one (core/i18n/locales.ts), `en` when English is shown again. */
  | { type: 'theme/catalogueLoaded'; locale: string }
  /** Its chunk could not load (offline): the views stay in the language they show. */
  | { type: 'theme/catalogueFailed'; locale: string; error: ErrorInfo }

export type StorageBackendKind = 'indexeddb' | 'localStorage' | 'memory'

export type TelemetryAction =
  | { type: 'telemetry/errorCaptured'; errorType: string; error: ErrorInfo & { stack?: string } }
  | { type: 'telemetry/sendFailed'; error: ErrorInfo }

/** A sign-in session as state sees it: who, where, until when. The message and signature stay in the siwx config. */
export interface SiwxSessionInfo {
  readonly caipAddress: CaipAddress
  readonly issuedAt?: string
  readonly expirationTime?: string
}

/** Sign in with the wallet (SPEC 4 "Sign-in flow"): facts from the flow and the person's intents. */
export type SiwxAction =
  | { type: 'siwx/checkStarted'; caipAddress: CaipAddress }
  | { type: 'siwx/sessionsChecked'; caipAddress: CaipAddress; required: boolean; sessions: SiwxSessionInfo[] }
  /** SPEC 8 'A problem occurred while trying initialize authentication'; `cause` is what failed. */
  | { type: 'siwx/checkFailed'; caipAddress: CaipAddress; error: ErrorInfo; cause: ErrorInfo }
  | { type: 'siwx/signRequested' }
  | { type: 'siwx/signedIn'; caipAddress: CaipAddress; session: SiwxSessionInfo }
  /** `error` is what the person sees (SPEC 8 'Signature declined'); `cause` the internal reason. */
  | { type: 'siwx/signFailed'; error: ErrorInfo; cause: ErrorInfo }
  | { type: 'siwx/cancelRequested' }
  | { type: 'siwx/signOutRequested' }
  | { type: 'siwx/signedOut'; caipAddress: CaipAddress; fromTab?: true }
  /** Another tab of this site signed this account in: its sessions are read again here (the config decides, not the other tab). */
  | { type: 'siwx/otherTabSignedIn'; caipAddress: CaipAddress }
  | { type: 'siwx/signOutFailed'; error: ErrorInfo }

/** The one discriminated union of everything that can happen. */
export type Action =
  | AppAction
  | ModalAction
  | RouterAction
  | NotificationAction
  | ConnectionAction
  | NetworkAction
  | ConnectorAction
  | BalanceAction
  | WalletRequestAction
  | ThemeAction
  | TelemetryAction
  | SiwxAction
  | import('./walletConnect.js').WalletConnectAction
  | import('./auth.js').AuthAction
  | EpicFailedAction
  | import('./registry.js').RegistryAction
  | import('./frame.js').FrameAction
  | import('./portfolio.js').PortfolioAction
  | import('./swap.js').SwapAction
  | import('./onramp.js').OnrampAction

export type ActionType = Action['type']
/** Narrows the union to one action type. */
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>

/**
 * A type guard for `filter` on any stream of actions, keeping narrowing. On the store's action
 * stream prefer the `ofType` operator (core/store/ofType.ts): it routes at the source.
 * @example merged$.pipe(filter(isType('modal/closeRequested')))
 */
export function isType<T extends ActionType>(...types: T[]): (action: Action) => action is ActionOf<T> {
  if (types.length === 1) {
    const only: string = types[0]!
    return (action): action is ActionOf<T> => action.type === only
  }
  const set = new Set<string>(types)
  return (action): action is ActionOf<T> => set.has(action.type)
}
