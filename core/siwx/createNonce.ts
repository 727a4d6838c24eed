import { BaseError } from '../errors/BaseError.js'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** 62^16 is about 2^95: far beyond guessing, and well over EIP-4361's 8-character floor. */
export const NONCE_LENGTH = 16
/** The largest multiple of 62 that fits a byte: bytes at or above it are drawn again, so no letter is favoured. */
const UNBIASED_LIMIT = 248

/**
 * A sign-in nonce: letters and digits from the platform's CSPRNG (`crypto.getRandomValues`),
 * never Math.random. Throws when the platform has no CSPRNG rather than fall back.
 * @example createNonce() // 'q8ZtW2mKc0PxLr7A'
 */
export function createNonce(length = NONCE_LENGTH): string {
  if (!Number.isInteger(length) || length < 8 || length > 128) throw new BaseError('A nonce has 8 to 128 characters', { details: `got ${length}` })
  const cryptoObj = (globalThis as { crypto?: Crypto }).crypto
  if (!cryptoObj?.getRandomValues) throw new BaseError('No secure random number generator (crypto.getRandomValues) is available')
  let out = ''
  while (out.length < length) {
    for (const byte of cryptoObj.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET[byte % ALPHABET.length]
    }
  }
  return out
}
