import { Subject, type Observable } from 'rxjs'
import type { ChainNamespace } from '../../chains/types.js'
import { BaseError } from '../../errors/BaseError.js'
import type { Eip1193Provider } from '../providerRegistry.js'
import { CONNECT_BEFORE_REQUEST, CONNECTOR_NOT_FOUND, PAIRING_FAILED, SIGN_CLIENT_NOT_INITIALIZED } from './constants.js'
import { fromWalletConnectBitcoin, toWalletConnectBitcoin } from './bitcoinRequests.js'
import { installPublishGuard, type GuardedCore, type PublishGuard } from './publishGuard.js'
import type { ProposalNamespace } from './namespaces.js'
import type { CreateUniversalProvider, StorageRecoveryReason, UniversalProviderInit, UniversalProviderLike } from './universalProvider.js'

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
  /**
   * The relay is unreachable: fails every request the relay never took (and withdraws it, so the
   * SDK cannot deliver it when the relay is back). One the relay took stays open: the wallet has
   * it and may still answer, and the SDK ends it at its own expiry.
   */
  abortPending(): void
  /** What the SDK's storage guard had to do while the provider was created or used (reset damaged data, or memory). */
  readonly storageRecovered$: Observable<StorageRecoveryReason>
  /**
   * A pairing for a QR code: the one made ahead (issue 15: when the modal opened) while it is
   * younger than `usableMs`, else a new one (`fresh` always makes a new one). `uri` resolves with
   * the pairing URI the SDK gave; `settled` with the provider once the wallet approved (its
   * `session` is then live) or rejects when it declined or the SDK failed. One pairing at a time.
   */
  pairing(request: PairingRequest): Pairing
}

export interface PairingRequest {
  readonly namespaces: Record<string, ProposalNamespace>
  /** The scheduler's time now. */
  readonly now: number
  readonly usableMs: number
  readonly fresh?: boolean
}

export interface Pairing {
  readonly uri: Promise<unknown>
  readonly settled: Promise<UniversalProviderLike>
  /** The scheduler's time it was made: the URI expires counting from here. */
  readonly createdAt: number
}

/** Solana and Bitcoin wallet calls have their own prefixes or names; everything else is EVM. */
function namespaceOf(method: string): ChainNamespace {
  if (method.startsWith('solana_')) return 'solana'
  if (['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'].includes(method)) return 'bip122'
  return 'eip155'
}

/** The address of a session namespace's first account (`bip122:<ref>:<address>`), if any. */
function firstAccount(session: unknown, namespace: ChainNamespace): string | undefined {
  const accounts = (session as { namespaces?: Record<string, { accounts?: unknown }> } | undefined)?.namespaces?.[namespace]?.accounts
  const first = Array.isArray(accounts) ? accounts[0] : undefined
  return typeof first === 'string' ? first.slice(first.lastIndexOf(':') + 1) : undefined
}

/**
 * Holds the universal provider for one Airlock instance, outside state (it is an object with
 * functions and sockets). `chainFor` names the CAIP chain a namespace's requests go to;
 * `relayUnreachable` says the relay has been down for long (requests then fail at once).
 * @example const holder = createSessionHolder(createUniversalProvider, () => init, (ns) => 'eip155:1')
 */
export function createSessionHolder(
  create: CreateUniversalProvider,
  init: () => UniversalProviderInit,
  chainFor: (namespace: ChainNamespace) => string | undefined,
  relayUnreachable: () => boolean = () => false,
): SessionHolder {
  // EIP-1193 4900 "disconnected": the wallet cannot be reached; the text says what to do.
  const unreachable = () => new BaseError(PAIRING_FAILED, { code: 4900 })
  const pending = new Set<{ reject: (error: unknown) => void; job: ReturnType<PublishGuard['track']> | undefined }>()
  let created: UniversalProviderLike | undefined
  let guard: PublishGuard | undefined
  let creating: Promise<UniversalProviderLike> | undefined
  let closed = false
  const storageRecovered = new Subject<StorageRecoveryReason>()
  const shut = (instance: UniversalProviderLike | undefined): void => {
    const core = instance?.client?.core
    core?.heartbeat?.stop?.()
    core?.relayer?.transportClose?.().catch(() => {})
  }
  const provider = (): Promise<UniversalProviderLike> =>
    (creating ??= create(init(), (reason) => storageRecovered.next(reason)).then(
      (instance) => {
        guard = installPublishGuard(instance.client?.core as GuardedCore | undefined)
        // Closed while the SDK was starting (the store stopped right after the modal opened): its socket goes too.
        if (closed) shut(instance)
        return (created = instance)
      },
      (error: unknown) => {
        creating = undefined
        throw error
      },
    ))
  const eip1193: Eip1193Provider = {
    request: async ({ method, params }) => {
      // SPEC 8: asked before WalletConnect was ever started on this page.
      if (!created) throw new BaseError(CONNECTOR_NOT_FOUND)
      // The SDK's own checks, with its wording, before it would fail less clearly on a missing chain.
      if (!created.client) throw new BaseError(SIGN_CLIENT_NOT_INITIALIZED)
      if (!created.session) throw new BaseError(CONNECT_BEFORE_REQUEST)
      // Never handed to the SDK while the relay is known to be down: it would queue it.
      if (relayUnreachable()) throw unreachable()
      const namespace = namespaceOf(method)
      // Bitcoin calls arrive in the shapes every Bitcoin wallet takes here and go out in WalletConnect's.
      const account = namespace === 'bip122' ? firstAccount(created.session, 'bip122') : undefined
      const sentParams = account === undefined ? params : toWalletConnectBitcoin(method, params, account)
      const job = guard?.track({ method, params: sentParams })
      const answered = created.request(sentParams === undefined ? { method } : { method, params: sentParams }, chainFor(namespace))
      const sent = account === undefined ? answered : answered.then((result) => fromWalletConnectBitcoin(method, result))
      // Kept until answered, so a relay that stays down fails it cleanly instead of leaving it hanging.
      return new Promise((resolve, reject) => {
        const entry = { reject, job }
        pending.add(entry)
        sent.then(resolve, reject).finally(() => {
          pending.delete(entry)
          job?.done()
        })
      })
    },
  }
  const abortPending = (): void => {
    for (const entry of [...pending]) {
      if (entry.job?.published()) continue
      entry.job?.withdraw()
      pending.delete(entry)
      entry.reject(unreachable())
    }
  }
  const close = (): void => {
    closed = true
    shut(created)
  }
  let prepared: Pairing | undefined
  const pairing = ({ namespaces, now, usableMs, fresh = false }: PairingRequest): Pairing => {
    if (prepared && !fresh && now - prepared.createdAt < usableMs) return prepared
    let gotUri: (uri: unknown) => void = () => {}
    const uri = new Promise<unknown>((resolve) => (gotUri = resolve))
    const settled = provider().then(async (instance) => {
      instance.on('display_uri', gotUri)
      try {
        await instance.connect({ optionalNamespaces: namespaces })
      } finally {
        instance.removeListener('display_uri', gotUri)
      }
      return instance
    })
    const entry: Pairing = { uri, settled, createdAt: now }
    prepared = entry
    // Settled or failed, it cannot be shown again; nobody may be listening yet, so no unhandled rejection.
    settled.then(
      () => void (prepared === entry && (prepared = undefined)),
      () => void (prepared === entry && (prepared = undefined)),
    )
    return entry
  }
  return { provider, current: () => created, eip1193, close, abortPending, storageRecovered$: storageRecovered.asObservable(), pairing }
}
