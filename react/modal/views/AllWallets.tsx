import { useObservableCallback, useObservableState } from 'observable-hooks'
import type { ChangeEvent } from 'react'
import { debounceTime, distinctUntilChanged, map } from 'rxjs'
import { WALLET_SEARCH_DEBOUNCE_MS } from '../../../core/constants/timing.js'
import { useAirlockInstance } from '../../context.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NoWallets } from '../parts/NoWallets.js'
import { sameEntries, selectAllWallets } from '../parts/walletEntries.js'
import { WalletRow } from '../parts/WalletRow.js'

/** Every wallet, installed first, with a search box (debounced on the store's scheduler, SPEC 9). */
export function AllWallets() {
  const airlock = useAirlockInstance()
  const entries = useAirlockSelector(selectAllWallets, sameEntries)
  const [onSearch, query$] = useObservableCallback<string, string, [ChangeEvent<HTMLInputElement>]>(
    (input$) =>
      input$.pipe(
        debounceTime(WALLET_SEARCH_DEBOUNCE_MS, airlock.deps.scheduler),
        map((text) => text.trim().toLowerCase()),
        distinctUntilChanged(),
      ),
    ([event]) => event.currentTarget.value,
  )
  const query = useObservableState(query$, '')
  if (entries.length === 0) return <NoWallets />
  const found = query === '' ? entries : entries.filter((entry) => entry.connector.name.toLowerCase().includes(query))
  return (
    <div className="stack">
      <input className="search" type="search" aria-label="Search wallets" placeholder="Search wallet" autoComplete="off" spellCheck={false} onChange={onSearch} />
      <p className="sr-only" role="status">
        {found.length === 1 ? '1 wallet' : `${found.length} wallets`}
      </p>
      {found.length === 0 ? (
        <p className="muted center" data-airlock="no-results">
          No wallet matches your search.
        </p>
      ) : (
        <ul className="list" aria-label="All wallets">
          {found.map((entry) => (
            <WalletRow key={entry.connector.id} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  )
}
