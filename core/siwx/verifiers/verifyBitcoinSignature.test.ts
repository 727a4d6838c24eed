import { secp256k1 } from '@noble/curves/secp256k1'
import { crypto as btcCrypto, networks } from 'bitcoinjs-lib'
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

test('behavior: a witness that is not one well-formed stack fails', () => {
  const script = outputScriptOf('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', networks.bitcoin)!
  expect(verifyBip322({ script, message: '', witness: Uint8Array.of(0) })).toBe(false)
  expect(verifyBip322({ script, message: '', witness: Uint8Array.of(2, 5, 1) })).toBe(false)
})
