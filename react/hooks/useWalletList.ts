import { useCallback, useEffect, useMemo } from 'react'
import type { ConnectorInfo, ErrorInfo } from '../../core/actions/types.js'
import { walletImageUrl } from '../../core/registry/registryQuery.js'
import type { RegistryWallet } from '../../core/registry/types.js'
import type { AirlockState } from '../../core/state.js'
import { useAirlockInstance } from '../context.js'
import { sameWallets, selectRegistryEnabled, withoutListed } from '../modal/parts/registryEntries.js'
import { sameEntries, selectAllWallets, selectConnectWallets, type WalletEntry } from '../modal/parts/walletEntries.js'
import { filterWallets, hasNextWalletPage, registryResults, requestNextWalletPage, retryWalletList } from '../modal/parts/walletListResults.js'
import { useAirlockSelector } from './useAirlockSelector.js'

/** A wallet this page can talk to directly: a browser wallet (EIP-6963, Wallet Standard, sats-connect) or one of the app's own connectors. */
export interface ConnectorWalletItem {
  readonly kind: 'connector'
  readonly id: string
  readonly name: string
  /** A `data:image/` URI, or undefined. */
  readonly icon: string | undefined
  readonly installed: boolean
  /** Connected from this browser before (SPEC 2 "Recent"). */
  readonly recent: boolean
  readonly connector: ConnectorInfo
  /** The same wallet's connectors for other chain families: `useConnect` connects them together. */
  readonly also: readonly ConnectorInfo[]
}

/** A wallet of the registry (SPEC 7): connected through WalletConnect, unless it is installed here. */
export interface RegistryWalletItem {
  readonly kind: 'registry'
  readonly id: string
  /** Text from the registry: render it as text, never as HTML. */
  readonly name: string
  /** `/getWalletImage/{id}` on the configured apiUrl, or undefined when the registry has none. */
  readonly imageUrl: string | undefined
  readonly wallet: RegistryWallet
}

/** One entry of `useWalletList`; `useConnect().connect(item)` takes any of them. */
export type WalletListItem = ConnectorWalletItem | RegistryWalletItem

export interface UseWalletListParameters {
  /** Filters the lists by name, and asks the registry (its search waits 300 ms after the last change, SPEC 9). */
  search?: string
}

export interface UseWalletListReturnType {
  /** The browser's wallets and the app's own connectors, installed first (the search filters them at once). */
  installed: readonly ConnectorWalletItem[]
  /** The wallets connected from this browser before, newest first (at most 2). */
  recent: readonly ConnectorWalletItem[]
  /** The host's `featuredWalletIds` (else the registry's first 4), minus the installed ones. */
  featured: readonly RegistryWalletItem[]
  /** The registry's pages loaded so far, or the search's results while `search` is not blank; minus the installed ones. */
  wallets: readonly RegistryWalletItem[]
  /** How many the registry has for this app (or the search matches). */
  count: number
  /** False without a projectId (or with `enableWallets: false`): only `installed` and `recent` fill. */
  registryEnabled: boolean
  loading: boolean
  /** The last lists, page or search failure; what loaded before stays. */
  error: ErrorInfo | null
  /** Another page can be loaded (not while searching, or while a failure waits for `retry`). */
  hasMore: boolean
  /** The next page of 40; nothing when there is none or one is loading. */
  loadMore(): void
  /** The search again, or the lists or page that failed. */
  retry(): void
}

/** Stores whose registry a list asked to load: once each (StrictMode mounts twice before the slice shows it loading). */
const asked = new WeakSet<object>()

const recentEntries = (state: AirlockState): WalletEntry[] => selectConnectWallets(state).filter((entry) => entry.tag === 'Recent')

/**
 * The wallets to offer, for a connect UI of your own: the same lists, pages and search as the
 * modal's Connect and All Wallets views, without the modal. Mounting it loads the registry.
 * @example
 * const [search, setSearch] = useState('')
 * const { installed, featured, wallets, hasMore, loadMore } = useWalletList({ search })
 * const { connect } = useConnect()
 * return [...installed, ...featured, ...wallets].map((w) => <button key={w.id} onClick={() => connect(w)}>{w.name}</button>)
 */
export function useWalletList({ search = '' }: UseWalletListParameters = {}): UseWalletListReturnType {
  const airlock = useAirlockInstance()
  const enabled = useAirlockSelector(selectRegistryEnabled)
  const all = useAirlockSelector(selectAllWallets, sameEntries)
  const recentList = useAirlockSelector(recentEntries, sameEntries)
  const featuredList = useAirlockSelector((s) => s.registry.featured, sameWallets)
  const registry = useAirlockSelector((s) => s.registry)
  const options = useAirlockSelector((s) => s.options)
  const query = search.trim()
  const searching = enabled && query !== ''

  // The registry epics start at the first modal open, or here (core/registry/lazyRegistryEpics.ts).
  useEffect(() => {
    if (!enabled || asked.has(airlock) || airlock.getState().registry.status !== 'idle') return
    asked.add(airlock)
    airlock.dispatch({ type: 'registry/loadRequested' })
  }, [airlock, enabled])
  useEffect(() => {
    // An empty box at mount has nothing to reset; a cleared one resets the search at once.
    if (enabled && (query !== '' || airlock.getState().registry.search.status !== 'idle')) airlock.dispatch({ type: 'registry/searchRequested', query })
  }, [airlock, enabled, query])

  const lists = useMemo(() => {
    const recentIds = new Set(recentList.map((entry) => entry.connector.id))
    const toConnector = (entry: WalletEntry): ConnectorWalletItem => ({
      kind: 'connector',
      id: entry.connector.id,
      name: entry.connector.name,
      icon: entry.connector.icon,
      installed: entry.connector.installed,
      recent: recentIds.has(entry.connector.id),
      connector: entry.connector,
      also: entry.also ?? [],
    })
    const toRegistry = (wallet: RegistryWallet): RegistryWalletItem => ({
      kind: 'registry',
      id: wallet.id,
      name: wallet.name,
      imageUrl: wallet.image_id ? walletImageUrl(options, wallet.image_id) : undefined,
      wallet,
    })
    const connectors = all.map((entry) => entry.connector)
    const named = (wallet: RegistryWallet) => query === '' || wallet.name.toLowerCase().includes(query.toLowerCase())
    const results = registryResults(registry, { enabled, searching, listed: connectors })
    return {
      installed: filterWallets(all, query).map(toConnector),
      recent: filterWallets(recentList, query).map(toConnector),
      featured: enabled ? withoutListed(featuredList, connectors).filter(named).map(toRegistry) : [],
      wallets: results.wallets.map(toRegistry),
      results,
    }
  }, [all, recentList, featuredList, registry, options, enabled, searching, query])

  const loadMore = useCallback(() => {
    if (!searching) requestNextWalletPage(airlock)
  }, [airlock, searching])
  const retry = useCallback(() => retryWalletList(airlock, query), [airlock, query])

  const hasMore = enabled && !searching && (hasNextWalletPage(registry) || registry.loadingPage !== null)
  return useMemo(() => {
    const { installed, recent, featured, wallets, results } = lists
    return { installed, recent, featured, wallets, count: results.count, registryEnabled: enabled, loading: results.loading, error: results.error, hasMore, loadMore, retry }
  }, [lists, enabled, hasMore, loadMore, retry])
}
