/** Placeholder rows while wallets load: hidden from screen readers, which hear `label` once instead. */
export function SkeletonRows({ count, label = 'Loading wallets' }: { count: number; label?: string }) {
  return (
    <div data-airlock="wallets-loading" aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="row" aria-hidden="true" style={{ opacity: 0.5 }}>
          <span className="wallet-icon" style={{ background: 'var(--airlock-surface-hover)' }} />
          <span className="row-name" style={{ height: 12, borderRadius: 6, background: 'var(--airlock-surface-hover)' }} />
        </div>
      ))}
    </div>
  )
}
