import { truncateDecimal } from './truncateDecimal.js'

/**
 * A decimal string cut (never rounded) to at most `places` decimals, without trailing zeros: amounts
 * the person typed or a quote gave read as written ('0.5', not '0.500000').
 * @example shortDecimal('0.5000001', 6) // '0.5'
 */
export function shortDecimal(numeric: string, places: number): string {
  const cut = truncateDecimal(numeric, places)
  return cut.includes('.') ? cut.replace(/\.?0+$/, '') : cut
}
