import type { SchedulerLike } from 'rxjs'
import type { PersistedValues, StorageBackendKind } from './actions/types.js'
import type { HttpClient } from './api/createHttpClient.js'
import type { ProviderRegistry } from './connectors/providerRegistry.js'
import type { SiwxConfig } from './siwx/types.js'
import type { SecretBox } from './store/secretBox.js'

/** The storage dependency as core sees it; `airlock/storage` provides the real one. */
export interface StorageDep {
  /** Reads and validates every persisted value; corrupt ones are dropped and removed. */
  load(): Promise<{ values: PersistedValues; backend: StorageBackendKind }>
  /** Writes the given keys (undefined removes a key) in one batch. */
  save(values: Partial<Record<keyof PersistedValues, unknown>>): Promise<void>
  /** The backend in use now (it may fall back to memory after an error). */
  readonly backend: StorageBackendKind
}

/** The parts of `window` Airlock touches; tests and hosts may pass their own. */
export interface WindowLike {
  readonly location: { readonly origin: string; readonly href: string; readonly pathname: string }
  readonly navigator?: { readonly userAgent?: string; readonly maxTouchPoints?: number }
  readonly ethereum?: unknown
  readonly document?: { readonly visibilityState?: string }
  addEventListener?: Window['addEventListener']
  removeEventListener?: Window['removeEventListener']
  dispatchEvent?: Window['dispatchEvent']
  matchMedia?: Window['matchMedia']
  requestAnimationFrame?: Window['requestAnimationFrame']
  setTimeout?: Window['setTimeout']
  /** Tells the other tabs of this site what changed (core/tabs/tabChannel.ts); `localStorage` events where it is missing. */
  BroadcastChannel?: typeof BroadcastChannel
  localStorage?: Pick<Storage, 'setItem' | 'removeItem'> & Partial<Pick<Storage, 'getItem'>>
}

/** One client per remote service, so each keeps its own base URL. */
export interface HttpClients {
  readonly api: HttpClient
  readonly blockchain: HttpClient
  readonly analytics: HttpClient
}

/** Everything with side effects, injected (ARCHITECTURE "Deps"). */
export interface AirlockDeps {
  readonly scheduler: SchedulerLike
  readonly http: HttpClients
  readonly storage: StorageDep
  /** Undefined when rendering on a server. */
  readonly window: WindowLike | undefined
  /** Random ids (SPEC 9: random base-36 strings); deterministic in tests. */
  readonly id: () => string
  /** Live wallet providers by connector id (never in state). */
  readonly providers: ProviderRegistry
  /** Bearer values (pairing URI, channel URL) kept out of state and the log; actions carry references. */
  readonly secrets: SecretBox
  /** The sign-in config (`siwx` or the adapted `siweConfig` option); absent when sign-in is off. */
  readonly siwx?: SiwxConfig | undefined
  /** The secure frame's DOM side; absent means the frame epics create the real one on first use. */
  readonly frameHost?: import('./frame/FrameHost.js').FrameHost | undefined
  /** Settles after the page's first paint; lazy epics and the dev check load after it (default: `afterFirstPaint(window)`). */
  readonly afterFirstPaint?: (() => Promise<void>) | undefined
}
