/** A busy indicator; `label` is read by screen readers, the ring is decorative. */
export function Spinner({ label, size }: { label: string; size?: 'lg' }) {
  return (
    <span role="status" className="center">
      <span className="spinner" data-size={size} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  )
}
