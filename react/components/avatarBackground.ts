/**
 * An address's avatar as a CSS gradient from its colour `#rrggbb` (SPEC 9: the first 6 hex digits
 * after `0x`) to the same digits turned round, `#ggbbrr`. Addresses without hex digits (Solana's
 * base58, Bitcoin's bech32) take theirs from their last 5 characters read as a base-36 number,
 * its low 24 bits: those characters are as good as random there (the end of a public key, a
 * checksum), and it costs the start-up code no hash or decoder.
 * @example avatarBackground('0x71C7656EC7ab88b098defB751B7401B5f6d8976F') // 'linear-gradient(135deg,#71C765,#C76571)'
 */
export function avatarBackground(address: string): string {
  // CSS reads hex colours in either case: a checksummed address's digits go in as they are.
  const hex = /^0x([\da-f]{6})/i.exec(address)?.[1] ?? ((parseInt(address.slice(-5), 36) & 0xffffff) | 0x1000000).toString(16).slice(1)
  return `linear-gradient(135deg,#${hex},#${hex.slice(2)}${hex.slice(0, 2)})`
}
