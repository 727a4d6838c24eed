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
import { useT, type Translate } from '../../i18n/useT.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The Activity tab (SPEC 3, 4, 8): the account's transactions on the active EVM network, grouped by
 * year then month, newest first, with the ones sent from this modal on top at once; more pages as
 * the list scrolls to its end (or with the button). Loaded on demand.
 */
export function ActivityTab() {
  const airlock = useAirlockInstance()
  const t = useT()
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

  if (!key) return <p className="muted">{t('account.ActivityTab.evmOnly')}</p>
  if (activity.key !== key || (activity.loading && activity.transactions.length === 0)) return <SkeletonRows count={3} label={t('account.ActivityTab.loading')} />
  if (activity.error) return <p className="error" role="alert" data-airlock="activity-error">{t.core(activity.error.message)}</p>
  const mine = pending.filter((transaction) => transaction.chain === network.caipNetworkId)
  const groups = groupActivity(activity.transactions)
  if (groups.length === 0 && mine.length === 0) return <p className="muted" data-airlock="activity-empty">{t('account.ActivityTab.empty')}</p>
  const explorer = network.blockExplorers?.default.url
  return (
    <div className="stack" data-airlock="activity">
      {mine.length > 0 ? <ActivityGroupList label={t('account.ActivityTab.pendingGroup')} transactions={mine} explorer={explorer} me={address!} t={t} /> : null}
      {groups.map((group) => (
        <ActivityGroupList key={`${group.year}-${group.month}`} label={monthOf(group.year, group.month, t.locale)} transactions={group.transactions} explorer={explorer} me={address!} t={t} />
      ))}
      {activity.next !== null ? (
        <ul className="list" aria-hidden="true">
          <li ref={sentinel} />
        </ul>
      ) : null}
      {activity.next !== null ? (
        <button type="button" className="button" disabled={activity.loading} onClick={() => airlock.dispatch({ type: 'activity/pageRequested', key, more: true })}>
          {activity.loading ? t('account.ActivityTab.loadingMore') : t('account.ActivityTab.loadMore')}
        </button>
      ) : null}
    </div>
  )
}

/** A group's heading: its month and year in the shown language ('March 2025'); the months are UTC (core/portfolio/groupActivity.ts). */
function monthOf(year: number, month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month, 1))
}

interface RowProps {
  explorer: string | undefined
  me: string
  t: Translate
}

function ActivityGroupList({ label, transactions, explorer, me, t }: RowProps & { label: string; transactions: readonly ActivityTransaction[] }) {
  return (
    <section aria-label={label}>
      <h3 className="muted" style={{ fontSize: 12, margin: '4px 0' }}>
        {label}
      </h3>
      <ul className="list" style={{ maxHeight: 'none' }}>
        {transactions.map((transaction) => (
          <ActivityRow key={transaction.id} transaction={transaction} explorer={explorer} me={me} t={t} />
        ))}
      </ul>
    </section>
  )
}

/** What a row says it did, without its amounts: one message each, `{what}` the amount (or NFT). */
const VERBS = {
  swapping: 'account.ActivityTab.swapping',
  swapped: 'account.ActivityTab.swapped',
  sending: 'account.ActivityTab.sending',
  minted: 'account.ActivityTab.minted',
  sent: 'account.ActivityTab.sent',
  received: 'account.ActivityTab.received',
} as const

function ActivityRow({ transaction, explorer, me, t }: RowProps & { transaction: ActivityTransaction }) {
  const transfer = transaction.transfers[0]
  const outgoing = transaction.sentFrom.toLowerCase() === me.toLowerCase()
  const trade = transaction.operationType === 'trade'
  const verb = trade ? (transaction.pending ? 'swapping' : 'swapped') : transaction.pending ? 'sending' : transaction.operationType === 'mint' ? 'minted' : outgoing ? 'sent' : 'received'
  const amount = (leg: ActivityTransaction['transfers'][number] | undefined) =>
    leg?.nft ? leg.nft.name : leg?.fungible ? `${groupDecimal(truncateDecimal(leg.quantity.numeric, 3), t.locale)} ${leg.fungible.symbol}` : ''
  // A swap names both legs: what left and what came in.
  const paid = trade ? transaction.transfers.find((leg) => leg.direction === 'out') : undefined
  const got = trade ? transaction.transfers.find((leg) => leg.direction === 'in') : undefined
  const what =
    paid && got
      ? t(transaction.pending ? 'account.ActivityTab.swappingPair' : 'account.ActivityTab.swappedPair', { paid: amount(paid), got: amount(got) })
      : t(VERBS[verb], { what: amount(transfer) })
  const counterpart = outgoing ? transaction.sentTo : transaction.sentFrom
  const url = explorer && transaction.hash ? `${explorer.replace(/\/+$/, '')}/tx/${transaction.hash}` : null
  const safe = url !== null && isSafeOpenUrl(url, { allowLocalhostHttp: true })
  return (
    <li className="row" data-activity={transaction.hash} data-status={transaction.pending ? 'pending' : transaction.status} style={{ cursor: 'default' }}>
      <span className="badge" aria-hidden="true">
        {outgoing ? '↑' : '↓'}
      </span>
      <span className="row-name">
        {what}
        <br />
        <span className="muted" style={{ fontSize: 12 }}>
          {counterpart ? `${t(outgoing ? 'account.ActivityTab.to' : 'account.ActivityTab.from', { address: shortAddress(counterpart) })} · ` : ''}
          {transaction.pending
            ? t('account.ActivityTab.statusPending')
            : transaction.status === 'failed'
              ? t('account.ActivityTab.statusFailed')
              : new Date(transaction.minedAt).toLocaleDateString(t.locale)}
        </span>
      </span>
      {safe ? (
        <a className="tag" href={url} target="_blank" rel="noopener noreferrer" aria-label={t('account.ActivityTab.viewLabel', { hash: transaction.hash })}>
          {t('account.ActivityTab.view')}
        </a>
      ) : null}
    </li>
  )
}
