import { networks, Psbt } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bitcoinAdapter } from '../../core/chains/bitcoin/bitcoinAdapter.js'
import type { WalletRegistryLike } from '../../core/chains/announced/walletStandardDiscoveryEpic.js'
import { airlockBitcoinRegtest } from '../../core/chains/networks.js'
import type { Network } from '../../core/chains/types.js'
import { createAirlock, type Airlock } from '../../core/index.js'
import { verifyBitcoinSignature } from '../../core/siwx/verifiers/verifyBitcoinSignature.js'
import { createStorage } from '../../storage/createStorage.js'
import { startEsplora, type EsploraServer } from '../../examples/devnet/bitcoin/esploraServer.js'
import { regtestScript } from '../../examples/devnet/bitcoin/regtestChain.js'
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'
import { createBitcoinStandardTestWallet } from '../../examples/devnet/wallets/bitcoinStandardTestWallet.js'
import { replayChecked } from '../support/replayChecked.js'
import { fakeWindow, until, waitForStoredConnection } from '../support/evmStack.js'

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
const CONNECTOR_ID = 'bip122:Unfamiliar BTC'
const connect = { type: 'connection/connectRequested', namespace: 'bip122', connectorId: CONNECTOR_ID } as const
const noWallets: WalletRegistryLike = { get: () => [], on: () => () => {} }

let esplora: EsploraServer
let network: Network
// Every session replays from its log to the state it reached.
const started = replayChecked()
beforeAll(async () => {
  esplora = await startEsplora({ port: 0 })
  network = { ...airlockBitcoinRegtest, rpcUrls: { default: { http: [esplora.url] } } }
})
afterAll(async () => {
  await esplora?.close()
})

/** A page where the wallet is announced the sats-connect way: `window.btc_providers` naming its path on `window`. */
function pageWith(wallet: BitcoinTestWallet | null, entries?: unknown[]) {
  const win = fakeWindow()
  Object.assign(win, { btc_providers: entries ?? [{ id: 'UnfamiliarBtc.BitcoinProvider', name: 'Unfamiliar BTC', icon: ICON }], UnfamiliarBtc: { BitcoinProvider: wallet } })
  return win
}

function start(win = pageWith(createBitcoinTestWallet({ apiUrl: esplora.url })), storage = createStorage({ backend: 'memory' }), wallets: WalletRegistryLike = noWallets): Airlock {
  const airlock = createAirlock({ networks: [network], adapters: [bitcoinAdapter({ wallets: () => wallets, reconnectTimeoutMs: 2_000 })], deps: { window: win, storage } })
  started.push(airlock)
  return airlock
}

async function connected(wallet: BitcoinTestWallet, storage = createStorage({ backend: 'memory' })): Promise<Airlock> {
  const airlock = start(pageWith(wallet), storage)
  await airlock.ready()
  await until(airlock, (s) => s.connectors.list.some((c) => c.id === CONNECTOR_ID))
  airlock.dispatch(connect)
  await until(airlock, (s) => s.connection.namespaces.bip122?.status === 'connected')
  return airlock
}

describe('Bitcoin through sats-connect (regtest stand-in)', () => {
  test('default: found in btc_providers; connects with the payment account first; its confirmed plus unconfirmed BTC balance lands in state', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 11 })
    esplora.chain.fund(wallet.payment.address, 150_000n)
    const airlock = await connected(wallet)
    const key = `${network.caipNetworkId}:${wallet.payment.address}`
    const state = await until(airlock, (s) => s.balances.native[key] !== undefined)
    expect(state.connectors.list.find((c) => c.id === CONNECTOR_ID)).toMatchObject({ name: 'Unfamiliar BTC', type: 'ANNOUNCED', namespace: 'bip122', icon: ICON })
    expect(state.connection.namespaces.bip122).toEqual({ status: 'connected', caipAddress: key, connectorId: CONNECTOR_ID, accounts: [key, `${network.caipNetworkId}:${wallet.ordinals.address}`] })
    expect(state.balances.native[key]).toMatchObject({ value: '150000', decimals: 8, symbol: 'BTC' })
    expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts'])
  })

  test('behavior: getProvider("bip122") signs a message the verifier accepts, sends a transfer the chain checks, and the balance follows', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 12 })
    esplora.chain.fund(wallet.payment.address, 200_000n)
    const airlock = await connected(wallet)
    const provider = airlock.getProvider('bip122')!
    const message = 'Airlock says hello'
    for (const protocol of ['ECDSA', 'BIP322'] as const) {
      const { signature } = (await provider.request({ method: 'signMessage', params: { address: wallet.payment.address, message, protocol } })) as { signature: string }
      expect(await verifyBitcoinSignature({ chainId: network.caipNetworkId, address: wallet.payment.address, message, signature })).toBe(true)
    }
    const to = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 13 }).payment.address
    const { txid } = (await provider.request({ method: 'sendTransfer', params: { recipients: [{ address: to, amount: 50_000 }] } })) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const received = (await (await fetch(`${esplora.url}/address/${to}`)).json()) as { mempool_stats: { funded_txo_sum: number } }
    expect(received.mempool_stats.funded_txo_sum).toBe(50_000)
    const key = `${network.caipNetworkId}:${wallet.payment.address}`
    // The balance is fetched again after the send: less than 150,000 by the fee.
    const after = await until(airlock, (s) => Number(s.balances.native[key]?.value ?? 200_000) < 150_000)
    expect(Number(after.balances.native[key]!.value)).toBeGreaterThan(149_000)
    await expect(provider.request({ method: 'sendTransfer', params: { recipients: [{ address: 'not-an-address', amount: 1 }] } })).rejects.toThrow()
    expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts', 'signMessage', 'signMessage', 'sendTransfer'])
  })

  test('behavior: a PSBT the page builds is signed by the wallet through getProvider("bip122") and broadcast; the stand-in accepts it and pays the other address', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 16 })
    const funding = esplora.chain.fund(wallet.payment.address, 80_000n)
    const airlock = await connected(wallet)
    const to = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 17 }).ordinals.address
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: funding.txid, index: funding.vout, witnessUtxo: { script: regtestScript(wallet.payment.address)!, value: 80_000n } })
    psbt.addOutput({ script: regtestScript(to)!, value: 30_000n })
    psbt.addOutput({ script: regtestScript(wallet.payment.address)!, value: 49_000n })
    const provider = airlock.getProvider('bip122')!
    const { txid } = (await provider.request({ method: 'signPsbt', params: { psbt: psbt.toBase64(), signInputs: { [wallet.payment.address]: [0] }, broadcast: true } })) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const paid = (await (await fetch(`${esplora.url}/address/${to}`)).json()) as { mempool_stats: { funded_txo_sum: number } }
    expect(paid.mempool_stats.funded_txo_sum).toBe(30_000)
    // Signing for an address the wallet does not hold is refused before the wallet is asked to sign.
    await expect(provider.request({ method: 'signPsbt', params: { psbt: psbt.toBase64(), signInputs: { [to]: [0] } } })).rejects.toThrow()
    expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts', 'signPsbt'])
  })

  test('behavior: after a reload the wallet is asked silently (wallet_getAccount, no prompt); a wallet that forgot the site leaves it disconnected', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 14 })
    const storage = createStorage({ backend: 'memory' })
    await connected(wallet, storage)
    await waitForStoredConnection(storage, 3_000, 'bip122')
    const second = start(pageWith(wallet), storage)
    const restored = await until(second, (s) => s.connection.namespaces.bip122?.status === 'connected')
    expect(restored.connection.namespaces.bip122?.caipAddress).toBe(`${network.caipNetworkId}:${wallet.payment.address}`)
    expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts'])
    wallet.disconnect()
    await until(second, (s) => s.connection.namespaces.bip122?.status === 'disconnected')
    expect(second.log.entries().map((e) => e.action).filter((a) => a.type === 'connection/disconnected')).toEqual([{ type: 'connection/disconnected', namespace: 'bip122', reason: 'wallet' }])

    const third = start(pageWith(wallet), storage)
    await until(third, (s) => s.app.storage.hydrated && s.connection.namespaces.bip122?.status === 'disconnected', 5_000)
    expect(third.log.entries().some((e) => e.action.type === 'connection/accountConnected')).toBe(false)
  })

  test('behavior: a Wallet Standard wallet with the sats-connect: feature is found too; hostile provider paths and wallets are ignored', async () => {
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 15 })
    const standard = { version: '1.0.0', name: 'Standard BTC', icon: ICON, chains: ['bitcoin:mainnet'], accounts: [], features: { 'sats-connect:': { provider: wallet } } }
    const registry: WalletRegistryLike = { get: () => [standard, { name: 'No provider', chains: ['bitcoin:mainnet'], features: {} }], on: () => () => {} }
    const hostile = [{ id: '__proto__.constructor', name: 'Proto' }, { id: 'a'.repeat(300), name: 'Long' }, { id: 'alert(1)', name: 'Code' }, null, 7]
    const airlock = start(pageWith(null, hostile), createStorage({ backend: 'memory' }), registry)
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.length > 0)
    expect(airlock.getState().connectors.list.map((c) => c.id)).toEqual(['bip122:Standard BTC'])
    airlock.dispatch({ type: 'connection/connectRequested', namespace: 'bip122', connectorId: 'bip122:Standard BTC' })
    await until(airlock, (s) => s.connection.namespaces.bip122?.status === 'connected')
  })

  test('behavior: a wallet with only the Wallet Standard bitcoin: features connects payment first, signs a message the verifier accepts, signs a PSBT and broadcasts another; reload restores from its listed accounts', async () => {
    const inner = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 18 })
    const standard = createBitcoinStandardTestWallet(inner)
    const registry: WalletRegistryLike = { get: () => [standard], on: () => () => {} }
    const storage = createStorage({ backend: 'memory' })
    const id = 'bip122:Standard Only BTC'
    const airlock = start(pageWith(null, []), storage, registry)
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.some((c) => c.id === id))
    airlock.dispatch({ type: 'connection/connectRequested', namespace: 'bip122', connectorId: id })
    const state = await until(airlock, (s) => s.connection.namespaces.bip122?.status === 'connected')
    const key = `${network.caipNetworkId}:${inner.payment.address}`
    expect(state.connection.namespaces.bip122).toMatchObject({ caipAddress: key, accounts: [key, `${network.caipNetworkId}:${inner.ordinals.address}`] })

    const provider = airlock.getProvider('bip122')!
    const message = 'Airlock says hello to a standard wallet'
    const answer = (await provider.request({ method: 'signMessage', params: { address: inner.payment.address, message } })) as { signature: string; protocol: string }
    expect(answer.protocol).toBe('BIP322')
    expect(await verifyBitcoinSignature({ chainId: network.caipNetworkId, address: inner.payment.address, message, signature: answer.signature })).toBe(true)

    const to = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 19 }).payment.address
    const spend = (funding: { txid: string; vout: number }) => {
      const psbt = new Psbt({ network: networks.regtest })
      psbt.addInput({ hash: funding.txid, index: funding.vout, witnessUtxo: { script: regtestScript(inner.payment.address)!, value: 60_000n } })
      psbt.addOutput({ script: regtestScript(to)!, value: 20_000n })
      psbt.addOutput({ script: regtestScript(inner.payment.address)!, value: 39_000n })
      return psbt.toBase64()
    }
    const { psbt } = (await provider.request({ method: 'signPsbt', params: { psbt: spend(esplora.chain.fund(inner.payment.address, 60_000n)), signInputs: { [inner.payment.address]: [0] } } })) as { psbt: string }
    expect(Psbt.fromBase64(psbt, { network: networks.regtest }).data.inputs[0]!.partialSig).toHaveLength(1)
    const { txid } = (await provider.request({ method: 'signPsbt', params: { psbt: spend(esplora.chain.fund(inner.payment.address, 60_000n)), signInputs: { [inner.payment.address]: [0] }, broadcast: true } })) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const paid = (await (await fetch(`${esplora.url}/address/${to}`)).json()) as { mempool_stats: { funded_txo_sum: number } }
    expect(paid.mempool_stats.funded_txo_sum).toBe(20_000)
    // No feature of its own for sendTransfer: 4200, the wallet never asked.
    await expect(provider.request({ method: 'sendTransfer', params: { recipients: [{ address: to, amount: 1_000 }] } })).rejects.toMatchObject({ code: 4200 })
    expect(inner.requests.map((r) => r.method)).toEqual(['getAccounts', 'signMessage', 'signPsbt', 'signPsbt'])

    await waitForStoredConnection(storage, 3_000, 'bip122')
    const second = start(pageWith(null, []), storage, registry)
    const restored = await until(second, (s) => s.connection.namespaces.bip122?.status === 'connected')
    expect(restored.connection.namespaces.bip122?.caipAddress).toBe(key)
    expect(inner.requests.map((r) => r.method)).toEqual(['getAccounts', 'signMessage', 'signPsbt', 'signPsbt'])
  })

  test('behavior: a wallet answering an address of another network, or garbage, fails the connect with a clear error', async () => {
    const liar = { request: async () => ({ jsonrpc: '2.0', id: 1, result: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', purpose: 'payment' }] }) }
    const airlock = start(pageWith(liar as unknown as BitcoinTestWallet))
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.length > 0)
    airlock.dispatch(connect)
    const failed = await until(airlock, (s) => s.connection.errors.bip122 !== undefined)
    expect(failed.connection.errors.bip122?.message).toBe('The wallet returned no accounts')
    expect(failed.connection.namespaces.bip122?.status).toBe('disconnected')
  })
})
