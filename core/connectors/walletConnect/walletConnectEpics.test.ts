import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, test } from 'vitest'
import { base, bitcoin, ethereum, solana } from '../../chains/networks.js'
import { createAirlock, type Airlock } from '../../createAirlock.js'
import { PAIRING_LIFETIME_MS } from '../../constants/timing.js'
import type { AirlockState } from '../../state.js'
import { createStorage } from '../../../storage/createStorage.js'
import { CONNECT_BEFORE_REQUEST, CONNECTOR_NOT_FOUND, PAIRING_FAILED, SIGN_CLIENT_NOT_INITIALIZED, WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
import { createSessionHolder } from './createSessionHolder.js'
import { proposalNamespaces } from './namespaces.js'
import type { UniversalProviderLike } from './universalProvider.js'

/**
 * The connector's epics in a real store with a fake universal provider (the event-emitter and
 * promise surface the SDK has). The real SDK, relay and wallet run in
 * tests/integration/walletConnect.airlock.test.ts; the expiry timer in pairingExpiryEpic.test.ts.
 */
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const uriNo = (n: number) => `wc:${n.toString(16).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const session = (accounts: Record<string, string[]>, name = 'Fake Wallet') => ({
  topic: 't'.repeat(64),
  namespaces: Object.fromEntries(Object.entries(accounts).map(([ns, list]) => [ns, { accounts: list, methods: [], events: [] }])),
  peer: { metadata: { name, url: 'https://wallet.example', description: '', icons: [] } },
})

class FakeProvider extends EventEmitter implements UniversalProviderLike {
  session: unknown
  /** The SDK's relayer: an emitter of `relayer_connect` / `relayer_disconnect`. */
  readonly relayer = new EventEmitter()
  readonly client = { core: { relayer: this.relayer } }
  connects: unknown[] = []
  requests: { method: string; chain: string | undefined }[] = []
  disconnects = 0
  defaultChain: string | undefined
  private settle: ((value: unknown) => void) | undefined
  private fail: ((error: unknown) => void) | undefined
  constructor(private readonly options: { uri?: boolean; restoredSession?: unknown } = {}) {
    super()
    this.session = options.restoredSession
  }
  connect(params: unknown): Promise<unknown> {
    this.connects.push(params)
    if (this.options.uri !== false) queueMicrotask(() => this.emit('display_uri', uriNo(this.connects.length)))
    return new Promise((resolve, reject) => {
      this.settle = resolve
      this.fail = reject
    })
  }
  approve(value: unknown): void {
    this.session = value
    this.settle?.(value)
  }
  reject(error: unknown): void {
    this.fail?.(error)
  }
  async request(args: { method: string }, chain?: string): Promise<unknown> {
    this.requests.push({ method: args.method, chain })
    return '0xsigned'
  }
  async disconnect(): Promise<void> {
    this.disconnects++
    this.session = undefined
  }
  setDefaultChain(chain: string): void {
    this.defaultChain = chain
  }
}

const running: Airlock[] = []
afterEach(() => running.splice(0).forEach((a) => a.destroy()))

function start(provider: FakeProvider, networks = [ethereum, base, solana], storage = createStorage({ backend: 'memory' }), uriTimeoutMs?: number): Airlock {
  const airlock = createAirlock({
    projectId: 'test',
    networks,
    adapters: [],
    walletConnect: { createProvider: async () => provider, ...(uriTimeoutMs ? { uriTimeoutMs } : {}) },
    deps: { storage, window: undefined, fetch: () => Promise.reject(new Error('offline')) },
  })
  running.push(airlock)
  return airlock
}

/** The connector's epics are loaded and running (the remote config, offline here, is not waited for). */
const announced = (airlock: Airlock) => until(airlock, (s) => s.connectors.list.some((c) => c.id === WALLET_CONNECT_CONNECTOR_ID))

/** Asks for a pairing and waits for its URI. */
const showPairing = (airlock: Airlock) => {
  airlock.dispatch({ type: 'walletConnect/connectRequested' })
  return until(airlock, (s) => s.walletConnect.uriRef !== null)
}

/** A session settled with an EVM and a Solana account. */
async function connectedOnBothFamilies(): Promise<{ provider: FakeProvider; airlock: Airlock }> {
  const provider = new FakeProvider()
  const airlock = start(provider)
  await announced(airlock)
  await showPairing(airlock)
  provider.approve(session({ eip155: [`eip155:1:${EVM}`], solana: [`${solana.caipNetworkId}:${SOL}`] }))
  await until(airlock, (s) => s.walletConnect.status === 'connected')
  return { provider, airlock }
}

async function until(airlock: Airlock, predicate: (s: AirlockState) => boolean, timeoutMs = 2_000): Promise<AirlockState> {
  const started = Date.now()
  while (!predicate(airlock.getState())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last actions ${airlock.log.entries().slice(-4).map((e) => e.action.type).join(', ')}`)
    await new Promise((r) => setTimeout(r, 2))
  }
  return airlock.getState()
}

describe('WalletConnect epics (fake universal provider)', () => {
  test('default: optional namespaces for every configured family, with the RPC map', () => {
    const namespaces = proposalNamespaces([ethereum, base, solana, bitcoin])
    expect(Object.keys(namespaces)).toEqual(['eip155', 'solana', 'bip122'])
    expect(namespaces['eip155']).toMatchObject({ chains: ['eip155:1', 'eip155:8453'], rpcMap: { 1: ethereum.rpcUrls.default.http[0], 8453: base.rpcUrls.default.http[0] } })
    expect(namespaces['eip155']!.methods).toContain('personal_sign')
    expect(namespaces['solana']!.methods).toContain('solana_signMessage')
    expect(namespaces['bip122']!.chains).toEqual([bitcoin.caipNetworkId])
  })

  test('behavior: URI with its 4-minute expiry, an expired pairing gets a fresh URI, settle connects every namespace', async () => {
    const provider = new FakeProvider()
    const airlock = start(provider)
    await announced(airlock)
    expect(airlock.getState().connectors.list.find((c) => c.id === WALLET_CONNECT_CONNECTOR_ID)?.type).toBe('WALLET_CONNECT')
    const before = Date.now()
    airlock.dispatch({ type: 'walletConnect/connectRequested' })
    const first = await until(airlock, (s) => s.walletConnect.uriRef !== null)
    // The slice names the URI; the URI itself (with its key) is only in the secret box.
    expect(airlock.deps.secrets.get(first.walletConnect.uriRef)).toBe(uriNo(1))
    expect(airlock.log.export()).not.toContain(uriNo(1))
    expect(first.walletConnect.expiresAt! - before).toBeGreaterThanOrEqual(PAIRING_LIFETIME_MS)
    expect(first.walletConnect.expiresAt! - Date.now()).toBeLessThanOrEqual(PAIRING_LIFETIME_MS)
    expect(provider.connects[0]).toEqual({ optionalNamespaces: proposalNamespaces([ethereum, base, solana]) })

    airlock.dispatch({ type: 'walletConnect/pairingExpired', uriRef: first.walletConnect.uriRef! })
    await until(airlock, (s) => airlock.deps.secrets.get(s.walletConnect.uriRef) === uriNo(2))
    expect(provider.connects).toHaveLength(2)

    provider.approve(session({ eip155: [`eip155:8453:${EVM}`, `eip155:1:${EVM}`], solana: [`${solana.caipNetworkId}:${SOL}`] }))
    const state = await until(airlock, (s) => s.connection.namespaces.solana?.status === 'connected')
    // The app's active network (Ethereum) wins over the wallet's first chain.
    expect(state.connection.namespaces.eip155).toEqual({ status: 'connected', caipAddress: `eip155:1:${EVM}`, connectorId: WALLET_CONNECT_CONNECTOR_ID, accounts: [`eip155:1:${EVM}`] })
    expect(state.connection.namespaces.solana?.caipAddress).toBe(`${solana.caipNetworkId}:${SOL}`)
    expect(state.walletConnect).toMatchObject({ status: 'connected', uriRef: null, peer: { name: 'Fake Wallet', url: 'https://wallet.example' } })
    expect(provider.defaultChain).toBe('eip155:1')

    // getProvider() goes through the session, on the namespace's active chain.
    await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x00', EVM] })
    await airlock.getProvider('solana')!.request({ method: 'solana_signMessage', params: {} })
    expect(provider.requests).toEqual([
      { method: 'personal_sign', chain: 'eip155:1' },
      { method: 'solana_signMessage', chain: solana.caipNetworkId },
    ])
  })

  test('behavior: the wallet deleting the session resets every WalletConnect namespace (SPEC 4)', async () => {
    const { provider, airlock } = await connectedOnBothFamilies()
    provider.emit('accountsChanged', ['0x0000000000000000000000000000000000000001'])
    await until(airlock, (s) => s.connection.namespaces.eip155?.caipAddress === 'eip155:1:0x0000000000000000000000000000000000000001')
    provider.emit('accountsChanged', 'not a list')
    provider.emit('session_delete', { topic: 't' })
    provider.emit('disconnect', {})
    const state = await until(airlock, (s) => s.walletConnect.status === 'idle')
    expect(state.connection.namespaces.eip155?.status).toBe('disconnected')
    expect(state.connection.namespaces.solana?.status).toBe('disconnected')
    // One reset, not two, although the SDK reports the end twice.
    expect(airlock.log.entries().filter((e) => e.action.type === 'walletConnect/sessionEnded')).toHaveLength(1)
  })

  test('behavior: disconnecting one namespace disconnects the other chains using WalletConnect', async () => {
    const { provider, airlock } = await connectedOnBothFamilies()
    airlock.dispatch({ type: 'connection/disconnectRequested', namespace: 'solana' })
    airlock.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    const state = await until(airlock, (s) => s.walletConnect.status === 'idle')
    expect(state.connection.namespaces.eip155?.status).toBe('disconnected')
    expect(state.connection.namespaces.solana?.status).toBe('disconnected')
    expect(provider.disconnects).toBe(1)
  })

  test('behavior: a declined proposal, a malformed session and a missing URI end in connectFailed', async () => {
    const provider = new FakeProvider()
    const airlock = start(provider)
    await announced(airlock)
    await showPairing(airlock)
    provider.reject({ code: 5000, message: 'User rejected.' })
    expect((await until(airlock, (s) => s.walletConnect.status === 'failed')).walletConnect.error).toEqual({ message: 'User rejected the request.', code: 5000 })

    await showPairing(airlock)
    provider.approve({ topic: 'x', namespaces: { eip155: { accounts: ['<script>'] } } })
    const malformed = await until(airlock, (s) => s.walletConnect.status !== 'pairing')
    expect(malformed.walletConnect.status).toBe('failed')
    expect(malformed.connection.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')

    const silent = start(new FakeProvider({ uri: false }), [ethereum], createStorage({ backend: 'memory' }), 50)
    await announced(silent)
    silent.dispatch({ type: 'walletConnect/connectRequested' })
    expect((await until(silent, (s) => s.walletConnect.status === 'failed')).walletConnect.error?.message).toBe(PAIRING_FAILED)
  })

  test('behavior: closing the modal drops the pairing; a late approval is ignored', async () => {
    const provider = new FakeProvider()
    const airlock = start(provider)
    await announced(airlock)
    await showPairing(airlock)
    airlock.dispatch({ type: 'modal/closeRequested' })
    provider.approve(session({ eip155: [`eip155:1:${EVM}`] }))
    await new Promise((r) => setTimeout(r, 20))
    expect(airlock.getState().walletConnect.status).toBe('idle')
    expect(airlock.getState().connection.namespaces.eip155).toBeUndefined()
  })

  test('behavior: restore after reload uses the stored session; none stored: disconnected', async () => {
    const storage = createStorage({ backend: 'memory' })
    await storage.save({
      connections: { eip155: { connectorId: WALLET_CONNECT_CONNECTOR_ID, caipAddress: `eip155:1:${EVM}` } },
      connectedConnectorIds: { eip155: WALLET_CONNECT_CONNECTOR_ID },
      connectionStatus: { eip155: 'connected' },
    })
    const restored = new FakeProvider({ restoredSession: session({ eip155: [`eip155:1:${EVM}`] }) })
    const airlock = start(restored, [ethereum], storage)
    const state = await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected')
    expect(state.connection.namespaces.eip155?.caipAddress).toBe(`eip155:1:${EVM}`)
    expect(restored.connects).toHaveLength(0)

    const gone = start(new FakeProvider(), [ethereum], storage)
    const after = await until(gone, (s) => s.app.storage.hydrated && s.connection.namespaces.eip155?.status === 'disconnected')
    expect(after.connection.namespaces.eip155?.caipAddress).toBeNull()
  })

  test('behavior: the relay socket dropping shows reconnecting once per drop, in order, while pairing and in a session', async () => {
    const provider = new FakeProvider()
    const airlock = start(provider)
    await announced(airlock)
    // No pairing yet: a socket event is nobody's business.
    provider.relayer.emit('relayer_disconnect')
    await showPairing(airlock)
    provider.relayer.emit('relayer_disconnect')
    provider.relayer.emit('relayer_disconnect')
    expect((await until(airlock, (s) => s.walletConnect.relay === 'reconnecting')).walletConnect.status).toBe('pairing')
    provider.relayer.emit('relayer_connect')
    await until(airlock, (s) => s.walletConnect.relay === 'online')
    provider.approve(session({ eip155: [`eip155:1:${EVM}`] }))
    await until(airlock, (s) => s.walletConnect.status === 'connected')
    provider.relayer.emit('relayer_connect')
    provider.relayer.emit('relayer_disconnect')
    await until(airlock, (s) => s.walletConnect.relay === 'reconnecting')
    // Still connected meanwhile: a dropped socket is not a lost session.
    expect(airlock.getState().connection.namespaces.eip155?.status).toBe('connected')
    provider.relayer.emit('relayer_connect')
    await until(airlock, (s) => s.walletConnect.relay === 'online')
    const relayActions = airlock.log.entries().map((e) => e.action.type).filter((t) => t.startsWith('walletConnect/relay'))
    expect(relayActions).toEqual(['walletConnect/relayDisconnected', 'walletConnect/relayReconnected', 'walletConnect/relayDisconnected', 'walletConnect/relayReconnected'])

    // The session ended: the listeners are gone.
    provider.emit('session_delete', { topic: 't' })
    await until(airlock, (s) => s.walletConnect.status === 'idle')
    expect(provider.relayer.listenerCount('relayer_disconnect')).toBe(0)
    expect(provider.relayer.listenerCount('relayer_connect')).toBe(0)
  })

  test('behavior: the pairing made ahead is reused while usable, replaced when fresh or old, and forgotten once settled or failed', async () => {
    const provider = new FakeProvider()
    const holder = createSessionHolder(async () => provider, () => ({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: { name: '', description: '', url: '', icons: [] } }), () => 'eip155:1')
    const namespaces = proposalNamespaces([ethereum])
    const ahead = holder.pairing({ namespaces, now: 1_000, usableMs: 230_000 })
    expect(await ahead.uri).toBe(uriNo(1))
    expect(holder.pairing({ namespaces, now: 230_999, usableMs: 230_000 })).toBe(ahead)
    const old = holder.pairing({ namespaces, now: 231_000, usableMs: 230_000 })
    expect(old).not.toBe(ahead)
    expect(old.createdAt).toBe(231_000)
    expect(await old.uri).toBe(uriNo(2))
    const fresh = holder.pairing({ namespaces, now: 231_001, usableMs: 230_000, fresh: true })
    expect(await fresh.uri).toBe(uriNo(3))
    provider.approve(session({ eip155: [`eip155:1:${EVM}`] }))
    await expect(fresh.settled).resolves.toBe(provider)
    // Settled: the next QR code needs a new pairing.
    const next = holder.pairing({ namespaces, now: 231_002, usableMs: 230_000 })
    expect(next).not.toBe(fresh)
    expect(await next.uri).toBe(uriNo(4))
    provider.reject(new Error('declined'))
    await expect(next.settled).rejects.toThrow('declined')
    const after = holder.pairing({ namespaces, now: 231_003, usableMs: 230_000 })
    expect(after).not.toBe(next)
    expect(await after.uri).toBe(uriNo(5))
  })

  test('behavior: opening the modal makes a pairing ahead (prewarm); choosing WalletConnect then shows its URI without asking the SDK again', async () => {
    const provider = new FakeProvider()
    const airlock = start(provider)
    await announced(airlock)
    airlock.dispatch({ type: 'modal/openRequested' })
    const started = Date.now()
    while (provider.connects.length === 0 && Date.now() - started < 3_000) await new Promise((r) => setTimeout(r, 10))
    expect(provider.connects).toHaveLength(1)
    await showPairing(airlock)
    expect(provider.connects).toHaveLength(1)
    expect(airlock.deps.secrets.get(airlock.getState().walletConnect.uriRef!)).toBe(uriNo(1))
    provider.approve(session({ eip155: [`eip155:1:${EVM}`] }))
    await until(airlock, (s) => s.walletConnect.status === 'connected')
  })

  test('behavior: before WalletConnect was started, its provider answers with SPEC wording', async () => {
    const airlock = start(new FakeProvider())
    await announced(airlock)
    await expect(airlock.deps.providers.get(WALLET_CONNECT_CONNECTOR_ID)!.request({ method: 'personal_sign' })).rejects.toThrow(CONNECTOR_NOT_FOUND)
  })

  test('behavior: closing stops the heartbeat and the relay socket, also of a provider that finishes starting after the close', async () => {
    const init = () => ({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: { name: '', description: '', url: '', icons: [] } })
    const closable = () => {
      const provider = new FakeProvider()
      const shut = { heartbeat: 0, socket: 0 }
      Object.assign(provider.client.core, { heartbeat: { stop: () => void shut.heartbeat++ } })
      Object.assign(provider.relayer, { transportClose: async () => void shut.socket++ })
      return { provider, shut }
    }
    const started = closable()
    const holder = createSessionHolder(async () => started.provider, init, () => 'eip155:1')
    await holder.provider()
    expect(started.shut).toEqual({ heartbeat: 0, socket: 0 })
    holder.close()
    expect(started.shut).toEqual({ heartbeat: 1, socket: 1 })

    // The store stopped while the SDK was still starting (a pairing made ahead, then destroy()).
    const late = closable()
    let finish!: () => void
    const lateHolder = createSessionHolder(() => new Promise<FakeProvider>((resolve) => (finish = () => resolve(late.provider))), init, () => 'eip155:1')
    const creating = lateHolder.provider()
    lateHolder.close()
    expect(late.shut).toEqual({ heartbeat: 0, socket: 0 })
    finish()
    await creating
    expect(late.shut).toEqual({ heartbeat: 1, socket: 1 })
  })

  test('error: started without a session or without its sign client, requests fail with the SDK wording (SPEC 8)', async () => {
    const provider = new FakeProvider()
    const holder = createSessionHolder(async () => provider, () => ({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: { name: '', description: '', url: '', icons: [] } }), () => 'eip155:1')
    await holder.provider()
    await expect(holder.eip1193.request({ method: 'personal_sign' })).rejects.toThrow(CONNECT_BEFORE_REQUEST)
    provider.approve(session({ eip155: [`eip155:1:${EVM}`] }))
    await expect(holder.eip1193.request({ method: 'personal_sign' })).resolves.toBe('0xsigned')
    expect(provider.requests).toEqual([{ method: 'personal_sign', chain: 'eip155:1' }])

    // The relay down for long: a request still waiting fails cleanly (4900), a new one at once.
    let down = false
    const hanging = Object.assign(new FakeProvider(), { request: () => new Promise<unknown>(() => {}) })
    hanging.session = session({ eip155: [`eip155:1:${EVM}`] })
    const stalled = createSessionHolder(async () => hanging, () => ({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: { name: '', description: '', url: '', icons: [] } }), () => 'eip155:1', () => down)
    await stalled.provider()
    const waiting = stalled.eip1193.request({ method: 'personal_sign' })
    stalled.abortPending()
    await expect(waiting).rejects.toMatchObject({ shortMessage: PAIRING_FAILED, code: 4900 })
    down = true
    await expect(stalled.eip1193.request({ method: 'personal_sign' })).rejects.toMatchObject({ shortMessage: PAIRING_FAILED, code: 4900 })
    down = false
    // Nothing pending: aborting again is harmless; answered requests are not touched.
    stalled.abortPending()
    await expect(holder.eip1193.request({ method: 'eth_accounts' })).resolves.toBe('0xsigned')

    const bare = Object.assign(new FakeProvider(), { client: undefined })
    const noClient = createSessionHolder(async () => bare, () => ({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: { name: '', description: '', url: '', icons: [] } }), () => 'eip155:1')
    await noClient.provider()
    await expect(noClient.eip1193.request({ method: 'personal_sign' })).rejects.toThrow(SIGN_CLIENT_NOT_INITIALIZED)
  })
})
