import { BaseError } from '../errors/BaseError.js'

/** ENSIP-11 keeps SLIP-44's 60 for Ethereum mainnet; every other EVM chain sets the top bit. */
const ETHEREUM_COIN_TYPE = 60
const EVM_FLAG = 0x80000000

/**
 * Converts an EVM chain id to its ENSIP-11 coin type (used to resolve names per chain).
 * Ids at or above 2^31 would collide with the flag bit, so they are rejected (SPEC 5).
 * @example chainIdToCoinType(10) // 2147483658
 */
export function chainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= EVM_FLAG) {
    throw new BaseError('Invalid chainId', {
      details: `expected an integer from 0 to ${EVM_FLAG - 1}, got ${typeof chainId === 'number' ? String(chainId) : typeof chainId}`,
    })
  }
  if (chainId === 1) return ETHEREUM_COIN_TYPE
  // `|` works on signed 32-bit ints; `>>> 0` turns the result back into an unsigned number.
  return (EVM_FLAG | chainId) >>> 0
}
