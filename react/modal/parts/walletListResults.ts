import type { ConnectorInfo, ErrorInfo } from '../../../core/actions/types.js'
import { WALLETS_PAGE_SIZE } from '../../../core/constants/limits.js'
import type { Airlock } from '../../../core/createAirlock.js'
import type { RegistryState, RegistryWallet } from '../../../core/registry/types.js'
import { withoutListed } from './registryEntries.js'
import type { WalletEntry } from './walletEntries.js'

// What All Wallets and the headless `useWalletList` both show of the registry, and how both page,
// search and retry it: one place, so the two lists cannot drift apart.

export interface RegistryResults {
  /** The loaded pages, or the search results while searching; minus the wallets already listed. */
  readonly wallets: RegistryWallet[]
  readonly loading: boolean
  readonly error: ErrorInfo | null
  /** How many the registry has (all of them, or the search's matches). */
  readonly count: number
}

/**
 * The registry part of a wallet list: pages or search results (`searching`), loading and error.
 * @example registryResults(state.registry, { enabled: true, searching: false, listed: [] })
 */
export function registryResults(registry: RegistryState, { enabled, searching, listed }: { enabled: boolean; searching: boolean; listed: readonly ConnectorInfo[] }): RegistryResults {
  if (!enabled) return { wallets: [], loading: false, error: null, count: 0 }
  const { search } = registry
  return {
    wallets: withoutListed(searching ? search.wallets : registry.wallets, listed),
    loading: searching ? search.status === 'loading' : registry.status === 'loading' || registry.loadingPage !== null,
    error: searching ? (search.status === 'failed' ? search.error : null) : registry.error,
    count: searching ? search.count : (registry.count ?? 0),
  }
}

/** Installed wallets whose name holds `query` (trimmed, any case); all of them for an empty query. */
export function filterWallets(entries: WalletEntry[], query: string): WalletEntry[] {
  const text = query.trim().toLowerCase()
  return text === '' ? entries : entries.filter((entry) => entry.connector.name.toLowerCase().includes(text))
}

/** Whether another registry page can be asked for: loaded, none in flight, no failure waiting for a retry, more to come. */
export function hasNextWalletPage(registry: RegistryState): boolean {
  const { status, loadingPage, error, page, count } = registry
  return status === 'loaded' && loadingPage === null && error === null && count !== null && page * WALLETS_PAGE_SIZE < count
}

/**
 * The list reached its end: the next page of 40 when there is one (the pages epic guards again).
 * @example requestNextWalletPage(airlock)
 */
export function requestNextWalletPage(airlock: Airlock): void {
  if (hasNextWalletPage(airlock.getState().registry)) airlock.dispatch({ type: 'registry/nextPageRequested' })
}

/**
 * Retry: the search again while there is one (`query` not blank), else the lists or page that failed.
 * @example retryWalletList(airlock, '')
 */
export function retryWalletList(airlock: Airlock, query: string): void {
  airlock.dispatch(query.trim() !== '' ? { type: 'registry/searchRequested', query } : { type: 'registry/retryRequested' })
}
