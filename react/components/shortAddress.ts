import { ADDRESS_HEAD_CHARS, ADDRESS_TAIL_CHARS } from '../../core/constants/limits.js'

/**
 * An address as shown in buttons and the Account view: 4 characters after any `0x`, `…`, the last 6 (SPEC 9).
 * Short values come back unchanged. Written out here (not `formatAddress`): it is start-up code.
 * @example shortAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F') // '0x71C7…d8976F'
 */
export function shortAddress(address: string): string {
  const head = address.startsWith('0x') ? ADDRESS_HEAD_CHARS + 2 : ADDRESS_HEAD_CHARS
  return address.length <= head + ADDRESS_TAIL_CHARS + 1 ? address : `${address.slice(0, head)}…${address.slice(-ADDRESS_TAIL_CHARS)}`
}
