import { secp256k1 } from '@noble/curves/secp256k1'
import { address as btcAddress, crypto as btcCrypto, networks } from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { bip322MessageHash, verifyBip322 } from './verifyBip322.js'
import { bitcoinMessageHash, outputScriptOf, verifyBitcoinSignature } from './verifyBitcoinSignature.js'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

describe('BIP-322 simple (published vectors)', () => {
  const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
  const helloWorld = 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
  const empty = 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='

  test('default: the message hash of BIP-322', () => {
    expect(Buffer.from(bip322MessageHash('')).toString('hex')).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(Buffer.from(bip322MessageHash('Hello World')).toString('hex')).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
  })

  test('behavior: the P2WPKH vectors verify, other messages do not', async () => {
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'Hello World', signature: helloWorld })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: '', signature: empty })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'Hello World!', signature: helloWorld })).toBe(false)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'Hello World', signature: empty })).toBe(false)
  })

  test('behavior: another network, another address or garbage fail', async () => {
    expect(await verifyBitcoinSignature({ chainId: REGTEST, address, message: 'Hello World', signature: helloWorld })).toBe(false)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', message: 'Hello World', signature: helloWorld })).toBe(false)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'Hello World', signature: 'not base64!' })).toBe(false)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'Hello World', signature: 'AAAA' })).toBe(false)
  })
})

describe('BIP-137', () => {
  test('default: the bitcoinjs-message vector (compressed P2PKH)', async () => {
    const signature = 'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk='
    const address = '1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV'
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'This is an example of a signed message.', signature })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message: 'This is an example of a signed message!', signature })).toBe(false)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address: '1HZwkjkeaoZfTSaJxDw6aKkxp45agDiEzN', message: 'This is an example of a signed message.', signature })).toBe(false)
  })

  test('behavior: P2WPKH and P2SH-P2WPKH headers, signed here', async () => {
    const key = secp256k1.utils.randomPrivateKey()
    const hash = btcCrypto.hash160(secp256k1.getPublicKey(key, true))
    const message = 'airlock wants you to sign in'
    const sign = (headerBase: number) => {
      const sig = secp256k1.sign(bitcoinMessageHash(message), key)
      return Buffer.concat([Buffer.of(headerBase + sig.recovery!), Buffer.from(sig.toCompactRawBytes())]).toString('base64')
    }
    const { bech32 } = await import('bitcoinjs-lib').then((m) => ({ bech32: m.address.toBech32(hash, 0, networks.regtest.bech32) }))
    expect(outputScriptOf(bech32, networks.regtest)).toBeDefined()
    expect(await verifyBitcoinSignature({ chainId: REGTEST, address: bech32, message, signature: sign(39) })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: REGTEST, address: bech32, message, signature: sign(31) })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: REGTEST, address: bech32, message: `${message}.`, signature: sign(39) })).toBe(false)
  })
})

describe('BIP-137 headers', () => {
  const message = 'airlock wants you to sign in'
  const hash = bitcoinMessageHash(message)
  /** The first fixed key (sha256 of one byte) whose signature of `message` has this recovery id. */
  const signedWith = (recovery: number) => {
    for (let n = 1; ; n++) {
      const key = btcCrypto.sha256(Uint8Array.of(n))
      const signature = secp256k1.sign(hash, key)
      if (signature.recovery === recovery) return { key, signature }
    }
  }
  const encode = (header: number, signature: { toCompactRawBytes(): Uint8Array }) => Buffer.concat([Buffer.of(header), Buffer.from(signature.toCompactRawBytes())]).toString('base64')
  const p2pkh = (publicKey: Uint8Array) => btcAddress.toBase58Check(btcCrypto.hash160(publicKey), networks.bitcoin.pubKeyHash)
  const p2wpkh = (publicKey: Uint8Array) => btcAddress.toBech32(btcCrypto.hash160(publicKey), 0, networks.bitcoin.bech32)

  // 27 + recovery id: an uncompressed key, whose only address is P2PKH of that key.
  test.each([0, 1])('behavior: uncompressed P2PKH, header %i + 27, verifies; a compressed header for it fails', async (recovery) => {
    const { key, signature } = signedWith(recovery)
    const address = p2pkh(secp256k1.getPublicKey(key, false))
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message, signature: encode(27 + recovery, signature) })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message, signature: encode(31 + recovery, signature) })).toBe(false)
  })

  // Below 27 and above 42 the 65 bytes are no BIP-137 signature (a header read past the range would
  // land on a valid recovery id: 23 + id is -4 + id, and 43 + id is 16 + id, in two's complement & 3).
  test.each([
    ['below 27 (uncompressed key)', 23, false],
    ['above 42 (compressed key)', 43, true],
  ])('behavior: a header %s fails', async (_, base, compressed) => {
    for (const recovery of [0, 1]) {
      const { key, signature } = signedWith(recovery)
      const address = p2pkh(secp256k1.getPublicKey(key, compressed))
      expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message, signature: encode(base + recovery, signature) })).toBe(false)
    }
  })

  test('behavior: header 42 (P2WPKH, recovery id 3) is still BIP-137', async () => {
    // Recovery id 3 means R's x is r + n, which a signer meets about once in 2^128 signatures, so
    // this one is made backwards: the first r whose point exists, and the key it recovers.
    const recover = (r: bigint) => {
      try {
        return new secp256k1.Signature(r, 1n).addRecoveryBit(3).recoverPublicKey(hash).toRawBytes(true)
      } catch {
        return undefined // no point has x = r + n
      }
    }
    let r = 1n
    while (!recover(r)) r++
    const address = p2wpkh(recover(r)!)
    const signature = new secp256k1.Signature(r, 1n)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message, signature: encode(42, signature) })).toBe(true)
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message, signature: encode(41, signature) })).toBe(false)
  })

  test.each([
    ['r = 0', new Uint8Array(64)],
    ['r = n', Uint8Array.of(...Buffer.from(secp256k1.CURVE.n.toString(16), 'hex'), ...new Uint8Array(31), 1)],
  ])('behavior: a 65-byte header-31 signature with %s fails (false, not a throw)', async (_, compact) => {
    const { key } = signedWith(0)
    const address = p2pkh(secp256k1.getPublicKey(key, true))
    const signature = Buffer.concat([Buffer.of(31), compact]).toString('base64')
    expect(await verifyBitcoinSignature({ chainId: MAINNET, address, message, signature })).toBe(false)
  })
})

describe('outputScriptOf', () => {
  const program = (length: number) => Uint8Array.from({ length }, (_, i) => i + 1)

  test.each([
    ['P2WPKH (v0, 20 bytes)', 0, 20, [0x00, 0x14]],
    ['P2WSH (v0, 32 bytes)', 0, 32, [0x00, 0x20]],
    ['P2TR (v1, 32 bytes)', 1, 32, [0x51, 0x20]],
  ])('behavior: %s pays to its witness program', (_, version, length, opening) => {
    const data = program(length)
    expect(outputScriptOf(btcAddress.toBech32(data, version, networks.bitcoin.bech32), networks.bitcoin)).toEqual(Uint8Array.of(...opening, ...data))
  })

  // Only the witness programs above; an unknown version or length may be valid one day, but no
  // verifier here could check a signature for it.
  test.each([
    ['v0 of 25 bytes', 0, 25],
    ['v1 of 20 bytes', 1, 20],
    ['v2 of 32 bytes', 2, 32],
    ['v2 of 20 bytes', 2, 20],
  ])('behavior: a witness program %s has no script', (_, version, length) => {
    expect(outputScriptOf(btcAddress.toBech32(program(length), version, networks.bitcoin.bech32), networks.bitcoin)).toBeUndefined()
  })

  test('behavior: base58 addresses pay to their script; anything else, or another network, has none', () => {
    const hash = program(20)
    expect(outputScriptOf(btcAddress.toBase58Check(hash, networks.bitcoin.pubKeyHash), networks.bitcoin)).toEqual(Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac))
    expect(outputScriptOf('not an address', networks.bitcoin)).toBeUndefined()
    expect(outputScriptOf(btcAddress.toBech32(hash, 0, networks.bitcoin.bech32), networks.regtest)).toBeUndefined()
    expect(outputScriptOf(btcAddress.toBase58Check(hash, networks.bitcoin.pubKeyHash), networks.testnet)).toBeUndefined()
  })
})

test('behavior: a witness that is not one well-formed stack fails', () => {
  const script = outputScriptOf('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', networks.bitcoin)!
  expect(verifyBip322({ script, message: '', witness: Uint8Array.of(0) })).toBe(false)
  expect(verifyBip322({ script, message: '', witness: Uint8Array.of(2, 5, 1) })).toBe(false)
})
