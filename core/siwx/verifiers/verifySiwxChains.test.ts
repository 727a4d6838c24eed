import { ed25519 } from '@noble/curves/ed25519'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { address as btcAddress, crypto as btcCrypto, Transaction } from 'bitcoinjs-lib'
import bs58 from 'bs58'
import { describe, expect, test } from 'vitest'
import { formatSiwxMessage } from '../formatSiwxMessage.js'
import type { SiwxMessageData } from '../types.js'
import { createSiwxVerifier } from '../verifySiwx.js'
import { bip322ToSign } from './verifyBip322.js'
import { bitcoinMessageHash, p2pkhScript } from './verifyBitcoinSignature.js'

/** verifySiwx end to end for Solana (ed25519) and Bitcoin (BIP-137, BIP-322): messages signed here. */
const NOW = Date.parse('2026-03-01T12:00:00Z')
let counter = 0
const base = (chainId: SiwxMessageData['chainId'], accountAddress: string): SiwxMessageData => ({
  domain: 'dapp.example:8443',
  accountAddress,
  chainId,
  uri: 'https://dapp.example:8443/',
  version: '1',
  nonce: `Chain${String(++counter).padStart(6, '0')}x`,
  issuedAt: '2026-03-01T11:59:00.000Z',
  expirationTime: '2026-03-01T13:00:00.000Z',
})

describe('verifySiwx: Solana (ed25519)', () => {
  const secret = ed25519.utils.randomPrivateKey()
  const address = bs58.encode(ed25519.getPublicKey(secret))
  const data = (): SiwxMessageData => base('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address)
  const sign = (text: string, key = secret) => ed25519.sign(new TextEncoder().encode(text), key)

  test('default: a valid signature, base58 or base64', async () => {
    const m = data()
    const message = formatSiwxMessage(m)
    const base = { message, domain: 'dapp.example:8443', nonce: m.nonce, chainId: m.chainId, now: NOW }
    // A fresh verifier (and nonce ledger) for each encoding of the same signature.
    expect(await createSiwxVerifier()({ ...base, signature: bs58.encode(sign(message)) })).toEqual({ ok: true, address, chainId: m.chainId })
    expect(await createSiwxVerifier()({ ...base, signature: Buffer.from(sign(message)).toString('base64') })).toMatchObject({ ok: true })
  })

  test('behavior: another key, another message or garbage is invalid', async () => {
    const m = data()
    const message = formatSiwxMessage(m)
    const base = { message, domain: 'dapp.example:8443', nonce: m.nonce, chainId: m.chainId, now: NOW }
    const verifySiwx = createSiwxVerifier()
    expect(await verifySiwx({ ...base, signature: bs58.encode(sign(message, ed25519.utils.randomPrivateKey())) })).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verifySiwx({ ...base, signature: bs58.encode(sign(`${message} `)) })).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verifySiwx({ ...base, signature: 'not a signature' })).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })
})

describe('verifySiwx: Bitcoin', () => {
  const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const key = secp256k1.utils.randomPrivateKey()
  const publicKey = secp256k1.getPublicKey(key, true)
  const hash = btcCrypto.hash160(publicKey)
  const p2wpkh = btcAddress.toBech32(hash, 0, 'bcrt')
  const p2pkh = btcAddress.toBase58Check(hash, 0x6f)
  const data = (accountAddress: string): SiwxMessageData => base(REGTEST, accountAddress)
  const bip137 = (text: string, header: number) => {
    const sig = secp256k1.sign(bitcoinMessageHash(text), key)
    return Buffer.concat([Buffer.of(header + sig.recovery!), Buffer.from(sig.toCompactRawBytes())]).toString('base64')
  }
  const witness = (...items: Uint8Array[]) => Buffer.concat([Buffer.of(items.length), ...items.flatMap((item) => [Buffer.of(item.length), Buffer.from(item)])]).toString('base64')
  const verify = (m: SiwxMessageData, signature: string) => createSiwxVerifier()({ message: formatSiwxMessage(m), signature, domain: 'dapp.example:8443', nonce: m.nonce, chainId: REGTEST, now: NOW })

  test('default: BIP-137 for P2PKH and P2WPKH; another key fails', async () => {
    const legacy = data(p2pkh)
    expect(await verify(legacy, bip137(formatSiwxMessage(legacy), 31))).toEqual({ ok: true, address: p2pkh, chainId: REGTEST })
    const segwit = data(p2wpkh)
    expect(await verify(segwit, bip137(formatSiwxMessage(segwit), 39))).toMatchObject({ ok: true })
    expect(await verify(segwit, bip137(`${formatSiwxMessage(segwit)}!`, 39))).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })

  test('behavior: BIP-322 simple for P2WPKH', async () => {
    const m = data(p2wpkh)
    const text = formatSiwxMessage(m)
    const sighash = bip322ToSign(Uint8Array.of(0x00, 0x14, ...hash), text).hashForWitnessV0(0, p2pkhScript(hash), 0n, Transaction.SIGHASH_ALL)
    const der = secp256k1.sign(sighash, key).toDERRawBytes()
    expect(await verify(m, witness(Uint8Array.of(...der, 1), publicKey))).toMatchObject({ ok: true })
    expect(await verify(m, witness(Uint8Array.of(...der, 2), publicKey))).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })

  test('behavior: BIP-322 simple for a P2TR key-path spend', async () => {
    // BIP-86 style: the output key is the internal key tweaked by its own tagged hash.
    const internal = schnorr.getPublicKey(key)
    const tweak = secp256k1.utils.normPrivateKeyToScalar(btcCrypto.taggedHash('TapTweak', internal))
    const even = secp256k1.getPublicKey(key, true)[0] === 2 ? secp256k1.utils.normPrivateKeyToScalar(key) : secp256k1.CURVE.n - secp256k1.utils.normPrivateKeyToScalar(key)
    const tweaked = Buffer.from(((even + tweak) % secp256k1.CURVE.n).toString(16).padStart(64, '0'), 'hex')
    const output = schnorr.getPublicKey(tweaked)
    const taproot = btcAddress.toBech32(output, 1, 'bcrt')
    const m = data(taproot)
    const text = formatSiwxMessage(m)
    const script = Uint8Array.of(0x51, 0x20, ...output)
    const sighash = bip322ToSign(script, text).hashForWitnessV1(0, [script], [0n], Transaction.SIGHASH_DEFAULT)
    const signature = schnorr.sign(sighash, tweaked)
    expect(await verify(m, witness(signature))).toMatchObject({ ok: true, address: taproot })
    expect(await verify(m, witness(schnorr.sign(sighash, key)))).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })
})
