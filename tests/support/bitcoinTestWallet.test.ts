import { Psbt, networks } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockBitcoinRegtest } from '../../core/chains/networks.js'
import { verifyBitcoinSignature } from '../../core/siwx/verifiers/verifyBitcoinSignature.js'
import { startEsplora, type EsploraServer } from '../../examples/devnet/bitcoin/esploraServer.js'
import { regtestScript, type AddressStats } from '../../examples/devnet/bitcoin/regtestChain.js'
import { createBitcoinTestWallet, USER_REJECTION, type BitcoinAccount } from '../../examples/devnet/wallets/bitcoinTestWallet.js'

describe('the Bitcoin test wallet (sats-connect request API), on the regtest stand-in', () => {
  let esplora: EsploraServer
  beforeAll(async () => {
    esplora = await startEsplora({ port: 0 })
  })
  afterAll(async () => {
    await esplora?.close()
  })
  const stats = async (address: string) => (await (await fetch(`${esplora.url}/address/${address}`)).json()) as AddressStats
  const pending = async (address: string) => {
    const { mempool_stats: m } = await stats(address)
    return m.funded_txo_sum - m.spent_txo_sum
  }

  test('getAccounts: payment (P2WPKH) and ordinals (P2TR) regtest accounts after approval; a refusal is -32000', async () => {
    const answers = [false, true]
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, approve: () => answers.shift() ?? true })
    const seen: BitcoinAccount[][] = []
    wallet.on('accountChange', (accounts) => seen.push(accounts))
    expect(await wallet.request('getAccounts', { purposes: ['payment', 'ordinals'] })).toEqual({ status: 'error', error: { code: USER_REJECTION, message: 'User rejected the request.' } })
    const answer = await wallet.request('getAccounts', { purposes: ['payment', 'ordinals'], message: 'Dapp wants your addresses' })
    expect(answer).toEqual({ status: 'success', result: [wallet.payment, wallet.ordinals] })
    expect(wallet.payment).toMatchObject({ purpose: 'payment', addressType: 'p2wpkh', address: expect.stringMatching(/^bcrt1q/) })
    expect(wallet.ordinals).toMatchObject({ purpose: 'ordinals', addressType: 'p2tr', address: expect.stringMatching(/^bcrt1p/) })
    expect(regtestScript(wallet.payment.address)).toBeDefined()
    wallet.disconnect()
    expect(seen).toEqual([[wallet.payment, wallet.ordinals], []])
    expect(await wallet.request('nope')).toMatchObject({ status: 'error', error: { code: -32601 } })
  })

  test("signMessage: ECDSA (BIP-137) and BIP-322 for both accounts, each accepted by Airlock's own verifier", async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 2 })
    await wallet.request('getAccounts', {})
    const message = 'dapp.example wants you to sign in with your Bitcoin account'
    for (const [address, protocol] of [[wallet.payment.address, 'ECDSA'], [wallet.payment.address, 'BIP322'], [wallet.ordinals.address, 'BIP322']] as const) {
      const answer = await wallet.request('signMessage', { address, message, protocol })
      expect(answer.status, `${address} ${protocol}`).toBe('success')
      const { signature } = (answer as { result: { signature: string } }).result
      expect(await verifyBitcoinSignature({ chainId: airlockBitcoinRegtest.caipNetworkId, address, message, signature }), `${protocol} ${address}`).toBe(true)
      expect(await verifyBitcoinSignature({ chainId: airlockBitcoinRegtest.caipNetworkId, address, message: `${message}!`, signature })).toBe(false)
    }
    expect(await wallet.request('signMessage', { address: wallet.ordinals.address, message, protocol: 'ECDSA' })).toMatchObject({ status: 'error', error: { code: -32001 } })
  })

  test('sendTransfer pays a recipient from the payment account with change back; the stand-in checks and accepts it', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 3 })
    await wallet.request('getAccounts', { purposes: ['payment'] })
    esplora.chain.fund(wallet.payment.address, 30_000n)
    esplora.chain.fund(wallet.payment.address, 50_000n)
    const recipient = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 4 }).payment.address
    const answer = await wallet.request('sendTransfer', { recipients: [{ address: recipient, amount: 60_000 }] })
    expect(answer).toMatchObject({ status: 'success', result: { txid: expect.stringMatching(/^[0-9a-f]{64}$/) } })
    expect(await pending(recipient)).toBe(60_000)
    // Both coins spent (largest first: 50,000 is not enough), the change back: the account is down the
    // amount plus the fee at 2 sat/vB for 2 inputs and 2 outputs (11 + 2·68 + 2·31 = 209 vB).
    expect(await pending(wallet.payment.address)).toBe(-(60_000 + 418))
    expect(await wallet.request('sendTransfer', { recipients: [{ address: recipient, amount: 10_000_000 }] })).toMatchObject({ status: 'error', error: { message: 'Insufficient funds' } })
    expect(await wallet.request('sendTransfer', { recipients: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 1000 }] })).toMatchObject({ status: 'error', error: { code: -32602 } })
  })

  test('signPsbt signs the inputs it is asked for (P2WPKH and P2TR), and with broadcast the stand-in accepts the transaction', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 5 })
    await wallet.request('getAccounts', {})
    const a = esplora.chain.fund(wallet.payment.address, 40_000n)
    const b = esplora.chain.fund(wallet.ordinals.address, 20_000n)
    const to = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 6 }).payment.address
    const build = () => {
      const psbt = new Psbt({ network: networks.regtest })
      psbt.addInput({ hash: a.txid, index: a.vout, witnessUtxo: { script: regtestScript(wallet.payment.address)!, value: 40_000n } })
      psbt.addInput({ hash: b.txid, index: b.vout, witnessUtxo: { script: regtestScript(wallet.ordinals.address)!, value: 20_000n } })
      psbt.addOutput({ script: regtestScript(to)!, value: 59_000n })
      return psbt.toBase64()
    }
    const partial = await wallet.request('signPsbt', { psbt: build(), signInputs: { [wallet.payment.address]: [0] } })
    const signed = Psbt.fromBase64((partial as { result: { psbt: string } }).result.psbt)
    expect(signed.data.inputs[0]!.partialSig).toHaveLength(1)
    expect(signed.data.inputs[1]!.tapKeySig).toBeUndefined()
    const sent = await wallet.request('signPsbt', { psbt: build(), signInputs: { [wallet.payment.address]: [0], [wallet.ordinals.address]: [1] }, broadcast: true })
    expect(sent).toMatchObject({ status: 'success', result: { txid: expect.stringMatching(/^[0-9a-f]{64}$/) } })
    expect(await pending(to)).toBe(59_000)
    expect(await wallet.request('signPsbt', { psbt: build(), signInputs: { [to]: [0] } })).toMatchObject({ status: 'error', error: { code: -32602 } })
    expect(await wallet.request('signPsbt', { psbt: 'not a psbt', signInputs: {} })).toMatchObject({ status: 'error', error: { code: -32602 } })
  })
})
