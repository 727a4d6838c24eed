import type { Observable } from 'rxjs'
import type { Action } from './actions/types.js'
import type { View } from './actions/views.js'
import { afterFirstPaint } from './afterFirstPaint.js'
import { createLazyHttpClient } from './api/createLazyHttpClient.js'
import { createProviderRegistry, type Eip1193Provider } from './connectors/providerRegistry.js'
import { wrapProvider } from './connectors/wrapProvider.js'
import type { AirlockAdapter } from './adapters.js'
import { evmAdapter } from './chains/evm/evmAdapter.js'
import { solanaAdapter } from './chains/solana/solanaAdapter.js'
import { bitcoinAdapter } from './chains/bitcoin/bitcoinAdapter.js'
import type { ChainNamespace } from './chains/types.js'
import type { AirlockDeps, HttpClients, WindowLike } from './deps.js'
import { createSecretBox } from './store/secretBox.js'
import { createStartupScheduler } from './startupScheduler.js'
import { randomId, readEnvironment } from './environment.js'
import { resolveOptions, type AirlockOptions, type ResolvedOptions } from './options/resolveOptions.js'
import { createInitialState } from './createInitialState.js'
import { LATE_SLICE_KEYS } from './lateSliceKeys.js'
import { reduceEagerSlices } from './reduceEagerSlices.js'
import { lazySiwxEpics } from './slices/siwx/lazySiwxEpics.js'
import { walletConnectConnector, type WalletConnectParameters } from './connectors/walletConnect/walletConnectConnector.js'
import { lazyRegistryEpics } from './registry/lazyRegistryEpics.js'
import { lazyFrameEpics } from './frame/lazyFrameEpics.js'
import { lazyAuthEpics } from './connectors/auth/lazyAuthEpics.js'
import type { SiwxConfig } from './siwx/types.js'
import type { AirlockState } from './state.js'
import { createStoreWithCheck, type Store } from './store/createStoreWithCheck.js'
import { lazyDevCheck } from './store/lazyDevCheck.js'
import type { EventLog } from './store/eventLog.js'
import { whenInitialized } from './whenInitialized.js'
import type { Epic, StateObservable } from './store/types.js'
import { createLazyStorage } from '../storage/createLazyStorage.js'
// Loaded on start, after the first render: storage, remote config, origin check, init and telemetry.
import { lazyStartupEpics } from './lazyStartupEpics.js'

export interface CreateAirlockParameters extends AirlockOptions {
  /** Replace real side effects (tests, hosts with their own storage or fetch). */
  deps?: Partial<AirlockDeps> & { fetch?: typeof fetch }
  /** Chain adapters (default: one per configured chain family that ships with Airlock: EVM, Solana, Bitcoin). */
  adapters?: AirlockAdapter[]
  /** Extra epics; they share the store's deps. */
  epics?: Record<string, Epic<Action, AirlockState, AirlockDeps>>
  /** WalletConnect connector settings (tests: a provider factory); it runs when `projectId` is set and `enableWalletConnect` is not false. */
  walletConnect?: WalletConnectParameters
}

export interface Airlock {
  /** Opens the modal on a view, or on Account/Connect by connection state. */
  open(params?: { view?: View; namespace?: ChainNamespace }): void
  close(): void
  getState(): AirlockState
  /** The state before anything happened: React's server snapshot, so hydration matches. */
  readonly initialState: AirlockState
  readonly state$: StateObservable<AirlockState>
  readonly action$: Observable<Action>
  dispatch(action: Action): void
  readonly log: EventLog<AirlockState, Action>
  /** Resolves once storage is hydrated and the remote config has settled. */
  ready(): Promise<AirlockState>
  /** The sign-in config object the host passed (kept out of state: it holds functions). */
  readonly siwx: SiwxConfig | undefined
  readonly deps: AirlockDeps
  /** The connected wallet's EIP-1193 provider for a namespace (default: the active one), recorded and method-checked. */
  getProvider(namespace?: ChainNamespace): Eip1193Provider | undefined
  /** Stops every epic, timer, listener and request. */
  destroy(): void
}

/**
 * Creates one Airlock instance: validated options, injected deps, the store
 * and its epics. Safe on a server: without `window` it uses memory storage
 * and skips page-only checks.
 * @example const airlock = createAirlock({ projectId: 'abc', networks: [mainnet] })
 */
export function createAirlock(parameters: CreateAirlockParameters = {}): Airlock {
  const { deps: depsOverride = {}, epics: extraEpics = {}, adapters: adaptersParam, walletConnect, ...input } = parameters
  const { options, siwx } = resolveOptions(input)
  const win = 'window' in depsOverride ? depsOverride.window : defaultWindow()
  const startupScheduler = depsOverride.scheduler ? null : createStartupScheduler()
  // Error text is scrubbed of addresses, emails and tokens before the reducer and the log see it
  // (core/store/scrubErrorText.ts). The scrubber comes with the start-up chunk, and `firstPaint`
  // settles only once it is in: every lazy epic and the late reducers load after `firstPaint`, so
  // Airlock's own error text never reaches the store unscrubbed, and the rules stay out of the
  // page's first JavaScript (issue 12). Only an action the host dispatches itself before then could.
  let scrub: ((action: Action) => Action) | null = null
  const painted = depsOverride.afterFirstPaint ?? afterFirstPaint(win)
  let scrubberIn: Promise<void> | undefined
  const firstPaint = (): Promise<void> =>
    (scrubberIn ??= painted().then(() =>
      import('./startupEffects.js').then(
        (m) => void (scrub = m.scrubErrorText),
        // Not here (offline): the lazy code that would use it cannot load either; the next call tries again.
        () => void (scrubberIn = undefined),
      ),
    ))
  const initialState = createInitialState(options)
  // The two facts every session starts with; the hint read here is the one synchronous storage read (issue 15).
  const startActions: Action[] = [{ type: 'app/started', environment: readEnvironment(win) }]
  const adapters = adaptersParam ?? defaultAdapters(options)
  if (adapters.length > 0) startActions.push({ type: 'adapters/registered', namespaces: adapters.map((a) => a.namespace) })
  /** Routes actions to the eager slices that react to them once the late chunk brings the table (core/eagerSliceTypes.ts). */
  let eagerMask: ((type: string) => number) | undefined
  const reducer = (state: AirlockState, action: Action) => reduceEagerSlices(state, action, eagerMask?.(action.type))

  let deps!: AirlockDeps
  let store: Store<AirlockState, Action> | undefined
  /** Builds the deps, the store and its epics, and dispatches the start actions; once. */
  const start = (): Store<AirlockState, Action> => {
    if (store) return store
    // rxjs's scheduler code comes after the first paint, with the epics that use it.
    if (startupScheduler) void firstPaint().then(startupScheduler.preload, () => startupScheduler.preload())
    deps = {
      scheduler: depsOverride.scheduler ?? startupScheduler!,
      window: win,
      http: depsOverride.http ?? createHttpClients(options, depsOverride.fetch),
      storage: depsOverride.storage ?? createLazyStorage(win ? { window: win as Window } : { backend: 'memory' }),
      id: depsOverride.id ?? randomId,
      providers: depsOverride.providers ?? createProviderRegistry(),
      secrets: depsOverride.secrets ?? createSecretBox(depsOverride.id ?? randomId),
      siwx: depsOverride.siwx ?? siwx,
      frameHost: depsOverride.frameHost,
      afterFirstPaint: firstPaint,
    }
    const adapterEpics = Object.fromEntries(adapters.flatMap((a) => Object.entries(a.epics).map(([name, epic]) => [`${a.namespace}/${name}`, epic])))
    store = createStoreWithCheck<AirlockState, Action, AirlockDeps>({
      reducer,
      // The login, frame, WalletConnect and registry slices' reducers come after the first paint.
      late: {
        keys: LATE_SLICE_KEYS,
        load: () =>
          firstPaint()
            .then(() => import('./lateSlices.js'))
            .then((m) => {
              eagerMask = m.eagerSliceMask
              return m.reduceLateSlices as (state: AirlockState, action: Action) => AirlockState
            }),
      },
      initialState,
      deps,
      prepare: (action) => (scrub ? scrub(action) : action),
      logSize: options.logSize,
      devChecks: options.debug,
      epics: {
        ...lazyStartupEpics,
        ...adapterEpics,
        // SPEC 4 sign-in flow, only when a sign-in config was given.
        ...(deps.siwx ? lazySiwxEpics : {}),
        // Issue #4 WalletConnect: epics load on start, the SDK only when chosen or a stored session is restored.
        ...(options.projectId && options.enableWalletConnect ? walletConnectConnector(walletConnect) : {}),
        // SPEC 7 wallet registry: needs a project id; its code and first request wait for the modal.
        ...(options.projectId && options.enableWallets ? lazyRegistryEpics : {}),
        // SPEC 4 secure frame: only when email or social login can be used; its code loads on start, the iframe on first use.
        ...(options.features.email || (options.features.socials && options.features.socials.length > 0) ? lazyFrameEpics : {}),
        // Email and social login through the frame (SPEC 4); its epic announces the AUTH connector.
        ...(options.features.email || (options.features.socials && options.features.socials.length > 0) ? lazyAuthEpics : {}),
        ...extraEpics,
      },
    }, lazyDevCheck(options.debug, deps.afterFirstPaint))
    for (const action of startActions) store.dispatch(action)
    return store
  }
  /**
   * On a page the store starts at the instance's first use or once the page has painted, whichever
   * comes first. Until then `getState()` answers with the start actions folded into the initial
   * state (what the store will hold), so the host's first render, the connect button, does not wait
   * for the store, its log and its epics (issue 12: the button within 15 ms of React alone).
   * Elsewhere (a server, or a test's own scheduler) it starts here.
   */
  let firstState: AirlockState | undefined
  const getState = (): AirlockState => store?.getState() ?? (firstState ??= startActions.reduce(reducer, initialState))
  if (win && !depsOverride.scheduler) void painted().then(() => void start())
  else start()

  const dispatch = (action: Action): void => start().dispatch(action)
  const wrapped = new Map<string, Eip1193Provider>()
  const getProvider = (namespace?: ChainNamespace): Eip1193Provider | undefined => {
    const { connection } = start().getState()
    const ns = namespace ?? connection.activeNamespace
    const connectorId = ns ? connection.namespaces[ns]?.connectorId : null
    const provider = connectorId ? deps.providers.get(connectorId) : undefined
    if (!ns || !connectorId || !provider) return undefined
    const key = `${ns}|${connectorId}`
    const cached = wrapped.get(key)
    if (cached) return cached
    const fresh = wrapProvider({ provider, namespace: ns, dispatch, id: deps.id })
    wrapped.set(key, fresh)
    return fresh
  }

  return {
    open: ({ view, namespace } = {}) => dispatch({ type: 'modal/openRequested', ...(view ? { view } : {}), ...(namespace ? { namespace } : {}) }),
    close: () => dispatch({ type: 'modal/closeRequested' }),
    getState,
    initialState,
    get state$() {
      return start().state$
    },
    get action$() {
      return start().action$ as Observable<Action>
    },
    dispatch,
    get log() {
      return start().log as EventLog<AirlockState, Action>
    },
    // Initialized, with the late slices folded in (the state then equals `replay(log)`).
    ready: () => Promise.all([whenInitialized(start().state$), start().lateReady]).then(getState),
    siwx: depsOverride.siwx ?? siwx,
    get deps() {
      start()
      return deps
    },
    getProvider,
    // Started first, so that a store the first paint would start later is stopped already.
    destroy: () => start().destroy(),
  }
}

/** Adapters for the configured chain families that ship with Airlock. */
function defaultAdapters(options: ResolvedOptions): AirlockAdapter[] {
  const has = (namespace: ChainNamespace) => options.networks.some((network) => network.chainNamespace === namespace)
  return [...(has('eip155') ? [evmAdapter()] : []), ...(has('solana') ? [solanaAdapter()] : []), ...(has('bip122') ? [bitcoinAdapter()] : [])]
}

function createHttpClients(options: ResolvedOptions, fetchImpl: typeof fetch | undefined): HttpClients {
  const make = (baseUrl: string) => createLazyHttpClient({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) })
  return { api: make(options.apiUrl), blockchain: make(options.blockchainApiUrl), analytics: make(options.analyticsUrl) }
}

/** Read at call time, never at import time, so server rendering works. */
function defaultWindow(): WindowLike | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as WindowLike)
}
