/**
 * Placeholder rows (or, with `tiles`, a row of grid tiles) while wallets load: hidden from screen
 * readers, which hear `label` once instead.
 */
export function SkeletonRows({ count, label = 'Loading wallets', tiles = false }: { count: number; label?: string; tiles?: boolean }) {
  return (
    <div data-airlock="wallets-loading" aria-busy="true" className={tiles ? 'skeleton-grid' : undefined}>
      <p className="sr-only" role="status">
        {label}
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
