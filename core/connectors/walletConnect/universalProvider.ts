import type { ResolvedOptions } from '../../options/resolveOptions.js'
import { guardStorage, type KeyValueStorageLike, type StorageFallbackCause } from './guardStorage.js'
import { initWithStorageRecovery } from './initWithStorageRecovery.js'
import type { ProposalNamespace } from './namespaces.js'
import { openSdkStorage } from './openSdkStorage.js'

/** The part of WalletConnect's universal provider Airlock uses (so tests can hand in a small fake). */
export interface UniversalProviderLike {
  /** The live session, if any (restored from the SDK's own storage at init). */
  readonly session?: unknown
  connect(params: { optionalNamespaces: Record<string, ProposalNamespace> }): Promise<unknown>
  request(args: { method: string; params?: unknown }, chain?: string): Promise<unknown>
  disconnect(): Promise<void>
  setDefaultChain(chain: string): void
  /** The SDK's client: only its relay socket (closed on `destroy()`, watched for drops) and heartbeat are touched. */
  readonly client?: { readonly core?: { readonly relayer?: RelayerLike; readonly heartbeat?: { stop?(): void } } }
  on(event: string, listener: (payload: unknown) => void): unknown
  removeListener(event: string, listener: (payload: unknown) => void): unknown
}

/** The SDK's relayer (the relay socket): closed on `destroy()`; its connect/disconnect events show a reconnecting state. */
export interface RelayerLike {
  /** Whether the socket is open now (`readyState === 1` in @walletconnect/core 2.25). */
  readonly connected?: boolean
  transportClose?(): Promise<void>
  on?(event: string, listener: () => void): unknown
  off?(event: string, listener: () => void): unknown
}

/** What `createProvider` is called with: the host's options, read when WalletConnect is first needed. */
export interface UniversalProviderInit {
  readonly projectId: string
  readonly relayUrl: string
  readonly metadata: { name: string; description: string; url: string; icons: string[] }
  /**
   * WalletConnect Verify (the SDK's attestation of the page's origin, an iframe from its verify
   * host that the SDK waits up to 5 s for before the pairing URI): true for the SDK's host, a URL
   * for a host of the project's own, false for none (the wallet then sees the origin as unverified).
   */
  readonly verify?: boolean | string
}

/** The SDK's Verify controller (`client.core.verify` in @walletconnect/core 2.25): only these two members are touched. */
interface VerifyLike {
  register?: (params: unknown) => Promise<string | undefined>
  verifyUrlV3?: string
}

/**
 * Applies the Verify policy to an initialized provider: off replaces the SDK's `register` (no
 * iframe, no wait, an empty attestation, as the SDK itself answers outside browsers); a URL
 * points the attestation iframe at `{url}/v3`. The SDK has no option for either, so this sets
 * the two members of its Verify controller it reads when pairing.
 * @example applyVerify(provider, false)
 */
export function applyVerify(provider: UniversalProviderLike, verify: boolean | string | undefined): void {
  const controller = (provider.client?.core as { verify?: VerifyLike } | undefined)?.verify
  if (!controller || verify === undefined || verify === true) return
  if (verify === false) controller.register = async () => ''
  else controller.verifyUrlV3 = `${verify.replace(/\/+$/, '')}/v3`
}

/**
 * Verify by default, except with a relay on this machine: there the SDK's verify host could only
 * slow the pairing URI (offline it waits its full 5 s) and attests nothing a local wallet checks.
 * @example defaultVerify('ws://127.0.0.1:8788') // false
 */
export function defaultVerify(relayUrl: string): boolean {
  try {
    return !['localhost', '127.0.0.1', '[::1]'].includes(new URL(relayUrl).hostname)
  } catch {
    return true
  }
}

/** What happened to the SDK's stored data: cleared because it was damaged, or kept in memory because storage is full or unusable. */
export type StorageRecoveryReason = 'reset' | StorageFallbackCause

/**
 * Creates (and initializes) the universal provider; replaceable for tests and special hosts.
 * `onStorageRecovered` hears what the SDK's storage guard had to do (at most once per reason).
 */
export type CreateUniversalProvider = (init: UniversalProviderInit, onStorageRecovered?: (reason: StorageRecoveryReason) => void) => Promise<UniversalProviderLike>

export interface UniversalProviderFactoryParameters {
  /** Opens the SDK's storage, before the guard (default: the SDK's own store, once IndexedDB is known to accept a write). */
  readonly openStorage?: () => Promise<KeyValueStorageLike>
  /** More `UniversalProvider.init` options (tests: `customStoragePrefix`, `logger`, `disableProviderPing`). */
  readonly options?: Readonly<Record<string, unknown>>
  /** Called with each provider once it is initialized, before it is used (tests keep Verify local here). */
  readonly onInit?: (provider: UniversalProviderLike) => void
}

/**
 * A `CreateUniversalProvider` on the real SDK. The SDK's storage goes through a guard: a full quota
 * or a failing IndexedDB moves it to memory (`onStorageRecovered('full' | 'unavailable')`), and
 * damaged stored data that stops the SDK from starting is cleared (the SDK's keys only) and the
 * start tried once more (`'reset'`). The SDK is imported here, inside the lazily loaded connector
 * chunk, and only when the person chooses WalletConnect or a stored session is restored.
 * @example const createProvider = universalProviderFactory({ options: { customStoragePrefix: 'tab-1' } })
 */
export function universalProviderFactory(parameters: UniversalProviderFactoryParameters = {}): CreateUniversalProvider {
  return async (init, onStorageRecovered) => {
    const { UniversalProvider } = await import('@walletconnect/universal-provider')
    const tell = (reason: StorageRecoveryReason): void => onStorageRecovered?.(reason)
    const storage = guardStorage(parameters.openStorage ?? (() => openSdkStorage()), tell)
    // Airlock has its own, opt-out telemetry; the SDK's would send events to WalletConnect's servers.
    const { verify: _verify, ...sdkInit } = init
    const options = { ...sdkInit, logger: 'error', telemetryEnabled: false, ...parameters.options, storage }
    const custom = parameters.options?.['customStoragePrefix']
    const prefix = typeof custom === 'string' ? custom : ''
    const provider = (await initWithStorageRecovery({
      init: () => UniversalProvider.init(options as Parameters<typeof UniversalProvider.init>[0]),
      storage,
      prefix,
      onReset: () => tell('reset'),
    })) as unknown as UniversalProviderLike
    applyVerify(provider, init.verify)
    parameters.onInit?.(provider)
    return provider
  }
}

/**
 * The real one, with the SDK's storage in IndexedDB.
 * @example const provider = await createUniversalProvider({ projectId, relayUrl, metadata })
 */
export const createUniversalProvider: CreateUniversalProvider = universalProviderFactory()

/** The page's metadata for the wallet's approval screen, with the SDK's required fields filled. */
export function pairingMetadata(metadata: ResolvedOptions['metadata'], origin: string | null): UniversalProviderInit['metadata'] {
  return {
    name: metadata.name ?? 'Airlock',
    description: metadata.description ?? '',
    url: metadata.url ?? origin ?? 'http://localhost',
    icons: [...(metadata.icons ?? [])],
  }
}
