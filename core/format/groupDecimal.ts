/**
 * A plain decimal string (already cut by `truncateDecimal` or `formatBalance`) in the reader's
 * locale, with digit grouping and exactly the decimals it has: nothing is rounded or dropped, as
 * the string reaches `Intl.NumberFormat` unchanged (exact decimal formatting, not a float).
 * Anything else comes back as it was. Display only: form fields keep the plain string.
 * @example groupDecimal('10000.000', 'en-US') // '10,000.000'
 */
export function groupDecimal(decimal: string, locale?: string): string {
  const places = decimal.split('.')[1]?.length ?? 0
  try {
    // A string is formatted as the exact decimal it spells (ECMA-402 "Intl.NumberFormat v3").
    return /^\d+(\.\d+)?$/.test(decimal) ? new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).format(decimal as unknown as number) : decimal
  } catch {
    return decimal
  }
}
