import type { ConnectionStatus, Environment, Notification, RecentWallet, StorageBackendKind } from './actions/types.js'
import type { Transition, View } from './actions/views.js'
import type { Alert } from './errors/alerts.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './chains/types.js'
import type { ResolvedOptions } from './options/resolveOptions.js'

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
}

export interface ConnectionState {
  readonly activeNamespace: ChainNamespace | null
  readonly activeCaipNetworkId: CaipNetworkId | null
  readonly namespaces: Partial<Record<ChainNamespace, NamespaceConnection>>
  readonly recentWallets: readonly RecentWallet[]
  /** The last connect error per namespace, cleared on the next attempt. */
  readonly errors: Partial<Record<ChainNamespace, { readonly message: string; readonly code?: string | number }>>
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
}
