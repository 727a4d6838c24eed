import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, SystemInstruction } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { airlockSolanaLocal } from '../../core/chains/networks.js'
import { solanaAdapter } from '../../core/chains/solana/solanaAdapter.js'
import type { WalletRegistryLike } from '../../core/chains/announced/walletStandardDiscoveryEpic.js'
import type { Network } from '../../core/chains/types.js'
import { createAirlock, type Airlock } from '../../core/index.js'
import { replay } from '../../core/replay.js'
import { createStorage } from '../../storage/createStorage.js'
import { startSolanaRpc, type SolanaRpc } from '../../examples/devnet/solana/solanaRpc.js'
import { replayChecked } from '../support/replayChecked.js'
import { fakeWindow, until, waitForStoredConnection } from '../support/evmStack.js'
import { createSolanaTestWallet, type SolanaTestWallet } from '../../examples/devnet/wallets/solanaTestWallet.js'

/** A Wallet Standard registry as `@wallet-standard/app` keeps it: wallets now, and register/unregister later. */
function registryOf(...initial: SolanaTestWallet[]): WalletRegistryLike & { register(wallet: SolanaTestWallet): void; unregister(wallet: SolanaTestWallet): void } {
  const wallets = new Set<unknown>(initial)
  const listeners = { register: new Set<(...w: unknown[]) => void>(), unregister: new Set<(...w: unknown[]) => void>() }
  return {
    get: () => [...wallets],
    on: (event, listener) => (listeners[event].add(listener), () => void listeners[event].delete(listener)),
    register: (wallet) => (wallets.add(wallet), listeners.register.forEach((l) => l(wallet))),
    unregister: (wallet) => (wallets.delete(wallet), listeners.unregister.forEach((l) => l(wallet))),
  }
}

let rpc: SolanaRpc
let network: Network
let connection: Connection
// Every session replays from its log to the state it reached.
const started = replayChecked()
beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 })
  network = { ...airlockSolanaLocal, rpcUrls: { default: { http: [rpc.url] } } }
  connection = new Connection(rpc.url, 'confirmed')
})
afterAll(async () => {
  await rpc?.close()
})

const CONNECTOR_ID = 'solana:Test Solana Wallet'
const connect = { type: 'connection/connectRequested', namespace: 'solana', connectorId: CONNECTOR_ID } as const

function start(registry: WalletRegistryLike, storage = createStorage({ backend: 'memory' })): Airlock {
  const airlock = createAirlock({ networks: [network], adapters: [solanaAdapter({ wallets: () => registry, reconnectTimeoutMs: 2_000 })], deps: { window: fakeWindow(), storage } })
  started.push(airlock)
  return airlock
}

async function funded(lamports = 2 * LAMPORTS_PER_SOL): Promise<SolanaTestWallet> {
  const wallet = createSolanaTestWallet({ rpcUrls: { [network.caipNetworkId]: rpc.url } })
  // The shim lands a transaction when it answers (no websocket to confirm over).
  await connection.requestAirdrop(wallet.keypair.publicKey, lamports)
  return wallet
}

describe('Solana through the Wallet Standard (litesvm cluster)', () => {
  test('default: the wallet is found, connects, and its SOL balance on the local cluster lands in state', async () => {
    const wallet = await funded()
    const airlock = start(registryOf(wallet))
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.some((c) => c.id === CONNECTOR_ID))
    expect(airlock.getState().connectors.list.find((c) => c.id === CONNECTOR_ID)).toMatchObject({ name: 'Test Solana Wallet', type: 'ANNOUNCED', namespace: 'solana', installed: true, icon: expect.stringMatching(/^data:image\/svg\+xml/) })
    airlock.dispatch(connect)
    const address = wallet.keypair.publicKey.toBase58()
    const key = `${network.caipNetworkId}:${address}`
    const state = await until(airlock, (s) => s.balances.native[key] !== undefined)
    expect(state.connection.namespaces.solana).toEqual({ status: 'connected', caipAddress: key, connectorId: CONNECTOR_ID, accounts: [key] })
    expect(state.connection.activeNamespace).toBe('solana')
    expect(state.balances.native[key]).toMatchObject({ value: String(await connection.getBalance(wallet.keypair.publicKey, 'confirmed')), decimals: 9, symbol: 'SOL' })
    expect(wallet.requests).toEqual([{ kind: 'connect' }])
  })

  test('behavior: getProvider("solana") signs a message the key verifies, and sends SOL that both balances show', async () => {
    const wallet = await funded()
    const airlock = start(registryOf(wallet))
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.length > 0)
    airlock.dispatch(connect)
    await until(airlock, (s) => s.connection.namespaces.solana?.status === 'connected')
    const provider = airlock.getProvider('solana')!
    const pubkey = wallet.keypair.publicKey.toBase58()
    const message = new TextEncoder().encode('Airlock says hello')
    const { signature } = (await provider.request({ method: 'solana_signMessage', params: { message: bs58.encode(message), pubkey } })) as { signature: string }
    expect(ed25519.verify(bs58.decode(signature), message, wallet.keypair.publicKey.toBytes())).toBe(true)

    const to = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: wallet.keypair.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: wallet.keypair.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 4 }))
    const before = await connection.getBalance(wallet.keypair.publicKey, 'confirmed')
    const sent = (await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction: tx.serialize({ requireAllSignatures: false }).toString('base64'), pubkey } })) as { signature: string }
    expect(bs58.decode(sent.signature)).toHaveLength(64)
    expect(await connection.getBalance(to, 'confirmed')).toBe(LAMPORTS_PER_SOL / 4)
    const after = await connection.getBalance(wallet.keypair.publicKey, 'confirmed')
    expect(before - after).toBeGreaterThanOrEqual(LAMPORTS_PER_SOL / 4)
    // The balance is fetched again after a send (the cache does not answer).
    const key = `${network.caipNetworkId}:${pubkey}`
    await until(airlock, (s) => s.balances.native[key]?.value === String(after))
    expect(airlock.log.entries().map((e) => e.action.type)).toEqual(expect.arrayContaining(['wallet/requestSent', 'wallet/requestSucceeded']))

    // Sign all (SPEC 3): both come back signed by the key, in order, without being sent.
    const unsigned = [1, 2].map((n) => new Transaction({ feePayer: wallet.keypair.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: wallet.keypair.publicKey, toPubkey: to, lamports: n })))
    const { transactions } = (await provider.request({ method: 'solana_signAllTransactions', params: { transactions: unsigned.map((t) => t.serialize({ requireAllSignatures: false }).toString('base64')), pubkey } })) as { transactions: string[] }
    expect(transactions).toHaveLength(2)
    transactions.forEach((signed, i) => {
      const tx = Transaction.from(Buffer.from(signed, 'base64'))
      expect(tx.verifySignatures()).toBe(true)
      expect(SystemInstruction.decodeTransfer(tx.instructions[0]!).lamports).toBe(BigInt(i + 1))
    })
  })

  test('behavior: after a reload the stored wallet is confirmed silently (no prompt); a wallet that forgot the site ends disconnected', async () => {
    const wallet = await funded()
    const storage = createStorage({ backend: 'memory' })
    const first = start(registryOf(wallet), storage)
    await first.ready()
    await until(first, (s) => s.connectors.list.length > 0)
    first.dispatch(connect)
    await until(first, (s) => s.connection.namespaces.solana?.status === 'connected')
    await waitForStoredConnection(storage, 3_000, 'solana')

    const second = start(registryOf(wallet), storage)
    await second.ready()
    const restored = await until(second, (s) => s.connection.namespaces.solana?.status === 'connected')
    expect(restored.connection.namespaces.solana?.caipAddress).toBe(`${network.caipNetworkId}:${wallet.keypair.publicKey.toBase58()}`)
    expect(wallet.requests).toEqual([{ kind: 'connect' }])
    // SPEC 4: the stored address alone was `connecting`; only the wallet's silent answer made it `connected`.
    const types = second.log.entries().map((e) => e.action.type)
    expect(types.indexOf('storage/hydrated')).toBeLessThan(types.indexOf('connection/accountConnected'))
    const hydratedAt = second.log.entries().findIndex((e) => e.action.type === 'storage/hydrated')
    const log = second.log.toJSON()
    expect(replay({ ...log, entries: log.entries.slice(0, hydratedAt + 1) }).connection.namespaces.solana?.status).toBe('connecting')

    // The wallet disconnects on its own: the page follows, and the next reload does not connect.
    await (wallet.features['standard:disconnect'] as { disconnect(): Promise<void> }).disconnect()
    const gone = await until(second, (s) => s.connection.namespaces.solana?.status === 'disconnected')
    expect(gone.connection.namespaces.solana?.caipAddress).toBeNull()
    expect(second.log.entries().map((e) => e.action).filter((a) => a.type === 'connection/disconnected')).toEqual([{ type: 'connection/disconnected', namespace: 'solana', reason: 'wallet' }])
  })

  test('behavior: a wallet that registers late is found; one that unregisters leaves the list; a stored one that never comes back fails the reconnect', async () => {
    const registry = registryOf()
    const storage = createStorage({ backend: 'memory' })
    const airlock = start(registry, storage)
    await airlock.ready()
    const wallet = await funded(LAMPORTS_PER_SOL)
    registry.register(wallet)
    await until(airlock, (s) => s.connectors.list.some((c) => c.id === CONNECTOR_ID))
    airlock.dispatch(connect)
    await until(airlock, (s) => s.connection.namespaces.solana?.status === 'connected')
    await waitForStoredConnection(storage, 3_000, 'solana')
    registry.unregister(wallet)
    await until(airlock, (s) => !s.connectors.list.some((c) => c.id === CONNECTOR_ID))

    // A reload where the wallet never registers: not connected on the cache alone, `reconnectFailed` after the wait.
    const reloaded = start(registryOf(), storage)
    const failed = await until(reloaded, (s) => s.app.storage.hydrated && s.connection.namespaces.solana?.status === 'disconnected', 5_000)
    expect(failed.connection.namespaces.solana?.caipAddress).toBeNull()
    expect(reloaded.log.entries().map((e) => e.action).find((a) => a.type === 'connection/disconnected')).toMatchObject({ namespace: 'solana', reason: 'reconnectFailed' })
    expect(reloaded.log.entries().some((e) => e.action.type === 'connection/accountConnected')).toBe(false)
  })

  test('behavior: a rejected connect is reported with the wallet\'s words; a disconnect asks standard:disconnect', async () => {
    const answers = [false, true]
    const wallet = createSolanaTestWallet({ rpcUrls: { [network.caipNetworkId]: rpc.url }, approve: () => answers.shift() ?? true })
    const airlock = start(registryOf(wallet))
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.length > 0)
    airlock.dispatch(connect)
    const failed = await until(airlock, (s) => s.connection.errors.solana !== undefined)
    expect(failed.connection.errors.solana).toMatchObject({ code: 4001 })
    expect(failed.connection.namespaces.solana?.status).toBe('disconnected')
    airlock.dispatch(connect)
    await until(airlock, (s) => s.connection.namespaces.solana?.status === 'connected')
    airlock.dispatch({ type: 'connection/disconnectRequested', namespace: 'solana' })
    await until(airlock, (s) => s.connection.namespaces.solana?.status === 'disconnected')
    expect(wallet.accounts).toEqual([])
    const reasons = airlock.log.entries().filter((e) => e.action.type === 'connection/disconnected').map((e) => (e.action as { reason?: string }).reason)
    expect(reasons).toEqual(['user'])
  })
})
