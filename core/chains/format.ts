const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/
const HEX_COLOR_PREFIX = /^0x([0-9a-fA-F]{6})/
const FALLBACK_AVATAR_COLOR = '#888888'
/** Hosts we may open over plain http in development (a local devnet explorer, a local dapp). */

/**
 * True for a transaction hash: 0x plus exactly 64 hex characters (SPEC 5). Never throws.
 * @example isTxHash('0x' + 'a'.repeat(64)) // true
 */
export function isTxHash(value: unknown): boolean {
  return typeof value === 'string' && TX_HASH.test(value)
}

/**
 * True for a signature: 0x plus at least 62 hex characters (SPEC 5). Never throws.
 * @example isSignedMessage('0x' + 'ab'.repeat(65)) // true
 */
export function isSignedMessage(value: unknown): boolean {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

/**
 * True when the string starts with `http://` or `https://` (SPEC 5 "URL"); a prefix test, not a full parse.
 * @example isHttpUrl('https://example.com') // true
 */
export function isHttpUrl(value: unknown): boolean {
  return typeof value === 'string' && (value.startsWith('http://') || value.startsWith('https://'))
}

/**
 * Shortens an address to its first `head` and last `tail` characters around `…` (SPEC 9: 4 and 6).
 * The `0x` prefix counts towards `head`. Short values come back unchanged.
 * @example formatAddress('0x1234567890abcdef1234567890abcdef12345678') // '0x12…345678'
 */
export function formatAddress(address: string, head = 4, tail = 6): string {
  if (typeof address !== 'string') return ''
  const h = Math.max(0, Math.floor(Number.isFinite(head) ? head : 0))
  const t = Math.max(0, Math.floor(Number.isFinite(tail) ? tail : 0))
  // Replacing a single character with `…` would not make it shorter.
  if (address.length <= h + t + 1) return address
  // `slice(-0)` is the whole string, hence the explicit empty tail.
  return `${address.slice(0, h)}…${t === 0 ? '' : address.slice(-t)}`
}

/**
 * A stable avatar colour `#rrggbb` from the first 6 hex digits after `0x` (SPEC 9); `#888888` otherwise.
 * @example avatarColorFromAddress('0xABCDEF0000000000000000000000000000000000') // '#abcdef'
 */
export function avatarColorFromAddress(address: unknown): string {
  if (typeof address !== 'string') return FALLBACK_AVATAR_COLOR
  const match = HEX_COLOR_PREFIX.exec(address)
  return match?.[1] ? `#${match[1].toLowerCase()}` : FALLBACK_AVATAR_COLOR
}
