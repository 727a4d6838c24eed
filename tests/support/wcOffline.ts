/**
 * Keeping WalletConnect 2.25 (core, sign-client, universal-provider) on 127.0.0.1.
 *
 * What the SDK calls besides the relay, read from its source
 * (`node_modules/@walletconnect/{core,sign-client,universal-provider}/dist/index.js.map`):
 * - Relay: `relayUrl` option (default `wss://relay.walletconnect.org`). Point it at
 *   `startRelay()` from `examples/devnet/relay.ts`.
 * - Telemetry (`pulse.walletconnect.org/batch`): `telemetryEnabled: false` stops the
 *   event batches. (The one-off INIT event is sent by `EventClient.init()`, which the
 *   SDK never calls itself.)
 * - Verify (`verify.walletconnect.org`): the dapp's `verify.register()` loads an
 *   iframe from `verify.walletconnect.org/v3/attestation?...` (browser only, waits up
 *   to 5 s), the wallet's `verify.resolve()` fetches `/v3/public-key` or
 *   `/attestation/<hash>` (browser AND Node). There is no option to turn it off or
 *   move it (custom verify URLs are replaced by the trusted default), and it is only
 *   skipped when `process.env.IS_VITEST === 'true'`. `keepVerifyLocal(client)`
 *   replaces both methods on the client's `core.verify` instance (call it after
 *   `SignClient.init` / `UniversalProvider.init`, before pairing). The wallet then
 *   reports `verifyContext.verified.validation: 'UNKNOWN'`.
 *   Browser caveat (for the Airlock connector's e2e tests): in a page, either patch
 *   `provider.client.core.verify.register` the same way from test code, or answer
 *   the iframe with Playwright: `page.route('https://verify.walletconnect.org/**', …)`
 *   fulfilling a tiny HTML page that reads `id` from its query and posts
 *   `JSON.stringify({ type: 'verify_attestation', attestation: <JWT whose payload has that id> })`
 *   to `parent` (see `verifyIframeHtml()` below). Without either, connect stalls ~5 s.
 * - Echo push (`echo.walletconnect.com`): only `core.echoClient.registerDeviceToken()`,
 *   which nothing here calls.
 * - Universal provider RPC: every approved eip155 chain without an `rpcMap` entry
 *   gets `https://rpc.walletconnect.org/v1/?chainId=…`; pass `rpcMap` in the
 *   namespaces given to `connect()` (keys are chain ids as strings). Bundler/
 *   `wallet_getCallsStatus` fallbacks also go there; tests do not use them.
 * - Storage: the Node default is an unstorage file DB in the working directory
 *   (`walletconnect.db`); pass `storage: memoryKeyValueStorage()` instead, one per
 *   client (share one between two provider instances to test session restore).
 * - One Core per `customStoragePrefix` per process: the SDK keeps a global core on
 *   `globalThis._walletConnectCore_<prefix>` and hands it to every later client with
 *   the same prefix. Give each client its own prefix and call
 *   `forgetGlobalCore(prefix)` when closing one, so a later "reload" gets a fresh core.
 */
import net from 'node:net'
import type { SessionTypes } from '@walletconnect/types'
import { UniversalProvider } from '@walletconnect/universal-provider'

/** The SDK's IKeyValueStorage, in memory. Values are JSON-copied like a real store. */
export interface MemoryKeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
  /** The raw map, for tests. */
  readonly data: Map<string, string>
}

/**
 * An in-memory `storage` for SignClient / UniversalProvider: tests leave no files.
 * @example const storage = memoryKeyValueStorage(); await UniversalProvider.init({ ...universalProviderOptions({ relayUrl, rpcMap }), storage })
 */
export function memoryKeyValueStorage(): MemoryKeyValueStorage {
  const data = new Map<string, string>()
  const read = <T>(raw: string | undefined): T | undefined => (raw === undefined ? undefined : (JSON.parse(raw) as T))
  return {
    data,
    getKeys: async () => [...data.keys()],
    getEntries: async <T>() => [...data.entries()].map(([k, v]) => [k, read<T>(v)!] as [string, T]),
    getItem: async <T>(key: string) => read<T>(data.get(key)),
    setItem: async (key, value) => void data.set(key, JSON.stringify(value)),
    removeItem: async (key) => void data.delete(key),
  }
}

let prefixCount = 0
/** A storage prefix unique in this process (see the global-core note above). */
export function uniquePrefix(name: string): string {
  return `${name}-${process.pid}-${++prefixCount}`
}

/** Lets the next client with this prefix build its own Core instead of reusing the global one. */
export function forgetGlobalCore(prefix: string): void {
  const g = globalThis as Record<string, unknown>
  delete g[`_walletConnectCore_${prefix}`]
  delete g[`_walletConnectCore_${prefix}_count`]
}

/** Closes one provider as a page going away would: heartbeat stopped, relay socket closed, its global core forgotten. */
export async function closeProvider(provider: { client: { core: { heartbeat: { stop(): void }; relayer: { transportClose(): Promise<void> } } } }, prefix: string): Promise<void> {
  provider.client.core.heartbeat.stop()
  await provider.client.core.relayer.transportClose().catch(() => {})
  forgetGlobalCore(prefix)
}

export const DEV_PROJECT_ID = 'airlock-dev'

export const DAPP_METADATA = {
  name: 'Airlock test dapp',
  description: 'Node test dapp',
  url: 'http://127.0.0.1',
  icons: [] as string[],
}

export interface UniversalProviderOfflineOptions {
  relayUrl: string
  projectId?: string
  /** Chain id → RPC URL (anvil); handed to `connect()` as the eip155 `rpcMap`. */
  rpcMap?: Record<number, string>
  storage?: MemoryKeyValueStorage
  customStoragePrefix?: string
}

/**
 * The dapp side's `UniversalProvider.init` options that stay local.
 * `rpcMap` is not an init option: use `eip155Namespace(rpcMap)` in `connect()`.
 * @example const provider = await UniversalProvider.init(universalProviderOptions({ relayUrl: relay.url }))
 */
export function universalProviderOptions(options: UniversalProviderOfflineOptions) {
  return {
    relayUrl: options.relayUrl,
    projectId: options.projectId ?? DEV_PROJECT_ID,
    metadata: DAPP_METADATA,
    telemetryEnabled: false,
    storage: options.storage ?? memoryKeyValueStorage(),
    customStoragePrefix: options.customStoragePrefix ?? uniquePrefix('dapp'),
    logger: process.env.WC_LOG ?? 'silent',
    // The provider pings the wallet on restore; harmless, but keep restore quiet and fast.
    disableProviderPing: true,
  }
}

/**
 * The eip155 namespace for `provider.connect({ optionalNamespaces })`, with
 * `rpcMap` so the provider's HTTP calls go to anvil, not rpc.walletconnect.org.
 */
export function eip155Namespace(rpcMap: Record<number, string>, methods = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'eth_accounts', 'eth_chainId', 'wallet_switchEthereumChain']) {
  return {
    eip155: {
      chains: Object.keys(rpcMap).map((id) => `eip155:${id}`),
      methods,
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: Object.fromEntries(Object.entries(rpcMap).map(([id, url]) => [id, url])),
    },
  }
}

/** The wallet side's `SignClient.init` options that stay local. */
export function signClientOptions(options: { relayUrl: string; projectId?: string; storage?: MemoryKeyValueStorage; customStoragePrefix?: string; name?: string }) {
  return {
    relayUrl: options.relayUrl,
    projectId: options.projectId ?? DEV_PROJECT_ID,
    metadata: { name: options.name ?? 'Airlock test wallet', description: 'Node test wallet', url: 'http://127.0.0.1', icons: [] as string[] },
    telemetryEnabled: false,
    storage: options.storage ?? memoryKeyValueStorage(),
    customStoragePrefix: options.customStoragePrefix ?? uniquePrefix('wallet'),
    logger: process.env.WC_LOG ?? 'silent',
  }
}

/** The part of a SignClient `keepVerifyLocal` touches. */
export interface HasVerify {
  core: { verify: { register: (...args: never[]) => Promise<unknown>; resolve: (...args: never[]) => Promise<unknown> } }
}

/**
 * Turns off Verify on one client (no iframe, no fetch): register answers an
 * empty attestation, resolve answers "unknown". Test-only: production keeps Verify.
 * @example keepVerifyLocal(provider.client); keepVerifyLocal(wallet)
 */
export function keepVerifyLocal(client: HasVerify | undefined): void {
  if (!client) throw new Error('keepVerifyLocal: no client (call it after init)')
  client.core.verify.register = async () => ''
  client.core.verify.resolve = async () => undefined
}

/**
 * A page for the verify iframe (browser tests): answers the attestation request
 * with an unsigned JWT carrying the requested id, as the real verify page would.
 */
export function verifyIframeHtml(): string {
  return `<!doctype html><script>
const query = new URLSearchParams(location.search);
const id = query.get('id');
const origin = query.get('origin') || '';
const b64 = (o) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
const jwt = b64({ alg: 'ES256', typ: 'JWT' }) + '.' + b64({ id, origin, isScam: false, isVerified: false, exp: Math.floor(Date.now() / 1000) + 300 }) + '.';
parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation: jwt }), '*');
</script>`
}

/** Hosts that count as "did not leave the machine". */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

export interface OutboundRecorder {
  /** Every outbound target seen (fetch URLs, socket `host:port`), in order. */
  readonly all: readonly string[]
  /** Those whose host is not 127.0.0.1 / localhost / ::1. */
  remote(): string[]
  /** Restores the patched functions. */
  restore(): void
}

/**
 * Records every outbound request of this process: `globalThis.fetch` and every
 * TCP/TLS connection (`net.Socket#connect`, which `ws`, `http`, `https` and
 * undici all end in). Remote attempts are refused (fetch rejects, sockets are
 * destroyed), so a leak fails fast instead of hanging on the closed network.
 * @example const outbound = recordOutboundRequests(); …; expect(outbound.remote()).toEqual([]); outbound.restore()
 */
export function recordOutboundRequests(): OutboundRecorder {
  const all: string[] = []
  const isLocal = (host: string) => LOCAL_HOSTS.has(host) || host.startsWith('127.')
  const remote: string[] = []

  const originalFetch = globalThis.fetch
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    all.push(url.href)
    if (!isLocal(url.hostname)) {
      remote.push(url.href)
      throw new TypeError(`recordOutboundRequests: refused a request to ${url.origin}`)
    }
    return originalFetch(input, init)
  }) as typeof fetch

  const proto = net.Socket.prototype as unknown as { connect: (...args: unknown[]) => net.Socket }
  const originalConnect = proto.connect
  proto.connect = function (this: net.Socket, ...args: unknown[]) {
    const [first, second] = args
    let target: string | undefined
    if (Array.isArray(first)) {
      const o = first[0] as { host?: string; port?: number; path?: string } | undefined
      target = o?.path ? undefined : `${o?.host ?? 'localhost'}:${o?.port}`
    } else if (first && typeof first === 'object') {
      const o = first as { host?: string; port?: number; path?: string }
      target = o.path ? undefined : `${o.host ?? 'localhost'}:${o.port}`
    } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      target = `${typeof second === 'string' ? second : 'localhost'}:${first}`
    }
    if (target) {
      all.push(target)
      const host = target.slice(0, target.lastIndexOf(':')).replace(/^\[|\]$/g, '')
      if (!isLocal(host)) {
        remote.push(target)
        process.nextTick(() => this.destroy(new Error(`recordOutboundRequests: refused a connection to ${target}`)))
        return this
      }
    }
    return originalConnect.apply(this, args)
  }

  return {
    all,
    remote: () => [...remote],
    restore: () => {
      globalThis.fetch = originalFetch
      proto.connect = originalConnect
    },
  }
}


export interface TestDapp {
  readonly provider: InstanceType<typeof UniversalProvider>
  readonly storage: MemoryKeyValueStorage
  readonly prefix: string
  /** Starts `connect()` and resolves with the `wc:` URI from `display_uri`; `session` settles when the wallet approved. */
  connect(): Promise<{ uri: string; session: Promise<SessionTypes.Struct | undefined> }>
  /** Closes the relay socket and forgets the global core (the session stays in `storage`). */
  close(): Promise<void>
}

/**
 * A dapp-side UniversalProvider on the local relay with anvil as `rpcMap`.
 * Pass the `storage` and `prefix` of an earlier one to "reload" it: the session is restored.
 * @example const dapp = await createTestDapp({ relayUrl: relay.url, rpcMap: { 31337: anvil.rpcUrl } }); const { uri, session } = await dapp.connect()
 */
export async function createTestDapp(options: { relayUrl: string; rpcMap: Record<number, string>; storage?: MemoryKeyValueStorage; prefix?: string }): Promise<TestDapp> {
  const storage = options.storage ?? memoryKeyValueStorage()
  const prefix = options.prefix ?? uniquePrefix('dapp')
  const provider = await UniversalProvider.init(universalProviderOptions({ relayUrl: options.relayUrl, storage, customStoragePrefix: prefix }))
  keepVerifyLocal(provider.client)
  return {
    provider,
    storage,
    prefix,
    connect: () =>
      new Promise((resolve, reject) => {
        provider.once('display_uri', (uri: string) => resolve({ uri, session }))
        const session = provider.connect({ optionalNamespaces: eip155Namespace(options.rpcMap) })
        session.catch(reject)
      }),
    close: async () => {
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose().catch(() => {})
      forgetGlobalCore(prefix)
    },
  }
}
