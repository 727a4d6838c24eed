import { useState } from 'react'

/** A token's icon (already checked to be on the data service's origin), or its first letter when there is none or it fails. */
export function TokenIcon({ url, symbol }: { url: string; symbol: string }) {
  const [failed, setFailed] = useState(false)
  if (!url || failed) {
    return (
      <span className="badge" aria-hidden="true">
        {Array.from(symbol)[0] ?? '?'}
      </span>
    )
  }
  return <img className="wallet-icon" src={url} alt="" width={32} height={32} loading="lazy" onError={() => setFailed(true)} />
}
