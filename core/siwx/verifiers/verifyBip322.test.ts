import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { crypto as btcCrypto, Transaction } from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { bip322ToSign, verifyBip322 } from './verifyBip322.js'
import { p2pkhScript, p2shScript, p2wpkhScript } from './verifyBitcoinSignature.js'

// Every signature here is made by a real key over BIP-322's virtual `to_sign` transaction, as a
// wallet does; each test then breaks one rule of the witness and expects false.

const message = 'airlock wants you to sign in'
/** A fixed secret key per number: the same keys, the same scripts on every run. */
const secret = (n: number) => btcCrypto.sha256(Uint8Array.of(n))
/** The serialized witness stack: the item count, then each item with its length. */
const witnessOf = (...items: Uint8Array[]) => Uint8Array.from([items.length, ...items.flatMap((item) => [item.length, ...item])])

describe('P2TR key path', () => {
  const key = secret(1)
  /** OP_1 and the x-only key: an output key whose secret we hold (a BIP-86 tweak changes nothing here). */
  const script = Uint8Array.of(0x51, 0x20, ...schnorr.getPublicKey(key))
  /** A BIP-340 signature over `to_sign` for `over`, with the hash type byte unless it is the default. */
  const sign = (hashType: number = Transaction.SIGHASH_DEFAULT, over = script) => {
    const signature = schnorr.sign(bip322ToSign(over, message).hashForWitnessV1(0, [over], [0n], hashType), key)
    return hashType === Transaction.SIGHASH_DEFAULT ? signature : Uint8Array.of(...signature, hashType)
  }

  test('default: a 64-byte signature (SIGHASH_DEFAULT) verifies, for this message only', () => {
    expect(verifyBip322({ script, message, witness: witnessOf(sign()) })).toBe(true)
    expect(verifyBip322({ script, message: `${message}.`, witness: witnessOf(sign()) })).toBe(false)
  })

  test('behavior: a 65-byte signature whose last byte is SIGHASH_ALL verifies', () => {
    expect(verifyBip322({ script, message, witness: witnessOf(sign(Transaction.SIGHASH_ALL)) })).toBe(true)
  })

  // A signature over less than the whole transaction does not commit to the message; 0x00 spelled
  // out as a 65th byte is invalid in BIP-341 itself.
  test.each([
    ['SIGHASH_DEFAULT spelled out', Transaction.SIGHASH_DEFAULT],
    ['SIGHASH_NONE', Transaction.SIGHASH_NONE],
    ['SIGHASH_SINGLE', Transaction.SIGHASH_SINGLE],
    ['SIGHASH_ALL|ANYONECANPAY', Transaction.SIGHASH_ALL | Transaction.SIGHASH_ANYONECANPAY],
  ])('behavior: a 65-byte signature with %s fails, though valid for that hash type', (_, hashType) => {
    const signature = Uint8Array.of(...schnorr.sign(bip322ToSign(script, message).hashForWitnessV1(0, [script], [0n], hashType), key), hashType)
    expect(verifyBip322({ script, message, witness: witnessOf(signature) })).toBe(false)
  })

  test('behavior: the witness is the one signature; another item after it fails', () => {
    expect(verifyBip322({ script, message, witness: witnessOf(sign(), Uint8Array.of(1)) })).toBe(false)
    expect(verifyBip322({ script, message, witness: witnessOf(sign(Transaction.SIGHASH_ALL), new Uint8Array(0)) })).toBe(false)
  })

  test('behavior: a signature of neither 64 nor 65 bytes fails, even when its first 64 bytes verify', () => {
    expect(verifyBip322({ script, message, witness: witnessOf(Uint8Array.of(...sign(), 0x01, 0x01)) })).toBe(false)
    expect(verifyBip322({ script, message, witness: witnessOf(sign().slice(0, 63)) })).toBe(false)
  })

  // Only OP_1 followed by a 32-byte push is Taproot: the same 32 bytes behind another opening are
  // no Schnorr key, even with a Schnorr signature made for exactly that script.
  test.each([
    ['P2WSH (OP_0, 32-byte push)', 0x00, 0x20],
    ['OP_1 without a 32-byte push', 0x51, 0x21],
  ])('behavior: %s is not a Taproot output', (_, first, second) => {
    const other = Uint8Array.of(first, second, ...script.slice(2))
    expect(verifyBip322({ script: other, message, witness: witnessOf(sign(Transaction.SIGHASH_DEFAULT, other)) })).toBe(false)
  })
})

describe('P2WPKH and P2SH-P2WPKH', () => {
  const key = secret(2)
  const publicKey = secp256k1.getPublicKey(key, true)
  const p2wpkh = p2wpkhScript(btcCrypto.hash160(publicKey))
  /** The BIP-143 signature over `to_sign` for `script`, by `signer` whose key is `signerKey`. */
  const sign = (script: Uint8Array, signer = key, signerKey = secp256k1.getPublicKey(signer, true)) => {
    const sighash = bip322ToSign(script, message).hashForWitnessV0(0, p2pkhScript(btcCrypto.hash160(signerKey)), 0n, Transaction.SIGHASH_ALL)
    return secp256k1.sign(sighash, signer)
  }
  const der = (script: Uint8Array) => Uint8Array.of(...sign(script).toDERRawBytes(), Transaction.SIGHASH_ALL)

  test('default: P2WPKH and P2SH-P2WPKH signatures verify, for this message only', () => {
    const p2sh = p2shScript(p2wpkh)
    expect(verifyBip322({ script: p2wpkh, message, witness: witnessOf(der(p2wpkh), publicKey) })).toBe(true)
    expect(verifyBip322({ script: p2sh, message, witness: witnessOf(der(p2sh), publicKey) })).toBe(true)
    expect(verifyBip322({ script: p2sh, message: `${message}.`, witness: witnessOf(der(p2sh), publicKey) })).toBe(false)
  })

  test('behavior: the witness is signature and key; a third item fails', () => {
    expect(verifyBip322({ script: p2wpkh, message, witness: witnessOf(der(p2wpkh), publicKey, Uint8Array.of(1)) })).toBe(false)
  })

  test('behavior: an uncompressed key fails, even for a script paying its hash (segwit keys are compressed)', () => {
    const uncompressed = secp256k1.getPublicKey(key, false)
    const script = p2wpkhScript(btcCrypto.hash160(uncompressed))
    const signature = Uint8Array.of(...sign(script, key, uncompressed).toDERRawBytes(), Transaction.SIGHASH_ALL)
    expect(verifyBip322({ script, message, witness: witnessOf(signature, uncompressed) })).toBe(false)
  })

  test('behavior: another key, with its own valid signature, does not sign for this address', () => {
    const other = secret(3)
    const signature = Uint8Array.of(...sign(p2wpkh, other).toDERRawBytes(), Transaction.SIGHASH_ALL)
    expect(verifyBip322({ script: p2wpkh, message, witness: witnessOf(signature, secp256k1.getPublicKey(other, true)) })).toBe(false)
  })

  test('behavior: the signature is DER; the same r and s as 64 compact bytes fail', () => {
    const compact = Uint8Array.of(...sign(p2wpkh).toCompactRawBytes(), Transaction.SIGHASH_ALL)
    expect(verifyBip322({ script: p2wpkh, message, witness: witnessOf(compact, publicKey) })).toBe(false)
  })

  test('behavior: a hash type other than SIGHASH_ALL fails', () => {
    const signature = der(p2wpkh)
    signature[signature.length - 1] = Transaction.SIGHASH_NONE
    expect(verifyBip322({ script: p2wpkh, message, witness: witnessOf(signature, publicKey) })).toBe(false)
  })
})
