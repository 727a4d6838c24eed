/**
 * One label and value of a summary list (`<dl>`): Send's and Swap's previews, Buy's quote.
 * @example <dl><DetailRow label="Network fee" value="0.50 USD" /></dl>
 */
export function DetailRow({ label, value, id }: { label: string; value: string; id?: string }) {
  return (
    <div className="row" style={{ cursor: 'default' }}>
      <dt className="row-name muted">{label}</dt>
      <dd style={{ margin: 0 }} data-airlock={id}>
        {value}
      </dd>
    </div>
  )
}
