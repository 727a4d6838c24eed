import type { ChainNamespace } from '../../chains/types.js'
import { BaseError } from '../../errors/BaseError.js'
import type { Eip1193Provider } from '../providerRegistry.js'
import { CONNECTOR_NOT_FOUND } from './constants.js'
import type { CreateUniversalProvider, UniversalProviderInit, UniversalProviderLike } from './universalProvider.js'

/** One Airlock instance's universal provider: created once, on first need, and the EIP-1193 face `getProvider()` returns. */
export interface SessionHolder {
  /** The provider, created and initialized on the first call (a failed init is retried on the next). */
  provider(): Promise<UniversalProviderLike>
  /** The provider if it was created already. */
  current(): UniversalProviderLike | undefined
  /** Registered in `deps.providers`: requests go to the session on the namespace's active chain. */
  readonly eip1193: Eip1193Provider
  /** Closes the relay socket (the session stays stored for the next page load). */
  close(): void
}

/** Solana and Bitcoin wallet calls have their own prefixes or names; everything else is EVM. */
function namespaceOf(method: string): ChainNamespace {
  if (method.startsWith('solana_')) return 'solana'
  if (['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'].includes(method)) return 'bip122'
  return 'eip155'
}

/**
 * Holds the universal provider for one Airlock instance, outside state (it is an object with
 * functions and sockets). `chainFor` names the CAIP chain a namespace's requests go to.
 * @example const holder = createSessionHolder(createUniversalProvider, () => init, (ns) => 'eip155:1')
 */
export function createSessionHolder(
  create: CreateUniversalProvider,
  init: () => UniversalProviderInit,
  chainFor: (namespace: ChainNamespace) => string | undefined,
): SessionHolder {
  let created: UniversalProviderLike | undefined
  let creating: Promise<UniversalProviderLike> | undefined
  const provider = (): Promise<UniversalProviderLike> =>
    (creating ??= create(init()).then(
      (instance) => (created = instance),
      (error: unknown) => {
        creating = undefined
        throw error
      },
    ))
  const eip1193: Eip1193Provider = {
    request: async ({ method, params }) => {
      // SPEC 8: asked before WalletConnect was ever started on this page.
      if (!created) throw new BaseError(CONNECTOR_NOT_FOUND)
      return created.request(params === undefined ? { method } : { method, params }, chainFor(namespaceOf(method)))
    },
  }
  const close = (): void => {
    const core = created?.client?.core
    core?.heartbeat?.stop?.()
    core?.relayer?.transportClose?.().catch(() => {})
  }
  return { provider, current: () => created, eip1193, close }
}
