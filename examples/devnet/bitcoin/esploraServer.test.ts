import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { address as btcAddress, crypto as btcCrypto, Transaction } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockBitcoinRegtest } from '../../../core/chains/networks.js'
import { startEsplora, type EsploraServer } from './esploraServer.js'
import type { AddressStats, EsploraTx, Utxo } from './regtestChain.js'

/** A regtest P2WPKH key: its address, and a signer for BIP-143 sighashes. */
function segwitKey(seed: number) {
  const secret = btcCrypto.sha256(Uint8Array.of(seed, 0xb1))
  const publicKey = secp256k1.getPublicKey(secret, true)
  const hash = btcCrypto.hash160(publicKey)
  return {
    address: btcAddress.toBech32(hash, 0, 'bcrt'),
    script: Uint8Array.of(0x00, 0x14, ...hash),
    sign(tx: Transaction, index: number, value: bigint, hashType = Transaction.SIGHASH_ALL) {
      const sighash = tx.hashForWitnessV0(index, Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac), value, hashType)
      tx.setWitness(index, [Uint8Array.of(...secp256k1.sign(sighash, secret).toDERRawBytes(), hashType), publicKey])
    },
  }
}

/** A regtest P2TR key (BIP-86: the internal key tweaked by its own tagged hash) and a key-path signer. */
function taprootKey(seed: number) {
  const secret = btcCrypto.sha256(Uint8Array.of(seed, 0x7a))
  const internal = schnorr.getPublicKey(secret)
  const tweak = secp256k1.utils.normPrivateKeyToScalar(btcCrypto.taggedHash('TapTweak', internal))
  const scalar = secp256k1.utils.normPrivateKeyToScalar(secret)
  const even = secp256k1.getPublicKey(secret, true)[0] === 2 ? scalar : secp256k1.CURVE.n - scalar
  const tweaked = Buffer.from(((even + tweak) % secp256k1.CURVE.n).toString(16).padStart(64, '0'), 'hex')
  const output = schnorr.getPublicKey(tweaked)
  return {
    address: btcAddress.toBech32(output, 1, 'bcrt'),
    script: Uint8Array.of(0x51, 0x20, ...output),
    sign(tx: Transaction, index: number, prevScripts: Uint8Array[], values: bigint[], key: Uint8Array = tweaked) {
      tx.setWitness(index, [schnorr.sign(tx.hashForWitnessV1(index, prevScripts, values, Transaction.SIGHASH_DEFAULT), key)])
    },
    untweaked: secret,
  }
}

/** A transaction spending `inputs` (txid as Esplora shows it) to `outputs`. */
function spend(inputs: { txid: string; vout: number }[], outputs: { script: Uint8Array; value: bigint }[]): Transaction {
  const tx = new Transaction()
  tx.version = 2
  for (const { txid, vout } of inputs) tx.addInput(Buffer.from(txid, 'hex').reverse(), vout, 0xfffffffd)
  for (const { script, value } of outputs) tx.addOutput(script, value)
  return tx
}

describe('Esplora stand-in over the regtest chain', () => {
  let esplora: EsploraServer
  const alice = segwitKey(1)
  const bob = segwitKey(2)
  const carol = taprootKey(3)

  beforeAll(async () => {
    esplora = await startEsplora({ port: 0 })
  })
  afterAll(async () => {
    await esplora?.close()
  })

  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${esplora.url}${path}`)
    expect(res.status, `${path}: ${res.status}`).toBe(200)
    return (res.headers.get('content-type')?.startsWith('application/json') ? res.json() : res.text()) as Promise<T>
  }
  const post = (path: string, body: string, headers: Record<string, string> = {}) => fetch(`${esplora.url}${path}`, { method: 'POST', body, headers })
  const fund = async (address: string, sats: number): Promise<{ txid: string; vout: number }> => {
    const res = await post('/dev/fund', JSON.stringify({ address, sats }))
    expect(res.status).toBe(200)
    return res.json() as Promise<{ txid: string; vout: number }>
  }
  const broadcast = async (tx: Transaction): Promise<{ status: number; body: string }> => {
    const res = await post('/tx', tx.toHex())
    return { status: res.status, body: await res.text() }
  }
  const balance = (stats: AddressStats) => ({
    confirmed: stats.chain_stats.funded_txo_sum - stats.chain_stats.spent_txo_sum,
    unconfirmed: stats.mempool_stats.funded_txo_sum - stats.mempool_stats.spent_txo_sum,
  })

  test("block 0 is regtest's genesis, whose first 32 hex digits are the CAIP-2 id of core's airlockBitcoinRegtest", async () => {
    expect(await get('/block-height/0')).toBe('0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206')
    expect(airlockBitcoinRegtest.caipNetworkId).toBe(`bip122:${(await get<string>('/block-height/0')).slice(0, 32)}`)
  })

  test('a funded P2WPKH output is spent by a signed transaction: mempool first, confirmed once mined', async () => {
    const coin = await fund(alice.address, 100_000)
    expect(balance(await get(`/address/${alice.address}`))).toEqual({ confirmed: 100_000, unconfirmed: 0 })
    const tx = spend([coin], [{ script: bob.script, value: 60_000n }, { script: alice.script, value: 39_000n }])
    alice.sign(tx, 0, 100_000n)
    const sent = await broadcast(tx)
    expect(sent).toEqual({ status: 200, body: tx.getId() })

    expect(balance(await get(`/address/${alice.address}`))).toEqual({ confirmed: 100_000, unconfirmed: -61_000 })
    expect(balance(await get(`/address/${bob.address}`))).toEqual({ confirmed: 0, unconfirmed: 60_000 })
    const utxos = await get<Utxo[]>(`/address/${bob.address}/utxo`)
    expect(utxos).toEqual([{ txid: tx.getId(), vout: 0, status: { confirmed: false }, value: 60_000 }])
    const shown = await get<EsploraTx>(`/tx/${tx.getId()}`)
    expect(shown).toMatchObject({ txid: tx.getId(), fee: 1_000, status: { confirmed: false }, vin: [{ txid: coin.txid, vout: 0, prevout: { scriptpubkey_address: alice.address, value: 100_000, scriptpubkey_type: 'v0_p2wpkh' } }] })
    expect(shown.vout.map((out) => [out.scriptpubkey_address, out.value])).toEqual([[bob.address, 60_000], [alice.address, 39_000]])
    expect(await get(`/tx/${tx.getId()}/hex`)).toBe(tx.toHex())

    const height = Number(await get('/blocks/tip/height'))
    const mined = await post('/dev/mine', '{}')
    expect(await mined.json()).toEqual({ height: height + 1 })
    expect(balance(await get(`/address/${bob.address}`))).toEqual({ confirmed: 60_000, unconfirmed: 0 })
    expect(balance(await get(`/address/${alice.address}`))).toEqual({ confirmed: 39_000, unconfirmed: 0 })
    expect(await get(`/tx/${tx.getId()}/status`)).toMatchObject({ confirmed: true, block_height: height + 1, block_hash: await get('/blocks/tip/hash') })
  })

  test('a Taproot key-path spend is verified with Schnorr; the untweaked key is refused', async () => {
    const coin = await fund(carol.address, 50_000)
    const wrong = spend([coin], [{ script: bob.script, value: 49_000n }])
    carol.sign(wrong, 0, [carol.script], [50_000n], carol.untweaked)
    const refused = await broadcast(wrong)
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Invalid Schnorr signature')

    const tx = spend([coin], [{ script: bob.script, value: 49_000n }])
    carol.sign(tx, 0, [carol.script], [50_000n])
    expect(await broadcast(tx)).toEqual({ status: 200, body: tx.getId() })
    expect(balance(await get(`/address/${carol.address}`)).unconfirmed).toBe(-50_000)
  })

  test('a double spend is refused: in the mempool, after mining, and twice in one transaction', async () => {
    const coin = await fund(alice.address, 20_000)
    const first = spend([coin], [{ script: bob.script, value: 19_000n }])
    alice.sign(first, 0, 20_000n)
    expect((await broadcast(first)).status).toBe(200)
    const second = spend([coin], [{ script: alice.script, value: 18_000n }])
    alice.sign(second, 0, 20_000n)
    expect(await broadcast(second)).toMatchObject({ status: 400, body: expect.stringContaining('txn-mempool-conflict') })
    await post('/dev/mine', '')
    expect(await broadcast(second)).toMatchObject({ status: 400, body: expect.stringContaining('bad-txns-inputs-missingorspent') })

    const other = await fund(alice.address, 30_000)
    const twice = spend([other, other], [{ script: bob.script, value: 50_000n }])
    alice.sign(twice, 0, 30_000n)
    alice.sign(twice, 1, 30_000n)
    expect(await broadcast(twice)).toMatchObject({ status: 400, body: expect.stringContaining('bad-txns-inputs-duplicate') })
  })

  test('an overspend, a low fee, a tampered output, a stranger key and an unknown input are refused; nothing changes', async () => {
    const coin = await fund(alice.address, 10_000)
    const before = await get<AddressStats>(`/address/${alice.address}`)
    const over = spend([coin], [{ script: bob.script, value: 10_001n }])
    alice.sign(over, 0, 10_000n)
    expect(await broadcast(over)).toMatchObject({ status: 400, body: expect.stringContaining('bad-txns-in-belowout') })

    const cheap = spend([coin], [{ script: bob.script, value: 9_990n }])
    alice.sign(cheap, 0, 10_000n)
    expect(await broadcast(cheap)).toMatchObject({ status: 400, body: expect.stringContaining('min relay fee not met') })

    const tampered = spend([coin], [{ script: bob.script, value: 5_000n }])
    alice.sign(tampered, 0, 10_000n)
    tampered.outs[0]!.value = 9_000n
    expect(await broadcast(tampered)).toMatchObject({ status: 400, body: expect.stringContaining('mandatory-script-verify-flag-failed') })

    const stranger = spend([coin], [{ script: bob.script, value: 9_000n }])
    bob.sign(stranger, 0, 10_000n)
    expect(await broadcast(stranger)).toMatchObject({ status: 400, body: expect.stringContaining('Witness program hash mismatch') })

    const unknown = spend([{ txid: 'ab'.repeat(32), vout: 0 }], [{ script: bob.script, value: 1_000n }])
    alice.sign(unknown, 0, 10_000n)
    expect(await broadcast(unknown)).toMatchObject({ status: 400, body: expect.stringContaining('bad-txns-inputs-missingorspent') })

    expect(await get<AddressStats>(`/address/${alice.address}`)).toEqual(before)
    expect(await get<Utxo[]>(`/address/${alice.address}/utxo`)).toContainEqual(expect.objectContaining({ txid: coin.txid, vout: coin.vout, value: 10_000 }))
  })

  test('bad input gets a 400 with a reason, never a crash: garbage hex, bad addresses and ids, bad dev bodies', async () => {
    const noInputs = new Transaction()
    noInputs.addOutput(bob.script, 1_000n)
    expect(await broadcast(noInputs)).toMatchObject({ status: 400 })
    for (const body of ['zz', '', '00', 'ab'.repeat(10)]) expect((await post('/tx', body)).status).toBe(400)
    for (const path of ['/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '/address/%E0%A4%A', '/address/<b>', '/tx/xyz', `/tx/${'AB'.repeat(32)}`]) {
      expect((await fetch(`${esplora.url}${path}`)).status, path).toBe(400)
    }
    expect((await fetch(`${esplora.url}/tx/${'cd'.repeat(32)}`)).status).toBe(404)
    for (const body of ['{}', 'null', '[]', '{"address":"x","sats":1}', `{"address":"${bob.address}","sats":-1}`, `{"address":"${bob.address}","sats":1,"extra":1}`]) {
      expect((await post('/dev/fund', body)).status, body).toBe(400)
    }
    expect((await post('/dev/mine', '{"blocks":0}')).status).toBe(400)
    expect((await post('/tx', 'ab'.repeat(500_000))).status).toBe(413)
    expect((await fetch(`${esplora.url}/block-height/999999`)).status).toBe(404)
    expect(await get('/fee-estimates')).toMatchObject({ '1': expect.any(Number), '144': expect.any(Number) })
  })

  test("the dev routes that mint coins answer only this machine's pages", async () => {
    const res = await post('/dev/fund', JSON.stringify({ address: bob.address, sats: 1 }), { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(balance(await get(`/address/${bob.address}`)).unconfirmed).toBe(0)
    const read = await fetch(`${esplora.url}/address/${bob.address}`, { headers: { origin: 'https://wallet.example' } })
    expect(read.headers.get('access-control-allow-origin')).toBe('https://wallet.example')
  })
})
