import type { ResolvedOptions } from '../../options/resolveOptions.js'
import type { ProposalNamespace } from './namespaces.js'

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
}

/** Creates (and initializes) the universal provider; replaceable for tests and special hosts. */
export type CreateUniversalProvider = (init: UniversalProviderInit) => Promise<UniversalProviderLike>

/**
 * The real one: the SDK is imported here, inside the lazily loaded connector chunk, and only when
 * the person chooses WalletConnect or a stored session is restored.
 * @example const provider = await createUniversalProvider({ projectId, relayUrl, metadata })
 */
export const createUniversalProvider: CreateUniversalProvider = async (init) => {
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  // Airlock has its own, opt-out telemetry; the SDK's would send events to WalletConnect's servers.
  return (await UniversalProvider.init({ ...init, logger: 'error', telemetryEnabled: false })) as unknown as UniversalProviderLike
}

/** The page's metadata for the wallet's approval screen, with the SDK's required fields filled. */
export function pairingMetadata(metadata: ResolvedOptions['metadata'], origin: string | null): UniversalProviderInit['metadata'] {
  return {
    name: metadata.name ?? 'Airlock',
    description: metadata.description ?? '',
    url: metadata.url ?? origin ?? 'http://localhost',
    icons: [...(metadata.icons ?? [])],
  }
}
