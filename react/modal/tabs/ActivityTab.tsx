import { useEffect, useRef } from 'react'
import { isSafeOpenUrl } from '../../../core/chains/isSafeOpenUrl.js'
import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { truncateDecimal } from '../../../core/format/truncateDecimal.js'
import { groupActivity } from '../../../core/portfolio/groupActivity.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import type { ActivityTransaction } from '../../../core/portfolio/types.js'
import { selectActiveNetwork } from '../../../core/slices/network/selectors.js'
import { shortAddress } from '../../components/shortAddress.js'
import { useAirlockInstance } from '../../context.js'
import { useAccount } from '../../hooks/useAccount.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { SkeletonRows } from '../parts/SkeletonRows.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * The Activity tab (SPEC 3, 4, 8): the account's transactions on the active EVM network, grouped by
 * year then month, newest first, with the ones sent from this modal on top at once; more pages as
 * the list scrolls to its end (or with the button). Loaded on demand.
 */
export function ActivityTab() {
  const airlock = useAirlockInstance()
  const { address } = useAccount()
  const network = useAirlockSelector(selectActiveNetwork)
  const activity = useAirlockSelector((state) => selectPortfolio(state).activity)
  const pending = useAirlockSelector((state) => selectPortfolio(state).pending)
  const key = address && network.chainNamespace === 'eip155' ? `${network.caipNetworkId}|${address}` : null
  const sentinel = useRef<HTMLLIElement | null>(null)

  useEffect(() => {
    if (key) airlock.dispatch({ type: 'activity/pageRequested', key })
  }, [airlock, key])

  // Infinite scroll: the next page when the end of the list comes into view.
  useEffect(() => {
    const element = sentinel.current
    if (!element || !key || activity.next === null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) airlock.dispatch({ type: 'activity/pageRequested', key, more: true })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [airlock, key, activity.next])

  if (!key) return <p className="muted">Activity is available on EVM networks.</p>
  if (activity.key !== key || (activity.loading && activity.transactions.length === 0)) return <SkeletonRows count={3} label="Loading activity" />
  if (activity.error) return <p className="error" role="alert" data-airlock="activity-error">{activity.error.message}</p>
  const mine = pending.filter((t) => t.chain === network.caipNetworkId)
  const groups = groupActivity(activity.transactions)
  if (groups.length === 0 && mine.length === 0) return <p className="muted" data-airlock="activity-empty">No activity yet.</p>
  const explorer = network.blockExplorers?.default.url
  return (
    <div className="stack" data-airlock="activity">
      {mine.length > 0 ? <ActivityGroupList label="Pending" transactions={mine} explorer={explorer} me={address!} /> : null}
      {groups.map((group) => (
        <ActivityGroupList key={`${group.year}-${group.month}`} label={`${MONTHS[group.month]} ${group.year}`} transactions={group.transactions} explorer={explorer} me={address!} />
      ))}
      {activity.next !== null ? (
        <ul className="list" aria-hidden="true">
          <li ref={sentinel} />
        </ul>
      ) : null}
      {activity.next !== null ? (
        <button type="button" className="button" disabled={activity.loading} onClick={() => airlock.dispatch({ type: 'activity/pageRequested', key, more: true })}>
          {activity.loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  )
}

function ActivityGroupList({ label, transactions, explorer, me }: { label: string; transactions: readonly ActivityTransaction[]; explorer: string | undefined; me: string }) {
  return (
    <section aria-label={label}>
      <h3 className="muted" style={{ fontSize: 12, margin: '4px 0' }}>
        {label}
      </h3>
      <ul className="list" style={{ maxHeight: 'none' }}>
        {transactions.map((t) => (
          <ActivityRow key={t.id} transaction={t} explorer={explorer} me={me} />
        ))}
      </ul>
    </section>
  )
}

function ActivityRow({ transaction, explorer, me }: { transaction: ActivityTransaction; explorer: string | undefined; me: string }) {
  const transfer = transaction.transfers[0]
  const outgoing = transaction.sentFrom.toLowerCase() === me.toLowerCase()
  const trade = transaction.operationType === 'trade'
  const verb = trade ? (transaction.pending ? 'Swapping' : 'Swapped') : transaction.pending ? 'Sending' : transaction.operationType === 'mint' ? 'Minted' : outgoing ? 'Sent' : 'Received'
  const amount = (t: ActivityTransaction['transfers'][number] | undefined) => (t?.nft ? t.nft.name : t?.fungible ? `${groupDecimal(truncateDecimal(t.quantity.numeric, 3))} ${t.fungible.symbol}` : '')
  // A swap names both legs: what left and what came in.
  const paid = trade ? transaction.transfers.find((t) => t.direction === 'out') : undefined
  const got = trade ? transaction.transfers.find((t) => t.direction === 'in') : undefined
  const what = paid && got ? `${amount(paid)} for ${amount(got)}` : amount(transfer)
  const counterpart = outgoing ? transaction.sentTo : transaction.sentFrom
  const url = explorer && transaction.hash ? `${explorer.replace(/\/+$/, '')}/tx/${transaction.hash}` : null
  const safe = url !== null && isSafeOpenUrl(url, { allowLocalhostHttp: true })
  return (
    <li className="row" data-activity={transaction.hash} data-status={transaction.pending ? 'pending' : transaction.status} style={{ cursor: 'default' }}>
      <span className="badge" aria-hidden="true">
        {outgoing ? '↑' : '↓'}
      </span>
      <span className="row-name">
        {verb} {what}
        <br />
        <span className="muted" style={{ fontSize: 12 }}>
          {counterpart ? `${outgoing ? 'to' : 'from'} ${shortAddress(counterpart)} · ` : ''}
          {transaction.pending ? 'pending' : transaction.status === 'failed' ? 'failed' : new Date(transaction.minedAt).toLocaleDateString()}
        </span>
      </span>
      {safe ? (
        <a className="tag" href={url} target="_blank" rel="noopener noreferrer" aria-label={`View transaction ${transaction.hash} in the explorer`}>
          View
        </a>
      ) : null}
    </li>
  )
}
