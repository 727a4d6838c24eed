/** Longest smallest-unit string accepted (uint256 has 78 digits): anything longer is bad input. */
const VALUE = /^\d{1,128}$/

/**
 * Formats a balance given in smallest units (wei, lamports, sats) with exactly `maxDecimals`
 * decimals, truncating and never rounding (SPEC 5 "Balances"). Exact: the digits are cut as
 * text, no floats. Bad input (not a non-negative integer string, bad decimals) gives zero,
 * `'0.000'` by default. It runs in the page's start-up code (the account button): kept small.
 * @example formatBalance('1234567890000000000', 18) // '1.234'
 */
export function formatBalance(value: string, decimals: number, maxDecimals = 3): string {
  const places = isCount(maxDecimals) ? maxDecimals : 3
  const [units, point] = typeof value === 'string' && VALUE.test(value) && isCount(decimals) ? [value, decimals] : ['0', 0]
  // Padded to one digit more than the decimals: the point goes `point` digits from the end.
  const digits = units.padStart(point + 1, '0')
  const at = digits.length - point
  const whole = digits.slice(0, at).replace(/^0+(?=\d)/, '')
  return places ? `${whole}.${digits.slice(at, at + places).padEnd(places, '0')}` : whole
}

/** ERC-20 `decimals` is a uint8. */
const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 255
