import { UniversalProvider } from '@walletconnect/universal-provider'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Airlock } from '../../core/index.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/connectors/walletConnect/constants.js'
import type { CreateUniversalProvider, UniversalProviderLike } from '../../core/connectors/walletConnect/universalProvider.js'
import type { StorageDep } from '../../core/deps.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { DEFAULT_DEV_PROJECT_ID, startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { startRelay, type Relay } from '../../examples/devnet/relay.js'
import { createStorage } from '../../storage/createStorage.js'
import { type EvmStack, fakeWindow, startAirlock, until, useEvmStack } from '../support/evmStack.js'
import { createWcWallet, type WcWallet } from '../support/wcWallet.js'
import { closeProvider, keepVerifyLocal, memoryKeyValueStorage, type OutboundRecorder, recordOutboundRequests, uniquePrefix, universalProviderOptions } from '../support/wcOffline.js'
import { useWcAirlockStack } from '../support/wcAirlockStack.js'
import { ed25519 } from '@noble/curves/ed25519'
import { networks, Psbt } from 'bitcoinjs-lib'
import bs58 from 'bs58'
import { airlockBitcoinRegtest, airlockSolanaLocal } from '../../core/chains/networks.js'
import { verifyBitcoinSignature } from '../../core/siwx/verifiers/verifyBitcoinSignature.js'
import { startEsplora } from '../../examples/devnet/bitcoin/esploraServer.js'
import { regtestScript } from '../../examples/devnet/bitcoin/regtestChain.js'
import { createBitcoinTestWallet } from '../../examples/devnet/wallets/bitcoinTestWallet.js'

/**
 * Issue #4 part 2 in Node: a real `createAirlock` with the WalletConnect connector, the local
 * relay, the Node WalletConnect wallet and anvil. Nothing may leave 127.0.0.1.
 */
const wc = useWcAirlockStack<UniversalProviderLike & { client: InstanceType<typeof UniversalProvider>['client'] }>()

/** The SDK kept local (memory storage, no telemetry, no verify); `storage` and `prefix` shared make a "reload". */
function localProvider(storage = memoryKeyValueStorage(), prefix = uniquePrefix('airlock')): CreateUniversalProvider {
  return async (init) => {
    const provider = await UniversalProvider.init({ ...universalProviderOptions({ relayUrl: init.relayUrl, storage, customStoragePrefix: prefix }), projectId: init.projectId, metadata: init.metadata })
    keepVerifyLocal(provider.client)
    wc.providers.push({ provider: provider as never, prefix })
    return provider as unknown as UniversalProviderLike
  }
}

async function newWallet(account = 2): Promise<WcWallet> {
  const wallet = await createWcWallet({ relayUrl: wc.relay.url, rpcUrl: { 31337: wc.stack.chain1.rpcUrl, 31338: wc.stack.chain2.rpcUrl }, privateKey: ANVIL_ACCOUNTS[account]!.privateKey })
  wc.wallets.push(wallet)
  return wallet
}

function startWcAirlock(createProvider: CreateUniversalProvider, storage: StorageDep = createStorage({ backend: 'memory' }), relayUrl = wc.relay.url, uriTimeoutMs?: number, relayUnreachableMs?: number): Airlock {
  return startAirlock(wc.stack, { window: fakeWindow(), storage, projectId: DEFAULT_DEV_PROJECT_ID, relayUrl, apiUrl: wc.gateway.url, analyticsUrl: wc.gateway.url, blockchainApiUrl: wc.gateway.url, walletConnect: { createProvider, ...(uriTimeoutMs ? { uriTimeoutMs } : {}), ...(relayUnreachableMs ? { relayUnreachableMs } : {}) } })
}

/** Asks for a pairing, reads the URI from state, pairs the wallet; resolves when connected. */
async function pairAirlock(airlock: Airlock, wallet: WcWallet): Promise<{ uriMs: number; settleMs: number }> {
  const started = performance.now()
  airlock.dispatch({ type: 'walletConnect/connectRequested' })
  const { walletConnect } = await until(airlock, (s) => s.walletConnect.uriRef !== null, 15_000)
  const uriMs = performance.now() - started
  await wallet.pair(airlock.deps.secrets.get(walletConnect.uriRef)!)
  await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected', 10_000)
  return { uriMs, settleMs: performance.now() - started - uriMs }
}

describe('WalletConnect connector (relay + Node wallet + anvil)', { timeout: 60_000 }, () => {
  test('default: pair, account in state, personal_sign through getProvider(), disconnect from the wallet resets', async () => {
    const wallet = await newWallet(2)
    const airlock = startWcAirlock(localProvider())
    await airlock.ready()
    // The connector's epics are a lazily loaded chunk: under load it may announce just after ready().
    const announced = await until(airlock, (s) => s.connectors.list.some((c) => c.id === WALLET_CONNECT_CONNECTOR_ID))
    expect(announced.connectors.list.find((c) => c.id === WALLET_CONNECT_CONNECTOR_ID)).toMatchObject({ type: 'WALLET_CONNECT', installed: false })
    const { uriMs, settleMs } = await pairAirlock(airlock, wallet)
    console.info(`[walletConnect] URI after ${uriMs.toFixed(0)} ms, session settled ${settleMs.toFixed(0)} ms after the URI`)
    const key = `eip155:31337:${wallet.address}`
    const state = airlock.getState()
    expect(state.connection.namespaces.eip155).toEqual({ status: 'connected', caipAddress: key, connectorId: WALLET_CONNECT_CONNECTOR_ID, accounts: [key] })
    expect(state.walletConnect).toMatchObject({ status: 'connected', uriRef: null, peer: { name: 'Airlock test wallet' } })
    expect(state.connection.recentWallets[0]).toEqual({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'Airlock test wallet' })

    const message = '0x68656c6c6f206169726c6f636b' as Hex
    const signature = (await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: [message, wallet.address] })) as Hex
    expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)
    expect(wallet.requests).toContain('personal_sign')
    expect(await airlock.getProvider('eip155')!.request({ method: 'eth_chainId' })).toBe(31337)

    await wallet.disconnect()
    const after = await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'disconnected', 10_000)
    expect(after.walletConnect.status).toBe('idle')
    expect(after.connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
    expect(wc.outbound.remote()).toEqual([])
  })

  test('behavior: restore after a reload (same storage) connects without a new URI; disconnect tells the wallet', async () => {
    const wallet = await newWallet(1)
    const storage = createStorage({ backend: 'memory' })
    const sdkStorage = memoryKeyValueStorage()
    const prefix = uniquePrefix('airlock-reload')
    const first = startWcAirlock(localProvider(sdkStorage, prefix), storage)
    await first.ready()
    await pairAirlock(first, wallet)
    // The page goes away: its socket closes, the stored connection and the SDK's session stay.
    await until(first, () => true)
    while ((await storage.load()).values.connectionStatus?.eip155 !== 'connected') await new Promise((r) => setTimeout(r, 10))
    first.destroy()
    const gone = wc.providers.find((p) => p.prefix === prefix)!
    await closeProvider(gone.provider, prefix)
    wc.providers.splice(wc.providers.indexOf(gone), 1)

    const second = startWcAirlock(localProvider(sdkStorage, prefix), storage)
    await second.ready()
    const restored = await until(second, (s) => s.connection.namespaces.eip155?.status === 'connected', 10_000)
    expect(restored.connection.namespaces.eip155?.caipAddress).toBe(`eip155:31337:${wallet.address}`)
    expect(second.log.entries().map((e) => e.action.type)).not.toContain('walletConnect/uriReceived')
    expect(second.log.entries().find((e) => e.action.type === 'walletConnect/sessionSettled')?.action).toMatchObject({ restored: true })

    const deleted = wallet.nextSessionDelete(10_000)
    second.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    await until(second, (s) => s.connection.namespaces.eip155?.status === 'disconnected' && s.walletConnect.status === 'idle')
    await deleted
    expect(wc.outbound.remote()).toEqual([])
  })

  test('behavior: a reload while the relay is down restores the session at once, shows reconnecting, and works when the relay is back', async () => {
    const own = await startRelay()
    const wallet = await createWcWallet({ relayUrl: own.url, rpcUrl: { 31337: wc.stack.chain1.rpcUrl, 31338: wc.stack.chain2.rpcUrl }, privateKey: ANVIL_ACCOUNTS[1]!.privateKey })
    wc.wallets.push(wallet)
    const storage = createStorage({ backend: 'memory' })
    const sdkStorage = memoryKeyValueStorage()
    const prefix = uniquePrefix('airlock-down')
    const first = startWcAirlock(localProvider(sdkStorage, prefix), storage, own.url)
    await first.ready()
    await pairAirlock(first, wallet)
    while ((await storage.load()).values.connectionStatus?.eip155 !== 'connected') await new Promise((r) => setTimeout(r, 10))
    first.destroy()
    const gone = wc.providers.find((p) => p.prefix === prefix)!
    await closeProvider(gone.provider, prefix)
    wc.providers.splice(wc.providers.indexOf(gone), 1)
    await own.close()

    const second = startWcAirlock(localProvider(sdkStorage, prefix), storage, own.url)
    await second.ready()
    const restored = await until(second, (s) => s.connection.namespaces.eip155?.status === 'connected', 10_000)
    expect(restored.connection.namespaces.eip155?.caipAddress).toBe(`eip155:31337:${wallet.address}`)
    // The socket never opened, so it never "dropped": the grace reports it all the same.
    const reconnecting = await until(second, (s) => s.walletConnect.relay === 'reconnecting', 10_000)
    expect(reconnecting.connection.namespaces.eip155?.status).toBe('connected')
    const restarted = await startRelay({ port: own.port })
    try {
      await until(second, (s) => s.walletConnect.relay === 'online', 30_000)
      while (!wallet.client.core.relayer.connected) await new Promise((r) => setTimeout(r, 20))
      const message = '0x616761696e' as Hex
      const signature = (await second.getProvider('eip155')!.request({ method: 'personal_sign', params: [message, wallet.address] })) as Hex
      expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)
      expect((await storage.load()).values.connectionStatus?.eip155).toBe('connected')
    } finally {
      await wallet.close().catch(() => {})
      await restarted.close()
    }
  })

  test('behavior: a rejected proposal fails with the SPEC wording; Try again pairs', async () => {
    const wallet = await newWallet(0)
    const airlock = startWcAirlock(localProvider())
    await airlock.ready()
    wallet.rejectNextProposal()
    airlock.dispatch({ type: 'walletConnect/connectRequested' })
    const { walletConnect } = await until(airlock, (s) => s.walletConnect.uriRef !== null, 15_000)
    await expect(wallet.pair(airlock.deps.secrets.get(walletConnect.uriRef)!)).rejects.toThrow()
    const failed = await until(airlock, (s) => s.walletConnect.status === 'failed', 10_000)
    expect(failed.walletConnect.error?.message).toBe('User rejected the request.')
    expect(failed.connection.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
    await pairAirlock(airlock, wallet)
    expect(airlock.getState().walletConnect.status).toBe('connected')
  })

  test('behavior: switching the network goes through the session; requests and the balance follow', async () => {
    const wallet = await newWallet(1)
    const airlock = startWcAirlock(localProvider())
    await airlock.ready()
    await pairAirlock(airlock, wallet)
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:31338' })
    const key = `eip155:31338:${wallet.address}`
    const state = await until(airlock, (s) => s.connection.activeCaipNetworkId === 'eip155:31338' && s.balances.native[key] !== undefined, 10_000)
    expect(state.connection.namespaces.eip155?.caipAddress).toBe(key)
    expect(state.connection.switchingTo).toBeNull()
    expect(await airlock.getProvider('eip155')!.request({ method: 'eth_chainId' })).toBe(31338)
    const onChain = BigInt(await wc.stack.chain2.rpc<string>('eth_getBalance', [wallet.address, 'latest']))
    expect(state.balances.native[key]?.value).toBe(onChain.toString())

    // The wallet moving on its own is reported the same way.
    await wallet.emitChainChanged(31337)
    const back = await until(airlock, (s) => s.connection.activeCaipNetworkId === 'eip155:31337', 10_000)
    expect(back.connection.namespaces.eip155?.caipAddress).toBe(`eip155:31337:${wallet.address}`)
  })

  test('behavior: the relay dropping every socket mid-session: the SDK reconnects and requests still go through', async () => {
    const wallet = await newWallet(2)
    const airlock = startWcAirlock(localProvider())
    await airlock.ready()
    await pairAirlock(airlock, wallet)
    const dappRelayer = wc.providers.at(-1)!.provider.client.core.relayer
    const walletRelayer = wallet.client.core.relayer
    const dropped = performance.now()
    const droppedAt = Date.now()
    wc.relay.dropAllSockets()
    // Both sides notice and reconnect on their own (a request sent into the gap waits ~20 s for the SDK's retry).
    await new Promise((r) => setTimeout(r, 50))
    // The page says so (a visible "Reconnecting…"), then that it is back, without losing the session.
    const relayEntries = () => airlock.log.entries().filter((e) => e.action.type.startsWith('walletConnect/relay'))
    await until(airlock, () => relayEntries().some((e) => e.action.type === 'walletConnect/relayReconnected'), 15_000)
    while (!dappRelayer.connected || !walletRelayer.connected) await new Promise((r) => setTimeout(r, 20))
    const [down, up] = relayEntries()
    console.info(`[walletConnect] relay drop: reconnecting in state after ${down!.at - droppedAt} ms, back in state after ${up!.at - droppedAt} ms, both sockets after ${(performance.now() - dropped).toFixed(0)} ms`)
    expect(airlock.getState().walletConnect.relay).toBe('online')
    const relayActions = relayEntries().map((e) => e.action.type)
    expect(relayActions).toEqual(['walletConnect/relayDisconnected', 'walletConnect/relayReconnected'])
    const message = '0x6166746572206120647270' as Hex
    const signature = (await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: [message, wallet.address] })) as Hex
    expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)
    expect(airlock.getState().connection.namespaces.eip155?.status).toBe('connected')
  })

  test('behavior: the relay down for a while: reconnecting, then unreachable; back on the same port: reconnected and requests go through', async () => {
    const own = await startRelay()
    const wallet = await createWcWallet({ relayUrl: own.url, rpcUrl: { 31337: wc.stack.chain1.rpcUrl, 31338: wc.stack.chain2.rpcUrl }, privateKey: ANVIL_ACCOUNTS[0]!.privateKey })
    wc.wallets.push(wallet)
    const airlock = startWcAirlock(localProvider(), createStorage({ backend: 'memory' }), own.url, undefined, 1_000)
    await airlock.ready()
    await pairAirlock(airlock, wallet)
    const stopped = performance.now()
    await own.close()
    await until(airlock, (s) => s.walletConnect.relay === 'reconnecting', 5_000)
    // A request sent into the outage waits, then fails cleanly when the relay is declared unreachable.
    const provider = airlock.getProvider('eip155')!
    const stuck = provider.request({ method: 'personal_sign', params: ['0x01', wallet.address] }).then(
      () => 'answered',
      (error: unknown) => error,
    )
    const unreachable = await until(airlock, (s) => s.walletConnect.relay === 'unreachable', 5_000)
    expect(unreachable.connection.namespaces.eip155?.status).toBe('connected')
    const unreachableMs = performance.now() - stopped
    expect(await stuck).toMatchObject({ code: 4900, message: 'Could not reach WalletConnect. Check your connection and try again.' })
    // While unreachable a new request fails at once rather than hanging.
    await expect(provider.request({ method: 'personal_sign', params: ['0x02', wallet.address] })).rejects.toMatchObject({ code: 4900 })
    const restarted = await startRelay({ port: own.port })
    const restartedAt = performance.now()
    try {
      await until(airlock, (s) => s.walletConnect.relay === 'online', 30_000)
      console.info(`[walletConnect] relay stopped: unreachable after ${unreachableMs.toFixed(0)} ms; restarted: online again after ${(performance.now() - restartedAt).toFixed(0)} ms`)
      const relayActions = airlock.log.entries().map((e) => e.action.type).filter((t) => t.startsWith('walletConnect/relay'))
      expect(relayActions).toEqual(['walletConnect/relayDisconnected', 'walletConnect/relayUnreachable', 'walletConnect/relayReconnected'])
      while (!wallet.client.core.relayer.connected) await new Promise((r) => setTimeout(r, 20))
      const message = '0x6261636b' as Hex
      const signature = (await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: [message, wallet.address] })) as Hex
      expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)
    } finally {
      await wallet.close().catch(() => {})
      await restarted.close()
    }
  })

  test('faults: a transaction reported failed while the relay was down never reaches the wallet later; one retry sends exactly one (issue 21)', async () => {
    const own = await startRelay()
    const wallet = await createWcWallet({ relayUrl: own.url, rpcUrl: { 31337: wc.stack.chain1.rpcUrl, 31338: wc.stack.chain2.rpcUrl }, privateKey: ANVIL_ACCOUNTS[4]!.privateKey })
    wc.wallets.push(wallet)
    const airlock = startWcAirlock(localProvider(), createStorage({ backend: 'memory' }), own.url, undefined, 1_000)
    await airlock.ready()
    await pairAirlock(airlock, wallet)
    const chain = createPublicClient({ transport: http(wc.stack.chain1.rpcUrl) })
    const nonce = await chain.getTransactionCount({ address: wallet.address })
    const send = () => airlock.getProvider('eip155')!.request({ method: 'eth_sendTransaction', params: [{ from: wallet.address, to: ANVIL_ACCOUNTS[5]!.address, value: '0x1' }] })
    await own.close()
    await until(airlock, (s) => s.walletConnect.relay === 'reconnecting', 5_000)
    // Sent into the outage: the SDK queues it; Airlock reports it failed once the relay is unreachable.
    await expect(send()).rejects.toMatchObject({ code: 4900 })
    const restarted = await startRelay({ port: own.port })
    try {
      await until(airlock, (s) => s.walletConnect.relay === 'online', 30_000)
      while (!wallet.client.core.relayer.connected) await new Promise((r) => setTimeout(r, 20))
      // Longer than the SDK's heartbeat (5 s), on which it retries what it queued.
      await new Promise((r) => setTimeout(r, 6_500))
      expect(wallet.requests).not.toContain('eth_sendTransaction')
      expect(await chain.getTransactionCount({ address: wallet.address })).toBe(nonce)
      // The person tries again: exactly one transaction.
      const hash = (await send()) as Hex
      await chain.waitForTransactionReceipt({ hash })
      expect(wallet.requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
      expect(await chain.getTransactionCount({ address: wallet.address })).toBe(nonce + 1)
    } finally {
      await wallet.close().catch(() => {})
      await restarted.close()
    }
  })

  test('behavior: an unreachable relay shows a connection error with Try again, not an endless spinner', async () => {
    const closed = await startRelay()
    const url = closed.url
    await closed.close()
    const airlock = startWcAirlock(localProvider(), createStorage({ backend: 'memory' }), url, 2_000)
    await airlock.ready()
    airlock.dispatch({ type: 'walletConnect/connectRequested' })
    const failed = await until(airlock, (s) => s.walletConnect.status === 'failed', 15_000)
    expect(failed.walletConnect.error?.message).toBeTruthy()
    expect(failed.walletConnect.uriRef).toBeNull()
    console.info(`[walletConnect] unreachable relay: "${failed.walletConnect.error?.message}"`)
  })

  test('behavior: before WalletConnect started, requests through its provider fail with SPEC wording', async () => {
    const airlock = startWcAirlock(localProvider())
    await airlock.ready()
    await until(airlock, (s) => s.connectors.list.some((c) => c.id === WALLET_CONNECT_CONNECTOR_ID))
    await expect(airlock.deps.providers.get(WALLET_CONNECT_CONNECTOR_ID)!.request({ method: 'personal_sign', params: ['0x00', '0x00'] })).rejects.toThrow('WalletConnectConnector not found')
  })

  test('behavior: one session also carries Solana and Bitcoin: solana_signMessage (base58) verifies, and Bitcoin calls in sats-connect shapes reach the wallet in WalletConnect\'s (message verified, PSBT signed and broadcast, transfer paid)', async () => {
    const esplora = await startEsplora({ port: 0 })
    try {
      const regtest = { ...airlockBitcoinRegtest, rpcUrls: { default: { http: [esplora.url] } } }
      const btc = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 31 })
      const seed = Uint8Array.from({ length: 32 }, (_, i) => 7 * i + 1)
      const wallet = await createWcWallet({
        relayUrl: wc.relay.url,
        rpcUrl: { 31337: wc.stack.chain1.rpcUrl },
        privateKey: ANVIL_ACCOUNTS[3]!.privateKey,
        solana: { seed, chain: airlockSolanaLocal.caipNetworkId },
        bitcoin: { wallet: btc, chain: regtest.caipNetworkId },
      })
      wc.wallets.push(wallet)
      const airlock = startAirlock(wc.stack, {
        window: fakeWindow(),
        networks: [...wc.stack.networks, airlockSolanaLocal, regtest],
        projectId: DEFAULT_DEV_PROJECT_ID,
        relayUrl: wc.relay.url,
        apiUrl: wc.gateway.url,
        analyticsUrl: wc.gateway.url,
        blockchainApiUrl: wc.gateway.url,
        walletConnect: { createProvider: localProvider() },
      })
      await airlock.ready()
      await until(airlock, (s) => s.connectors.list.some((c) => c.id === WALLET_CONNECT_CONNECTOR_ID))
      await pairAirlock(airlock, wallet)
      const state = await until(airlock, (s) => s.connection.namespaces.solana?.status === 'connected' && s.connection.namespaces.bip122?.status === 'connected')
      const pubkey = bs58.encode(ed25519.getPublicKey(seed))
      expect(state.connection.namespaces.solana?.caipAddress).toBe(`${airlockSolanaLocal.caipNetworkId}:${pubkey}`)
      expect(state.connection.namespaces.bip122?.caipAddress).toBe(`${regtest.caipNetworkId}:${btc.payment.address}`)

      const message = new TextEncoder().encode('Airlock over WalletConnect on Solana')
      const { signature } = (await airlock.getProvider('solana')!.request({ method: 'solana_signMessage', params: { message: bs58.encode(message), pubkey } })) as { signature: string }
      expect(ed25519.verify(bs58.decode(signature), message, bs58.decode(pubkey))).toBe(true)

      const bitcoin = airlock.getProvider('bip122')!
      const text = 'Airlock over WalletConnect on Bitcoin'
      for (const protocol of ['ECDSA', 'BIP322'] as const) {
        const signed = (await bitcoin.request({ method: 'signMessage', params: { address: btc.payment.address, message: text, protocol } })) as { signature: string }
        // The wallet answered hex; the host gets base64, which the verifier accepts.
        expect(await verifyBitcoinSignature({ chainId: regtest.caipNetworkId, address: btc.payment.address, message: text, signature: signed.signature })).toBe(true)
      }
      const funding = esplora.chain.fund(btc.payment.address, 90_000n)
      const to = createBitcoinTestWallet({ apiUrl: esplora.url, seed: 32 }).payment.address
      const psbt = new Psbt({ network: networks.regtest })
      psbt.addInput({ hash: funding.txid, index: funding.vout, witnessUtxo: { script: regtestScript(btc.payment.address)!, value: 90_000n } })
      psbt.addOutput({ script: regtestScript(to)!, value: 25_000n })
      psbt.addOutput({ script: regtestScript(btc.payment.address)!, value: 64_000n })
      const { txid } = (await bitcoin.request({ method: 'signPsbt', params: { psbt: psbt.toBase64(), signInputs: { [btc.payment.address]: [0] }, broadcast: true } })) as { txid: string }
      expect(txid).toMatch(/^[0-9a-f]{64}$/)
      const sent = (await bitcoin.request({ method: 'sendTransfer', params: { recipients: [{ address: to, amount: 10_000 }] } })) as { txid: string }
      expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
      const paid = (await (await fetch(`${esplora.url}/address/${to}`)).json()) as { mempool_stats: { funded_txo_sum: number } }
      expect(paid.mempool_stats.funded_txo_sum).toBe(35_000)
      // WalletConnect pays one recipient per transfer: two are refused before the wallet is asked.
      await expect(bitcoin.request({ method: 'sendTransfer', params: { recipients: [{ address: to, amount: 1_000 }, { address: to, amount: 2_000 }] } })).rejects.toThrow('one recipient')
      expect(wallet.requests).toEqual(['solana_signMessage', 'signMessage', 'signMessage', 'signPsbt', 'sendTransfer'])
      expect(wc.outbound.remote()).toEqual([])
    } finally {
      await esplora.close()
    }
  })
})
