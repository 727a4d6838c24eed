const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * A USD amount with 2 decimals (SPEC 9).
 * @example formatUsd(1234.5) // '$1,234.50'
 */
export function formatUsd(value: number): string {
  return usd.format(Number.isFinite(value) ? value : 0)
}
