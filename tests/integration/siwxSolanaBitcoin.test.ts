import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { WalletRegistryLike } from '../../core/chains/announced/walletStandardDiscoveryEpic.js'
import { bitcoinAdapter } from '../../core/chains/bitcoin/bitcoinAdapter.js'
import { airlockBitcoinRegtest, airlockSolanaLocal } from '../../core/chains/networks.js'
import { solanaAdapter } from '../../core/chains/solana/solanaAdapter.js'
import { createAirlock, type AirlockAdapter, type Network } from '../../core/index.js'
import { createDefaultSiwx } from '../../core/siwx/createDefaultSiwx.js'
import { createLocalSessionStore } from '../../core/siwx/createLocalSessionStore.js'
import { verifySiwx } from '../../core/siwx/verifySiwx.js'
import { startEsplora, type EsploraServer } from '../../examples/devnet/bitcoin/esploraServer.js'
import { startSolanaRpc, type SolanaRpc } from '../../examples/devnet/solana/solanaRpc.js'
import { createStorage } from '../../storage/createStorage.js'
import { createBitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'
import { replayChecked } from '../support/replayChecked.js'
import { fakeWindow, until } from '../support/evmStack.js'
import { createSolanaTestWallet } from '../../examples/devnet/wallets/solanaTestWallet.js'

/** Sign-in with the wallet (CAIP-122) for Solana and Bitcoin accounts: the modal's flow in Node, the default config's checks. */
let rpc: SolanaRpc
let esplora: EsploraServer
// Every session replays from its log to the state it reached.
const started = replayChecked()
beforeAll(async () => {
  ;[rpc, esplora] = await Promise.all([startSolanaRpc({ port: 0 }), startEsplora({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([rpc?.close(), esplora?.close()])
})

const ORIGIN = 'http://127.0.0.1:5173'

async function signIn(network: Network, adapter: AirlockAdapter, win: ReturnType<typeof fakeWindow>, connectorId: string) {
  const sessions = createLocalSessionStore({ localStorage: null })
  const airlock = createAirlock({ networks: [network], adapters: [adapter], siwx: createDefaultSiwx({ required: true, storage: sessions }), deps: { window: win, storage: createStorage({ backend: 'memory' }) } })
  started.push(airlock)
  await airlock.ready()
  await until(airlock, (s) => s.connectors.list.some((c) => c.id === connectorId))
  airlock.dispatch({ type: 'connection/connectRequested', namespace: network.chainNamespace, connectorId })
  const opened = await until(airlock, (s) => s.siwx.status === 'signedOut' && s.modal.open)
  expect(opened.router.view).toBe('SIWXSignMessage')
  airlock.dispatch({ type: 'siwx/signRequested' })
  const signed = await until(airlock, (s) => s.siwx.status === 'signedIn')
  expect(signed.modal.open).toBe(false)
  const [stored] = await sessions.read()
  expect(JSON.stringify(airlock.getState())).not.toContain(stored!.signature)
  return { airlock, stored: stored! }
}

describe('sign-in with Solana and Bitcoin accounts', () => {
  test('default: a Solana wallet signs the CAIP-122 message (solana_signMessage); verifySiwx accepts it for this host only', async () => {
    const network = { ...airlockSolanaLocal, rpcUrls: { default: { http: [rpc.url] } } }
    const wallet = createSolanaTestWallet({ rpcUrls: { [network.caipNetworkId]: rpc.url } })
    await fetch(rpc.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wallet.keypair.publicKey.toBase58(), LAMPORTS_PER_SOL] }) })
    const registry: WalletRegistryLike = { get: () => [wallet], on: () => () => {} }
    const { stored } = await signIn(network, solanaAdapter({ wallets: () => registry }), fakeWindow(ORIGIN), 'solana:Test Solana Wallet')
    const address = wallet.keypair.publicKey.toBase58()
    expect(stored.message).toContain('wants you to sign in with your Solana account:')
    expect(wallet.requests.map((r) => r.kind)).toEqual(['connect', 'signMessage'])
    const check = { message: stored.message, signature: stored.signature, nonce: stored.data.nonce, chainId: network.caipNetworkId, now: Date.now() }
    expect(await verifySiwx({ ...check, domain: '127.0.0.1:5173' })).toEqual({ ok: true, address, chainId: network.caipNetworkId })
    expect(await verifySiwx({ ...check, domain: 'evil.example' })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
  })

  test('default: a Bitcoin wallet signs with its payment address (signMessage); verifySiwx accepts it', async () => {
    const network = { ...airlockBitcoinRegtest, rpcUrls: { default: { http: [esplora.url] } } }
    const wallet = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 31 })
    const win = fakeWindow(ORIGIN)
    Object.assign(win, { btc_providers: [{ id: 'Btc', name: 'Unfamiliar BTC' }], Btc: wallet })
    const noWallets: WalletRegistryLike = { get: () => [], on: () => () => {} }
    const { stored } = await signIn(network, bitcoinAdapter({ wallets: () => noWallets }), win, 'bip122:Unfamiliar BTC')
    expect(stored.message).toContain('wants you to sign in with your Bitcoin account:')
    expect(wallet.requests.map((r) => r.method)).toEqual(['getAccounts', 'signMessage'])
    const result = await verifySiwx({ message: stored.message, signature: stored.signature, domain: '127.0.0.1:5173', nonce: stored.data.nonce, chainId: network.caipNetworkId, now: Date.now() })
    expect(result).toEqual({ ok: true, address: wallet.payment.address, chainId: network.caipNetworkId })
  })
})
