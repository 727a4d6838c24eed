import { UniversalProvider } from '@walletconnect/universal-provider'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Airlock } from '../../core/index.js'
import { SDK_KEY_PREFIX, type KeyValueStorageLike } from '../../core/connectors/walletConnect/guardStorage.js'
import { STORAGE_RECOVERY_NOTICES } from '../../core/connectors/walletConnect/storageRecoveryEpic.js'
import { universalProviderFactory, type UniversalProviderLike } from '../../core/connectors/walletConnect/universalProvider.js'
import type { StorageDep } from '../../core/deps.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { DEFAULT_DEV_PROJECT_ID, startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { startRelay, type Relay } from '../../examples/devnet/relay.js'
import { createStorage } from '../../storage/createStorage.js'
import { type EvmStack, fakeWindow, startAirlock, until, useEvmStack } from '../support/evmStack.js'
import { createWcWallet, type WcWallet } from '../support/wcWallet.js'
import { closeProvider, keepVerifyLocal, memoryKeyValueStorage, type MemoryKeyValueStorage, type OutboundRecorder, recordOutboundRequests, uniquePrefix } from '../support/wcOffline.js'
import { useWcAirlockStack } from '../support/wcAirlockStack.js'

/**
 * Issue 21, faults 6g and 6e in Node, with the real SDK (through Airlock's own provider factory
 * and its storage guard), the local relay, the Node wallet and anvil: damaged SDK data is cleared
 * once and pairing works again; a relay that is down never wipes a valid session; storage that
 * refuses writes leaves the SDK in memory, and the person is told why.
 */
type SdkProvider = InstanceType<typeof UniversalProvider>
const wc = useWcAirlockStack<SdkProvider>()

/** The page "goes away": its socket closes and the SDK's global core is forgotten; the stored data stays. */
async function unload(airlock: Airlock, prefix: string): Promise<void> {
  airlock.destroy()
  for (const entry of wc.providers.filter((p) => p.prefix === prefix)) {
    await closeProvider(entry.provider, prefix)
    wc.providers.splice(wc.providers.indexOf(entry), 1)
  }
}

/** Airlock's real provider factory (storage guard, recovery), kept local: the SDK store given, no telemetry, no verify. */
function startWcAirlock(sdkStore: KeyValueStorageLike, prefix: string, storage: StorageDep, relayUrl = wc.relay.url): Airlock {
  const createProvider = universalProviderFactory({
    openStorage: async () => sdkStore,
    options: { customStoragePrefix: prefix, logger: process.env.WC_LOG ?? 'silent', disableProviderPing: true },
    onInit: (provider: UniversalProviderLike) => {
      keepVerifyLocal((provider as unknown as SdkProvider).client)
      wc.providers.push({ provider: provider as unknown as SdkProvider, prefix })
    },
  })
  return startAirlock(wc.stack, { window: fakeWindow(), storage, projectId: DEFAULT_DEV_PROJECT_ID, relayUrl, apiUrl: wc.gateway.url, analyticsUrl: wc.gateway.url, blockchainApiUrl: wc.gateway.url, walletConnect: { createProvider } })
}

async function newWallet(account: number, relayUrl = wc.relay.url): Promise<WcWallet> {
  const wallet = await createWcWallet({ relayUrl, rpcUrl: { 31337: wc.stack.chain1.rpcUrl, 31338: wc.stack.chain2.rpcUrl }, privateKey: ANVIL_ACCOUNTS[account]!.privateKey })
  wc.wallets.push(wallet)
  return wallet
}

async function pair(airlock: Airlock, wallet: WcWallet): Promise<void> {
  airlock.dispatch({ type: 'walletConnect/connectRequested' })
  const { walletConnect } = await until(airlock, (s) => s.walletConnect.uriRef !== null || s.walletConnect.status === 'failed', 15_000)
  expect(walletConnect.error).toBeNull()
  await wallet.pair(airlock.deps.secrets.get(walletConnect.uriRef)!)
  await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'connected', 10_000)
}

/** Waits until Airlock has stored its connection (so a "reload" restores it). */
async function stored(storage: StorageDep): Promise<void> {
  while ((await storage.load()).values.connectionStatus?.eip155 !== 'connected') await new Promise((r) => setTimeout(r, 10))
}

const sdkKeys = (store: MemoryKeyValueStorage) => [...store.data.keys()].filter((key) => key.startsWith(SDK_KEY_PREFIX))
const recoveries = (airlock: Airlock) => airlock.log.entries().flatMap((e) => (e.action.type === 'walletConnect/storageRecovered' ? [e.action.reason] : []))

describe('WalletConnect storage faults (real SDK + relay + Node wallet)', { timeout: 60_000 }, () => {
  test('behavior: a relay down at reload keeps the session (nothing cleared); damaged data at the next reload is cleared, said, and pairing works again', async () => {
    const own = await startRelay()
    const wallet = await newWallet(1, own.url)
    const storage = createStorage({ backend: 'memory' })
    const sdkStore = memoryKeyValueStorage()
    const prefix = uniquePrefix('airlock-corrupt')
    const first = startWcAirlock(sdkStore, prefix, storage, own.url)
    await first.ready()
    await pair(first, wallet)
    await stored(storage)
    await unload(first, prefix)

    // A relay that is down is not damaged data: the session is restored and nothing is touched.
    const before = new Map(sdkStore.data)
    await own.close()
    const offline = startWcAirlock(sdkStore, prefix, storage, own.url)
    await offline.ready()
    const restored = await until(offline, (s) => s.connection.namespaces.eip155?.status === 'connected', 10_000)
    expect(restored.connection.namespaces.eip155?.caipAddress).toBe(`eip155:31337:${wallet.address}`)
    await until(offline, (s) => s.walletConnect.relay === 'reconnecting', 10_000)
    expect(recoveries(offline)).toEqual([])
    const session = [...before.keys()].find((key) => key.endsWith('//session'))!
    expect(session).toBe(`wc@2:client:0.3:${prefix}//session`)
    expect(sdkStore.data.get(session)).toBe(before.get(session))
    await stored(storage)
    await unload(offline, prefix)
    const back = await startRelay({ port: own.port })

    try {
      // As in the fault review (6g): every SDK value replaced by a garbage string; other keys kept.
      const keys = sdkKeys(sdkStore)
      for (const key of keys) sdkStore.data.set(key, JSON.stringify('garbage'))
      sdkStore.data.set('host-key', JSON.stringify({ mine: true }))

      const second = startWcAirlock(sdkStore, prefix, storage, own.url)
      await second.ready()
      // The restore cannot use the session (gone with the bad data): disconnected, and told why.
      const dropped = await until(second, (s) => s.connection.namespaces.eip155?.status === 'disconnected', 15_000)
      expect(recoveries(second)).toEqual(['reset'])
      expect(dropped.notifications.current).toMatchObject({ variant: 'info', ...STORAGE_RECOVERY_NOTICES.reset })
      expect(sdkStore.data.get('host-key')).toBe(JSON.stringify({ mine: true }))
      expect(sdkKeys(sdkStore).every((key) => sdkStore.data.get(key) !== JSON.stringify('garbage'))).toBe(true)

      // A new pairing works at once, with no raw SDK text anywhere.
      await pair(second, wallet)
      expect(second.getState().walletConnect.status).toBe('connected')
      expect(JSON.stringify(second.log.entries())).not.toContain('is not a function')
      expect(recoveries(second)).toEqual(['reset'])
      expect(wc.outbound.remote()).toEqual([])
    } finally {
      await wallet.close().catch(() => {})
      await back.close()
    }
  })

  test('behavior: damaged data found on choosing WalletConnect (no stored connection): cleared, the QR code comes', async () => {
    const sdkStore = memoryKeyValueStorage()
    const prefix = uniquePrefix('airlock-corrupt-qr')
    const first = startWcAirlock(sdkStore, prefix, createStorage({ backend: 'memory' }))
    await first.ready()
    first.dispatch({ type: 'walletConnect/connectRequested' })
    await until(first, (s) => s.walletConnect.uriRef !== null, 15_000)
    await unload(first, prefix)
    for (const key of sdkKeys(sdkStore)) sdkStore.data.set(key, JSON.stringify('garbage'))

    const second = startWcAirlock(sdkStore, prefix, createStorage({ backend: 'memory' }))
    await second.ready()
    second.dispatch({ type: 'walletConnect/connectRequested' })
    const shown = await until(second, (s) => s.walletConnect.uriRef !== null || s.walletConnect.status === 'failed', 15_000)
    expect(shown.walletConnect.error).toBeNull()
    expect(recoveries(second)).toEqual(['reset'])
  })

  test('error: storage that refuses every write (a full quota): the SDK runs in memory, pairs, and the person is told', async () => {
    const wallet = await newWallet(0)
    const backing = memoryKeyValueStorage()
    const writes: string[] = []
    const full: KeyValueStorageLike = {
      getKeys: () => backing.getKeys(),
      getEntries: () => backing.getEntries(),
      getItem: (key) => backing.getItem(key),
      setItem: async (key) => {
        writes.push(key)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
      removeItem: async () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
    }
    const airlock = startWcAirlock(full, uniquePrefix('airlock-full'), createStorage({ backend: 'memory' }))
    await airlock.ready()
    await pair(airlock, wallet)
    expect(recoveries(airlock)).toEqual(['full'])
    const told = airlock.log.entries().find((e) => e.action.type === 'notifications/showRequested')?.action
    expect(told).toMatchObject({ notification: { variant: 'info', ...STORAGE_RECOVERY_NOTICES.full } })
    // One failed write, then the store is left alone.
    expect(writes).toHaveLength(1)
    expect(airlock.getState().walletConnect.error).toBeNull()
  })
})
