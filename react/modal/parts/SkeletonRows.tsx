import { useT } from '../../i18n/useT.js'

/**
 * Placeholder rows (or, with `tiles`, a row of grid tiles) while wallets load: hidden from screen
 * readers, which hear `label` once instead (by default the catalogue's "Loading wallets").
 */
export function SkeletonRows({ count, label, tiles = false }: { count: number; label?: string; tiles?: boolean }) {
  const t = useT()
  return (
    <div data-airlock="wallets-loading" aria-busy="true" className={tiles ? 'skeleton-grid' : undefined}>
      <p className="sr-only" role="status">
        {label ?? t('connect.SkeletonRows.loadingWallets')}
      </p>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={tiles ? 'tile' : 'row'} aria-hidden="true" style={{ opacity: 0.5 }}>
          <span className="wallet-icon" style={{ background: 'var(--airlock-surface-hover)' }} />
          <span className="row-name" style={{ height: 12, borderRadius: 6, background: 'var(--airlock-surface-hover)' }} />
        </div>
      ))}
    </div>
  )
}
