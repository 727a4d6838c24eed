import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { truncateDecimal } from '../../../core/format/truncateDecimal.js'
import { BALANCE_UNAVAILABLE_MESSAGE } from '../../../core/slices/balances/balanceMessages.js'
import { SkeletonRows } from '../parts/SkeletonRows.js'
import { TokenIcon } from './TokenIcon.js'
import { formatUsd } from './formatUsd.js'
import { usePortfolioResource } from './usePortfolioResource.js'
import { useT } from '../../i18n/useT.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The Tokens tab (SPEC 2, 4): what the account holds on the active network, largest value first,
 * balances with 2 decimals and their USD value; loading, failure ('Token Balance Unavailable') and
 * empty states. Loaded on demand.
 */
export function TokensTab() {
  const t = useT()
  const { key, entry } = usePortfolioResource('tokens')
  const tokens = entry.data
  if (!key) return <p className="muted">{t('account.TokensTab.unavailable')}</p>
  if (!tokens) {
    if (entry.error) return <p className="error" role="alert">{t.core(BALANCE_UNAVAILABLE_MESSAGE)}</p>
    return <SkeletonRows count={3} label={t('account.TokensTab.loading')} />
  }
  if (tokens.length === 0) return <p className="muted" data-airlock="tokens-empty">{t('account.TokensTab.empty')}</p>
  const sorted = [...tokens].sort((a, b) => b.value - a.value)
  return (
    <ul className="list" data-airlock="tokens" aria-busy={entry.loading ? true : undefined}>
      {sorted.map((token) => (
        <li key={token.address ?? `native:${token.chainId}`} className="row" data-token={token.symbol}>
          <TokenIcon url={token.iconUrl} symbol={token.symbol} />
          <span className="row-name">
            {token.name}
            <br />
            <span className="muted">
              {groupDecimal(truncateDecimal(token.quantity.numeric, 2), t.locale)} {token.symbol}
            </span>
          </span>
          <span className="tag">{token.price > 0 ? formatUsd(token.value, t.locale) : '–'}</span>
        </li>
      ))}
    </ul>
  )
}
