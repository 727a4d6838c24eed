import { groupDecimal } from '../../../core/format/groupDecimal.js'
import { truncateDecimal } from '../../../core/format/truncateDecimal.js'
import { BALANCE_UNAVAILABLE_MESSAGE } from '../../../core/slices/balances/balanceMessages.js'
import { SkeletonRows } from '../parts/SkeletonRows.js'
import { TokenIcon } from './TokenIcon.js'
import { formatUsd } from './formatUsd.js'
import { usePortfolioResource } from './usePortfolioResource.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The Tokens tab (SPEC 2, 4): what the account holds on the active network, largest value first,
 * balances with 2 decimals and their USD value; loading, failure ('Token Balance Unavailable') and
 * empty states. Loaded on demand.
 */
export function TokensTab() {
  const { key, entry } = usePortfolioResource('tokens')
  const tokens = entry.data
  if (!key) return <p className="muted">Balances are not available on this network.</p>
  if (!tokens) {
    if (entry.error) return <p className="error" role="alert">{BALANCE_UNAVAILABLE_MESSAGE}</p>
    return <SkeletonRows count={3} label="Loading tokens" />
  }
  if (tokens.length === 0) return <p className="muted" data-airlock="tokens-empty">No tokens on this network yet.</p>
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
              {groupDecimal(truncateDecimal(token.quantity.numeric, 2))} {token.symbol}
            </span>
          </span>
          <span className="tag">{token.price > 0 ? formatUsd(token.value) : '–'}</span>
        </li>
      ))}
    </ul>
  )
}
