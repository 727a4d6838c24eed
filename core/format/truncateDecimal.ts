/**
 * A decimal string cut (never rounded) to `places` decimals, padded with zeros (SPEC 9: token
 * balances show 2 decimals, transaction quantities 3). Anything that is not a plain decimal gives zero.
 * @example truncateDecimal('1.23456', 3) // '1.234'
 */
export function truncateDecimal(numeric: string, places: number): string {
  const match = /^(\d{1,78})(?:\.(\d{0,78}))?$/.exec(numeric)
  const whole = match ? match[1]!.replace(/^0+(?=\d)/, '') : '0'
  const fraction = match?.[2] ?? ''
  return places === 0 ? whole : `${whole}.${fraction.slice(0, places).padEnd(places, '0')}`
}
