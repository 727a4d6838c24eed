import { useObservableCallback, useObservableState } from 'observable-hooks'
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { debounceTime, distinctUntilChanged, map } from 'rxjs'
import { WALLET_SEARCH_DEBOUNCE_MS } from '../../../core/constants/timing.js'
import type { RegistryWallet } from '../../../core/registry/types.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NoWallets } from '../parts/NoWallets.js'
import { selectRegistryEnabled } from '../parts/registryEntries.js'
import { RegistryWalletButton } from '../parts/RegistryWalletRow.js'
import { SkeletonRows } from '../parts/SkeletonRows.js'
import { VirtualList } from '../parts/VirtualList.js'
import { formatWalletCount, sameEntries, selectAllWallets, type WalletEntry } from '../parts/walletEntries.js'
import { WalletButton } from '../parts/WalletRow.js'
import { useT } from '../../i18n/useT.js'
import { filterWallets, registryResults, requestNextWalletPage, retryWalletList } from '../parts/walletListResults.js'

type Item = { kind: 'installed'; entry: WalletEntry } | { kind: 'registry'; wallet: RegistryWallet }

/** Load the next page when the last rendered wallet is this close to the end. */
const LOAD_AHEAD_ROWS = 10

const keyOf = (item: Item) => (item.kind === 'installed' ? `c:${item.entry.connector.id}` : `r:${item.wallet.id}`)
const renderRow = (item: Item, tabIndex: number) => (item.kind === 'installed' ? <WalletButton entry={item.entry} tabIndex={tabIndex} tile /> : <RegistryWalletButton wallet={item.wallet} tabIndex={tabIndex} tile />)

/**
 * Every wallet: the installed ones first, then the registry (SPEC 7), 40 per page as the grid
 * scrolls, rendered virtually as icon tiles. The search box filters installed wallets here and asks the
 * registry through the search epic (300 ms debounce, SPEC 9).
 */
export function AllWallets() {
  const airlock = useAirlockInstance()
  const t = useT()
  const enabled = useAirlockSelector(selectRegistryEnabled)
  const installed = useAirlockSelector(selectAllWallets, sameEntries)
  const registry = useAirlockSelector((s) => s.registry)
  const [text, setText] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const [onLocalSearch, query$] = useObservableCallback<string, string>((input$) =>
    input$.pipe(
      debounceTime(WALLET_SEARCH_DEBOUNCE_MS, airlock.deps.scheduler),
      map((value) => value.trim().toLowerCase()),
      distinctUntilChanged(),
    ),
  )
  const localQuery = useObservableState(query$, '')
  const searching = enabled && text.trim() !== ''

  useEffect(() => input.current?.focus(), [])

  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const value = event.currentTarget.value
    setText(value)
    onLocalSearch(value)
    if (enabled) airlock.dispatch({ type: 'registry/searchRequested', query: value })
  }

  const found = useMemo(() => filterWallets(installed, localQuery), [installed, localQuery])
  const results = useMemo(() => registryResults(registry, { enabled, searching, listed: installed.map((e) => e.connector) }), [registry, enabled, searching, installed])
  const items = useMemo<Item[]>(
    () => [...found.map((entry) => ({ kind: 'installed' as const, entry })), ...results.wallets.map((wallet) => ({ kind: 'registry' as const, wallet }))],
    [found, results.wallets],
  )

  const onEndReached = useCallback(
    (last: number) => {
      if (!enabled || searching || last < items.length - LOAD_AHEAD_ROWS) return
      requestNextWalletPage(airlock)
    },
    [airlock, enabled, searching, items.length],
  )

  const { loading, error } = results
  const retry = () => retryWalletList(airlock, searching ? text : '')
  const total = (searching ? found.length : installed.length) + results.count

  if (!enabled && installed.length === 0) return <NoWallets />
  return (
    <div className="stack">
      <input ref={input} className="search" type="search" aria-label={t('connect.AllWallets.searchLabel')} placeholder={t('connect.AllWallets.searchPlaceholder')} autoComplete="off" spellCheck={false} value={text} onChange={onChange} />
      <p className="sr-only" role="status">
        {loading ? t('connect.SkeletonRows.loadingWallets') : t('connect.AllWallets.count', { count: total, total: formatWalletCount(total, t.locale) })}
      </p>
      {items.length > 0 ? <VirtualList items={items} label={t('connect.AllWallets.listLabel')} keyOf={keyOf} renderRow={renderRow} onEndReached={onEndReached} /> : null}
      {loading ? <SkeletonRows count={items.length === 0 ? 8 : 4} tiles /> : null}
      {error ? (
        <div className="center" role="alert" data-airlock="wallets-error">
          <p className="muted">{t.core(error.message)}</p>
          <button type="button" className="button" data-variant="secondary" onClick={retry}>
            {t('connect.Connecting.retry')}
          </button>
        </div>
      ) : null}
      {items.length === 0 && !loading && !error ? (
        <div className="center" data-airlock="no-results">
          <p className="lead">{t('connect.NoWallets.title')}</p>
          <p className="muted">{text.trim() === '' ? t('connect.AllWallets.noNetworkMatch') : t('connect.AllWallets.tryAnotherName')}</p>
        </div>
      ) : null}
    </div>
  )
}
