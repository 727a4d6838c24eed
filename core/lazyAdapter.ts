import type { Action } from './actions/types.js'
import type { AirlockAdapter } from './adapters.js'
import type { ChainNamespace } from './chains/types.js'
import type { AirlockDeps } from './deps.js'
import type { AirlockState } from './state.js'
import type { WalletRegistryLike } from './chains/announced/walletStandardDiscoveryEpic.js'
import type { BalanceEpicParameters } from './slices/balances/balanceEpic.js'
import { lazyEpic } from './store/lazyEpic.js'
import type { Epic } from './store/types.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/** The options of a family whose wallets announce themselves in the page (Solana, Bitcoin). */
export interface AnnouncedAdapterParameters {
  /** The Wallet Standard registry (default: `getWallets()` of `@wallet-standard/app`). */
  readonly wallets?: () => WalletRegistryLike
  /** Balance fetching (a custom getter, cache and retry pause), mostly for tests. */
  readonly balance?: Omit<BalanceEpicParameters, 'namespace'>
  /** How long a reload waits for the stored wallet (default RECONNECT_TIMEOUT_MS). */
  readonly reconnectTimeoutMs?: number
}

/** The epics of every family whose wallets announce themselves in the page (Solana, Bitcoin): see announcedWalletEpics. */
export const ANNOUNCED_EPIC_NAMES = ['discovery', 'connect', 'reconnect', 'events', 'disconnect', 'switchNetwork', 'balance', 'portfolio'] as const

/**
 * An adapter whose epics live in a chunk fetched when the store starts them (after the first
 * paint): the page's entry holds only the names. `load` brings every epic at once; a failed load is
 * tried again when the store restarts an epic.
 * @example lazyAdapter('solana', ['connect'], () => import('./solanaEpics.js').then((m) => m.solanaEpics()))
 */
export function lazyAdapter<N extends string>(namespace: ChainNamespace, names: readonly N[], load: () => Promise<Record<N, AirlockEpic>>): AirlockAdapter {
  let loading: Promise<Record<N, AirlockEpic>> | undefined
  const all = (): Promise<Record<N, AirlockEpic>> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return { namespace, epics: Object.fromEntries(names.map((name) => [name, lazyEpic(() => all().then((epics) => epics[name]))])) }
}
