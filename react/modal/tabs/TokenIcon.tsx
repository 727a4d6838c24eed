import { useState } from 'react'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { apiImageUrl, type ApiImageKind } from '../marks/apiImageUrl.js'

/**
 * A token's icon: the URL the data came with (already checked to be on the data service's
 * origin), else the data service's image for its symbol (`/public/getTokenImage/{symbol}`, with a
 * project id), else, or when both fail, its first letter.
 * @example <TokenIcon url={token.iconUrl} symbol={token.symbol} />
 */
export function TokenIcon({ url, symbol }: { url: string; symbol: string }) {
  return <ApiIcon sources={[url]} kind="getTokenImage" id={symbol} letter={symbol} />
}

/**
 * A fiat currency's image (`/public/getCurrencyImage/{code}`), else its code's first letter.
 * @example <CurrencyIcon code="USD" />
 */
export function CurrencyIcon({ code }: { code: string }) {
  return <ApiIcon sources={[]} kind="getCurrencyImage" id={code} letter={code} />
}

/** The first of `sources` then the data service's image that loads; the letter when none does. */
function ApiIcon({ sources, kind, id, letter }: { sources: string[]; kind: ApiImageKind; id: string; letter: string }) {
  // The options object, not the URL: a URL built in the selector would be built again on every action, for every icon.
  const options = useAirlockSelector((state) => state.options)
  const api = apiImageUrl(options, kind, id)
  const [failed, setFailed] = useState(0)
  const url = [...sources, api].filter((source): source is string => Boolean(source))[failed]
  if (!url) {
    return (
      <span className="badge" aria-hidden="true">
        {Array.from(letter)[0] ?? '?'}
      </span>
    )
  }
  return <img key={url} className="wallet-icon" src={url} alt="" width={32} height={32} loading="lazy" onError={() => setFailed((n) => n + 1)} />
}
