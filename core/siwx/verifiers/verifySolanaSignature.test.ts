import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { verifySolanaSignature } from './verifySolanaSignature.js'

/** Solana signMessage signatures (ed25519, strict RFC 8032), signed here with noble. */

const secret = ed25519.utils.randomPrivateKey()
const address = bs58.encode(ed25519.getPublicKey(secret))
const message = 'dapp.example wants you to sign in with your Solana account'
const signed = ed25519.sign(new TextEncoder().encode(message), secret)
const base64 = (value: Uint8Array) => Buffer.from(value).toString('base64')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('verifySolanaSignature', () => {
  test('default: a signature by the address, base58 or base64', () => {
    expect(verifySolanaSignature({ address, message, signature: bs58.encode(signed) })).toBe(true)
    expect(verifySolanaSignature({ address, message, signature: base64(signed) })).toBe(true)
  })

  test('behavior: another message or another key is false', () => {
    expect(verifySolanaSignature({ address, message: `${message}.`, signature: bs58.encode(signed) })).toBe(false)
    const other = bs58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    expect(verifySolanaSignature({ address: other, message, signature: bs58.encode(signed) })).toBe(false)
  })

  // Each is false, never a throw: verifySiwx would report a throw as verifier_error.
  test.each([
    ['an address that is not base58', { address: '0OIl', signature: bs58.encode(signed) }],
    ['an empty address', { address: '', signature: bs58.encode(signed) }],
    ['a 31-byte key', { address: bs58.encode(ed25519.getPublicKey(secret).slice(1)), signature: bs58.encode(signed) }],
    ['a 33-byte key', { address: bs58.encode(Uint8Array.of(0, ...ed25519.getPublicKey(secret))), signature: bs58.encode(signed) }],
    ['a signature neither base58 nor base64', { address, signature: 'not a signature!' }],
    ['a 63-byte signature', { address, signature: bs58.encode(signed.slice(1)) }],
    ['a 65-byte signature', { address, signature: base64(Uint8Array.of(...signed, 0)) }],
  ])('behavior: %s is false', (_, check) => {
    expect(verifySolanaSignature({ message, ...check })).toBe(false)
  })

  test('behavior: strict RFC 8032, a small-order key is refused (ZIP-215 would accept it for any message)', () => {
    // The identity point as key and as R, with s = 0: [8](R + kA - sB) is the identity whatever
    // the message, so a ZIP-215 verifier says yes. RFC 8032 (and SIWX) refuse small-order keys.
    const identity = Uint8Array.of(1, ...new Uint8Array(31))
    const signature = Uint8Array.of(...identity, ...new Uint8Array(32))
    expect(ed25519.verify(signature, new TextEncoder().encode(message), identity, { zip215: true })).toBe(true)
    expect(verifySolanaSignature({ address: bs58.encode(identity), message, signature: bs58.encode(signature) })).toBe(false)
  })

  test('behavior: a malleated signature (s + L) is refused', () => {
    const L = 2n ** 252n + 27742317777372353535851937790883648493n
    let s = 0n
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signed[i]!)
    const malleated = Uint8Array.from(signed)
    let t = s + L
    for (let i = 32; i < 64; i++, t >>= 8n) malleated[i] = Number(t & 0xffn)
    expect(verifySolanaSignature({ address, message, signature: bs58.encode(malleated) })).toBe(false)
  })

  // base58 decoding is quadratic in the input's length; a 64-byte signature is at most 88
  // characters and a key at most 44, so nothing longer than 100 is worth decoding.
  test('edge: 100 characters reach the base58 decoder; 101 do not', () => {
    const decode = vi.spyOn(bs58, 'decode')
    expect(verifySolanaSignature({ address: '2'.repeat(100), message, signature: '3'.repeat(100) })).toBe(false)
    expect(decode).toHaveBeenCalledWith('2'.repeat(100))
    expect(decode).toHaveBeenCalledWith('3'.repeat(100))
    decode.mockClear()
    expect(verifySolanaSignature({ address: '2'.repeat(101), message, signature: '3'.repeat(101) })).toBe(false)
    expect(decode).not.toHaveBeenCalled()
  })
})
