// The EVM and Solana address checks by pattern alone, apart from the Bitcoin ones (address.ts),
// so code that needs only these does not bring bitcoinjs-lib into its chunk.

/** SPEC 5: optional 0x, then exactly 40 hex characters (checksum casing is not enforced). */
const EVM_ADDRESS = /^(?:0x)?[0-9a-fA-F]{40}$/
/** SPEC 5: 32 to 44 base58 characters; the alphabet leaves out 0, O, I and l. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/**
 * True for an EVM address: optional 0x and 40 hex characters. Never throws.
 * @example isEvmAddress('0x' + 'ab'.repeat(20)) // true
 */
export function isEvmAddress(value: unknown): boolean {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/**
 * True for a Solana address: 32 to 44 base58 characters. Never throws.
 * @example isSolanaAddress('So11111111111111111111111111111111111111112') // true
 */
export function isSolanaAddress(value: unknown): boolean {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value)
}
