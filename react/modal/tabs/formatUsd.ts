const formats = new Map<string, Intl.NumberFormat>()

/**
 * A USD amount with 2 decimals (SPEC 9), in the shown language's number format (`t.locale`;
 * English: `$1,234.50`).
 * @example formatUsd(1234.5) // '$1,234.50'
 * @example formatUsd(1234.5, 'es') // '1234,50 US$'
 */
export function formatUsd(value: number, locale = 'en-US'): string {
  let usd = formats.get(locale)
  if (!usd) {
    usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    formats.set(locale, usd)
  }
  return usd.format(Number.isFinite(value) ? value : 0)
}
