/** Longest smallest-unit string accepted (uint256 has 78 digits): anything longer is bad input. */
const MAX_DIGITS = 128
/** ERC-20 `decimals` is a uint8. */
const MAX_DECIMALS = 255
const DIGITS = /^\d+$/

/**
 * Formats a balance given in smallest units (wei, lamports, sats) with exactly `maxDecimals`
 * decimals, truncating and never rounding (SPEC 5 "Balances"). Exact: bigint math, no floats.
 * Bad input (not a non-negative integer string, bad decimals) gives zero, `'0.000'` by default.
 * @example formatBalance('1234567890000000000', 18) // '1.234'
 */
export function formatBalance(value: string, decimals: number, maxDecimals = 3): string {
  const places = isCount(maxDecimals) ? maxDecimals : 3
  if (typeof value !== 'string' || value.length > MAX_DIGITS || !DIGITS.test(value) || !isCount(decimals)) return zero(places)
  const units = BigInt(value)
  const base = 10n ** BigInt(decimals)
  const whole = (units / base).toString()
  if (places === 0) return whole
  // The remainder padded to `decimals` digits is the exact fraction; cutting it is truncation.
  const fraction = decimals === 0 ? '' : (units % base).toString().padStart(decimals, '0')
  return `${whole}.${fraction.slice(0, places).padEnd(places, '0')}`
}

function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_DECIMALS
}

function zero(places: number): string {
  return places === 0 ? '0' : `0.${'0'.repeat(places)}`
}
