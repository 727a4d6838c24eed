import { useState } from 'react'
import type { Nft } from '../../../core/portfolio/types.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { selectPortfolio } from '../../../core/portfolio/selectPortfolio.js'
import { SkeletonRows } from '../parts/SkeletonRows.js'
import { usePortfolioResource } from './usePortfolioResource.js'
import { useT } from '../../i18n/useT.js'
// Keeps the page's start-up modules in one shared chunk (see react/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** The NFTs tab: the account's NFTs on the active network, two a row with preview, name and collection; loading, failure and empty states. Loaded on demand. */
export function NftsTab() {
  const t = useT()
  const { key, entry } = usePortfolioResource('nfts')
  const hasService = useAirlockSelector((state) => state.options.projectId !== null)
  if (!key) return <p className="muted">{t('account.NftsTab.unavailable')}</p>
  if (!hasService) return <p className="muted">{t('account.NftsTab.needsService')}</p>
  const nfts = entry.data
  if (!nfts) {
    if (entry.error) return <p className="error" role="alert">{t('account.NftsTab.loadFailed')}</p>
    return <SkeletonRows count={2} label={t('account.NftsTab.loading')} />
  }
  if (nfts.length === 0) return <p className="muted" data-airlock="nfts-empty">{t('account.NftsTab.empty')}</p>
  return (
    <ul className="list" data-airlock="nfts" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
      {nfts.map((nft) => (
        <NftCard key={nft.id} nft={nft} />
      ))}
    </ul>
  )
}

function NftCard({ nft }: { nft: Nft }) {
  // Preloaded by the NFT epic (SPEC 9: at most 2 s); a failed or late image shows the placeholder.
  const broken = useAirlockSelector((state) => selectPortfolio(state).brokenImages.includes(nft.imageUrl))
  const [errored, setFailed] = useState(false)
  const failed = broken || errored
  return (
    <li data-nft={nft.tokenId} style={{ minWidth: 0, padding: 8, borderRadius: 16, background: 'var(--airlock-surface)' }}>
      {nft.imageUrl && !failed ? (
        <img src={nft.imageUrl} alt={nft.name} loading="lazy" onError={() => setFailed(true)} style={{ width: '100%', aspectRatio: '1', borderRadius: 12, display: 'block' }} />
      ) : (
        <div role="img" aria-label={nft.name} style={{ width: '100%', aspectRatio: '1', borderRadius: 12, background: 'var(--airlock-surface-hover)' }} />
      )}
      <p className="row-name" style={{ margin: '6px 0 0', overflowWrap: 'anywhere' }}>
        {nft.name}
      </p>
      <p className="muted" style={{ margin: 0, fontSize: 12 }}>
        {nft.collection.name}
      </p>
    </li>
  )
}
