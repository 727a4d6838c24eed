import type { ConnectionStatus, ConnectorInfo, Environment, ErrorInfo, Notification, RecentWallet, SiwxSessionInfo, StorageBackendKind, StoredConnection } from './actions/types.js'
import type { Transition, View } from './actions/views.js'
import type { Alert } from './errors/alerts.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './chains/types.js'
import type { ResolvedOptions, ThemeMode } from './options/resolveOptions.js'

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed'

export interface AppState {
  /** `app/started` was seen: the environment is known and start-up effects run. */
  readonly started: boolean
  readonly initialized: boolean
  readonly environment: Environment
  /** Chain namespaces with a registered adapter (EVM, Solana, Bitcoin...). */
  readonly adapters: readonly ChainNamespace[]
  readonly remoteConfig: LoadStatus
  /** Result of the allowed-origin check (SPEC 6); `skipped` when email and socials are off. */
  readonly originCheck: 'pending' | 'allowed' | 'denied' | 'failed' | 'skipped'
  readonly storage: { readonly hydrated: boolean; readonly backend: StorageBackendKind | null }
}

export interface ModalState {
  readonly open: boolean
  readonly loading: boolean
  readonly shake: boolean
}

export interface RouterState {
  readonly view: View
  readonly history: readonly View[]
  readonly transition: Transition | null
  /** Data the current view was opened with (e.g. the wallet being connected). */
  readonly data: Readonly<Record<string, unknown>> | null
}

export interface NotificationsState {
  /** The toast on screen, or closing when `open` is false. */
  readonly current: Notification | null
  readonly open: boolean
  /** The next toast, waiting for the swap delay. */
  readonly pending: Notification | null
}

export interface NamespaceConnection {
  readonly status: ConnectionStatus
  readonly caipAddress: CaipAddress | null
  readonly connectorId: string | null
  /** Every account the wallet exposed, active first (empty until confirmed). */
  readonly accounts: readonly CaipAddress[]
  /**
   * Only on a disconnected namespace whose stored connection could not be confirmed for now
   * (`connection/disconnected`, reason `unreachable`): still stored, so the next load tries again.
   */
  readonly resume?: StoredConnection
}

export interface ConnectionState {
  readonly activeNamespace: ChainNamespace | null
  readonly activeCaipNetworkId: CaipNetworkId | null
  readonly namespaces: Partial<Record<ChainNamespace, NamespaceConnection>>
  readonly recentWallets: readonly RecentWallet[]
  /** The last connect error per namespace, cleared on the next attempt. */
  readonly errors: Partial<Record<ChainNamespace, { readonly message: string; readonly code?: string | number }>>
  /** The wallet is on a network this app does not support (SPEC 4); its id. */
  readonly unsupportedCaipNetworkId: CaipNetworkId | null
  /** A network switch in flight. */
  readonly switchingTo: CaipNetworkId | null
}

export interface ConnectorsState {
  /** Every discovered connector, de-duplicated by uuid or rdns, in discovery order. */
  readonly list: readonly ConnectorInfo[]
}

export interface BalanceEntry {
  /** Smallest units as a decimal string (wei, lamports, sats): exact, JSON-safe. */
  readonly value: string
  readonly decimals: number
  readonly symbol: string
  readonly fetchedAt: number
}

export interface BalancesState {
  /** By CAIP address (chain-qualified, so one entry per network). */
  readonly native: Readonly<Record<string, BalanceEntry>>
  /** When the last fetch failed, by CAIP address: no retry for 30 s (SPEC 4). */
  readonly failedAt: Readonly<Record<string, number>>
  readonly loading: Readonly<Record<string, boolean>>
}

export interface RequestsState {
  /** Wallet requests in flight by id: method and namespace only. */
  readonly pending: Readonly<Record<string, { readonly method: string; readonly namespace: ChainNamespace }>>
}

export interface ThemeState {
  /** null or `system`: follow the device's preference (`prefers-color-scheme`). */
  readonly mode: ThemeMode | null
  readonly variables: Readonly<Record<string, string | number>>
  /** The locale whose catalogue is loaded and shown (absent: English). */
  readonly catalogue?: string
}

export type SiwxStatus = 'idle' | 'checking' | 'signedOut' | 'signing' | 'signedIn' | 'failed'

/** Sign-in (SPEC 4): plain metadata only; signatures and messages live in the siwx config. */
export interface SiwxState {
  readonly status: SiwxStatus
  /** The account the sessions belong to (the last one checked). */
  readonly caipAddress: CaipAddress | null
  /** `getRequired()` when the account was checked: cancelling disconnects, closing is blocked. */
  readonly required: boolean
  readonly sessions: readonly SiwxSessionInfo[]
  /** What the sign-in view shows (SPEC 8 'Signature declined', ...). */
  readonly error: ErrorInfo | null
}

/** The whole state: a fold of the action log. */
export interface AirlockState {
  readonly options: ResolvedOptions
  readonly app: AppState
  readonly alerts: readonly Alert[]
  readonly modal: ModalState
  readonly router: RouterState
  readonly notifications: NotificationsState
  readonly connection: ConnectionState
  readonly connectors: ConnectorsState
  readonly balances: BalancesState
  readonly requests: RequestsState
  readonly theme: ThemeState
  readonly siwx: SiwxState
  readonly registry: import('./registry/types.js').RegistryState
  readonly auth: import('./slices/auth/reducer.js').AuthState
  readonly walletConnect: import('./slices/walletConnect/reducer.js').WalletConnectState
  readonly frame: import('./slices/frame/reducer.js').FrameState
  /**
   * The connected account's tokens, NFTs, activity, identities and name flows (issue 14). Absent
   * until its late reducer first runs (after the first paint): read it with `selectPortfolio`.
   */
  readonly portfolio?: import('./portfolio/types.js').PortfolioState
}
