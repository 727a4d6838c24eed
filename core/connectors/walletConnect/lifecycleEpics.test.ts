import { from, NEVER, of, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { base, ethereum, solana } from '../../chains/networks.js'
import type { CaipNetworkId, Network } from '../../chains/types.js'
import { SWITCH_FAILED_TOAST } from '../../chains/evm/switchNetworkEpic.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState, NamespaceConnection } from '../../state.js'
import { marbleDeps } from '../../../tests/support/epicHarness.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
import type { SessionHolder } from './createSessionHolder.js'
import { announceEpic, disconnectEpic, restoreEpic, switchNetworkEpic } from './lifecycleEpics.js'
import { parseSession } from './parseSession.js'
import { settledActions, walletConnectConnectorInfo } from './sessionActions.js'

/**
 * The lifecycle epics called as plain functions on the TestScheduler, with a session holder
 * double whose SDK calls answer with cold observables (so answers arrive on virtual time).
 * The same epics in a store with a fake provider: walletConnectEpics.test.ts.
 */
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

const wc = (status: NamespaceConnection['status'], caipAddress: NamespaceConnection['caipAddress'] = `eip155:1:${EVM}`): NamespaceConnection => ({ status, caipAddress, connectorId: WALLET_CONNECT_CONNECTOR_ID, accounts: [] })
const injected = (status: NamespaceConnection['status']): NamespaceConnection => ({ status, caipAddress: `eip155:1:${EVM}`, connectorId: 'io.metamask', accounts: [] })
/** A state with the given namespace connections (an entry may hold `undefined`, as the type allows). */
const withNamespaces = (namespaces: AirlockState['connection']['namespaces'], networks: Network[] = [ethereum, base, solana]): AirlockState => {
  const state = initialState({ networks: [ethereum, base, solana] })
  return { ...state, options: { ...state.options, networks }, connection: { ...state.connection, namespaces } }
}
const session = (accounts: Record<string, string[]>) => ({
  topic: 't'.repeat(64),
  namespaces: Object.fromEntries(Object.entries(accounts).map(([ns, list]) => [ns, { accounts: list, methods: [], events: [] }])),
  peer: { metadata: { name: 'Fake Wallet', url: 'https://wallet.example', icons: [] } },
})
/** The actions of a reset: every WalletConnect namespace disconnected, then the plain connector and the slice's fact. */
const ended = (reason: 'user' | 'restoreFailed', ...namespaces: ('eip155' | 'solana')[]): Action[] => [
  ...namespaces.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: reason === 'user' ? 'user' : 'reconnectFailed' })),
  { type: 'connectors/announced', connector: walletConnectConnectorInfo() },
  { type: 'walletConnect/sessionEnded', reason },
]
/** Marble values for a list of actions emitted in one frame. */
const lettersFor = (actions: Action[]) => Object.fromEntries(actions.map((a, i) => [String.fromCharCode(97 + i), a]))
const group = (actions: Action[]) => `(${Object.keys(lettersFor(actions)).join('')})`

describe('announceEpic (WalletConnect joins the connectors at start)', () => {
  test('behavior: app/started registers the EIP-1193 face and announces the plain connector; stopping closes the relay socket', () => {
    let closed = 0
    const eip1193 = { request: async () => null }
    const holder = { eip1193, close: () => void closed++ } as unknown as SessionHolder
    const deps = marbleDeps(newScheduler())
    const out: Action[] = []
    announceEpic(holder)(from<Action[]>([{ type: 'modal/openRequested' }, { type: 'app/started', environment: { origin: null, pageUrl: null, isMobile: false, ssr: true } }]), stateFollowing(initialState()).state$, deps).subscribe((a) => out.push(a))
    expect(out).toEqual([{ type: 'connectors/announced', connector: walletConnectConnectorInfo() }])
    expect(deps.providers.get(WALLET_CONNECT_CONNECTOR_ID)).toBe(eip1193)
    // The source completed: the epic stopped and the socket went with it.
    expect(closed).toBe(1)
  })

  test('edge: before app/started nothing is registered and the socket stays', () => {
    let closed = 0
    const holder = { eip1193: {}, close: () => void closed++ } as unknown as SessionHolder
    const deps = marbleDeps(newScheduler())
    const out: Action[] = []
    const subscription = announceEpic(holder)(NEVER, stateFollowing(initialState()).state$, deps).subscribe((a) => out.push(a))
    expect(out).toEqual([])
    expect(deps.providers.get(WALLET_CONNECT_CONNECTOR_ID)).toBeUndefined()
    expect(closed).toBe(0)
    subscription.unsubscribe()
    expect(closed).toBe(1)
  })
})

describe('restoreEpic (a stored WalletConnect connection after a reload)', () => {
  const hydrated: Action = { type: 'storage/hydrated', backend: 'memory', values: {} }
  /** A holder whose provider answers with the given cold observable; `asked` counts the calls. */
  const holderAnswering = (answer: () => Observable<unknown>) => {
    const calls = { asked: 0 }
    const holder = { provider: () => (calls.asked++, answer()) } as unknown as SessionHolder
    return { holder, calls }
  }
  const run = (scheduler: TestScheduler, holder: SessionHolder, state: AirlockState) => (action$: Observable<Action>) => restoreEpic(holder, 100)(action$, stateFollowing(state).state$, marbleDeps(scheduler))

  test('behavior: the SDK restoring a session with accounts connects it (restored: true) and points requests at the active chain', () => {
    const scheduler = newScheduler()
    const raw = session({ eip155: [`eip155:1:${EVM}`] })
    const provider = { session: raw, chains: [] as string[], setDefaultChain(chain: string) { this.chains.push(chain) } }
    const state = withNamespaces({ eip155: wc('connecting') })
    const expected = settledActions(state, parseSession(raw)!, { restored: true })
    expect(expected[1]).toMatchObject({ type: 'walletConnect/sessionSettled', restored: true })
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { holder } = holderAnswering(() => cold('--p|', { p: provider }))
      expectObservable(run(scheduler, holder, state)(hot<Action>('-h', { h: hydrated }))).toBe(`---${group(expected)}`, lettersFor(expected))
    })
    expect(provider.chains).toEqual(['eip155:1'])
  })

  test('behavior: one WalletConnect namespace being restored is enough, whatever the others hold', () => {
    const scheduler = newScheduler()
    const raw = session({ solana: [`${solana.caipNetworkId}:${SOL}`] })
    const provider = { session: raw, setDefaultChain: () => {} }
    const state = withNamespaces({ eip155: injected('connected'), bip122: undefined, solana: wc('connecting', `${solana.caipNetworkId}:${SOL}`) })
    const expected = settledActions(state, parseSession(raw)!, { restored: true })
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { holder } = holderAnswering(() => cold('p|', { p: provider }))
      expectObservable(run(scheduler, holder, state)(hot<Action>('-h', { h: hydrated }))).toBe(`-${group(expected)}`, lettersFor(expected))
    })
  })

  test.each<[string, AirlockState['connection']['namespaces']]>([
    ['nothing stored', {}],
    ['a WalletConnect connection already live (not being restored)', { eip155: wc('connected') }],
    ['another connector being restored', { eip155: injected('connecting') }],
    ['an empty entry', { eip155: undefined }],
  ])('edge: %s: the SDK is not loaded and nothing happens', (_name, namespaces) => {
    const scheduler = newScheduler()
    const { holder, calls } = holderAnswering(() => NEVER)
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder, withNamespaces(namespaces))(hot<Action>('-h', { h: hydrated }))).toBe('')
    })
    expect(calls.asked).toBe(0)
  })

  test.each<[string, () => unknown]>([
    ['no session', () => ({ session: undefined })],
    ['a malformed session', () => ({ session: { topic: 'x' } })],
    ['a session without accounts', () => ({ session: session({}) })],
  ])('error: %s: every WalletConnect namespace disconnected (reconnectFailed)', (_name, provider) => {
    const scheduler = newScheduler()
    const state = withNamespaces({ eip155: wc('connecting'), solana: wc('connecting', `${solana.caipNetworkId}:${SOL}`) })
    const expected = ended('restoreFailed', 'eip155', 'solana')
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { holder } = holderAnswering(() => cold('-p|', { p: provider() }))
      expectObservable(run(scheduler, holder, state)(hot<Action>('-h', { h: hydrated }))).toBe(`--${group(expected)}`, lettersFor(expected))
    })
  })

  test('error: the SDK failing, or not answering within the timeout, fails the restore', () => {
    const scheduler = newScheduler()
    const state = withNamespaces({ eip155: wc('connecting') })
    const expected = ended('restoreFailed', 'eip155')
    scheduler.run(({ cold, hot, expectObservable }) => {
      const failing = holderAnswering(() => cold('--#', undefined, new Error('storage broken'))).holder
      expectObservable(run(scheduler, failing, state)(hot<Action>('-h', { h: hydrated }))).toBe(`---${group(expected)}`, lettersFor(expected))
      const silent = holderAnswering(() => NEVER).holder
      expectObservable(run(scheduler, silent, state)(hot<Action>('-h', { h: hydrated }))).toBe(`- 100ms ${group(expected)}`, lettersFor(expected))
    })
  })

  test.each<[string, Action]>([
    ['a new pairing', { type: 'walletConnect/connectRequested' }],
    ['a disconnect', { type: 'connection/disconnectRequested', namespace: 'eip155' }],
  ])('behavior: %s while the restore waits drops it: no failure at the timeout', (_name, stop) => {
    const scheduler = newScheduler()
    const { holder } = holderAnswering(() => NEVER)
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, holder, withNamespaces({ eip155: wc('connecting') }))(hot<Action>('-h 49ms s', { h: hydrated, s: stop }))).toBe('')
    })
  })
})

describe('disconnectEpic (SPEC 4: every WalletConnect namespace reset)', () => {
  const ask = (namespace: 'eip155' | 'solana' | 'bip122'): Action => ({ type: 'connection/disconnectRequested', namespace })
  const run = (scheduler: TestScheduler, holder: SessionHolder, state: AirlockState) => (action$: Observable<Action>) => disconnectEpic(holder, 100)(action$, stateFollowing(state).state$, marbleDeps(scheduler))

  test('behavior: the wallet is told, then both namespaces using WalletConnect are reset (reason user)', () => {
    const scheduler = newScheduler()
    const expected = ended('user', 'eip155', 'solana')
    let told = 0
    scheduler.run(({ cold, hot, expectObservable }) => {
      const holder = { current: () => ({ session: {}, disconnect: () => (told++, cold('--|')) }) } as unknown as SessionHolder
      const state = withNamespaces({ eip155: wc('connected'), solana: wc('connected', `${solana.caipNetworkId}:${SOL}`) })
      expectObservable(run(scheduler, holder, state)(hot<Action>('-d', { d: ask('solana') }))).toBe(`---${group(expected)}`, lettersFor(expected))
    })
    expect(told).toBe(1)
  })

  test('edge: WalletConnect never started on this page (no provider): reset at once, nothing to tell', () => {
    const scheduler = newScheduler()
    const expected = ended('user', 'eip155')
    scheduler.run(({ hot, expectObservable }) => {
      const holder = { current: () => undefined } as unknown as SessionHolder
      expectObservable(run(scheduler, holder, withNamespaces({ eip155: wc('connected') }))(hot<Action>('-d', { d: ask('eip155') }))).toBe(`-${group(expected)}`, lettersFor(expected))
    })
  })

  test.each<[string, AirlockState['connection']['namespaces'], 'eip155' | 'solana' | 'bip122']>([
    ['a namespace of another connector', { eip155: injected('connected'), solana: wc('connected', `${solana.caipNetworkId}:${SOL}`) }, 'eip155'],
    ['a namespace never connected', { eip155: wc('connected') }, 'bip122'],
  ])('edge: disconnecting %s is not WalletConnect business', (_name, namespaces, namespace) => {
    const scheduler = newScheduler()
    let told = 0
    scheduler.run(({ hot, expectObservable }) => {
      const holder = { current: () => ({ session: {}, disconnect: () => (told++, of(undefined)) }) } as unknown as SessionHolder
      expectObservable(run(scheduler, holder, withNamespaces(namespaces))(hot<Action>('-d', { d: ask(namespace) }))).toBe('')
    })
    expect(told).toBe(0)
  })
})

describe('switchNetworkEpic (EVM network of a WalletConnect session)', () => {
  const switchTo = (caipNetworkId: string): Action => ({ type: 'network/switchRequested', caipNetworkId: caipNetworkId as CaipNetworkId })
  /** A provider whose wallet_switchEthereumChain answers with `answer`; `asked` records each request with its chain. */
  const providerAnswering = (answer: () => Observable<unknown>) => {
    const asked: { args: unknown; chain: string | undefined }[] = []
    return { asked, provider: { request: (args: unknown, chain?: string) => (asked.push({ args, chain }), answer()) } }
  }
  const run = (scheduler: TestScheduler, provider: unknown, state: AirlockState) => (action$: Observable<Action>) =>
    switchNetworkEpic({ current: () => provider } as unknown as SessionHolder)(action$, stateFollowing(state).state$, marbleDeps(scheduler))

  test('behavior: the wallet is asked for the chain (hex id, on that chain) and its yes makes it active', () => {
    const scheduler = newScheduler()
    const { asked, provider } = providerAnswering(() => of(null))
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, provider, withNamespaces({ eip155: wc('connected') }))(hot<Action>('-s', { s: switchTo(base.caipNetworkId) }))).toBe('-a', {
        a: { type: 'network/activeChanged', caipNetworkId: base.caipNetworkId },
      })
    })
    expect(asked).toEqual([{ args: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }, chain: base.caipNetworkId }])
  })

  test('error: the wallet refusing: the switch fails with its error and the error toast shows', () => {
    const scheduler = newScheduler()
    const { provider } = providerAnswering(() => scheduler.createColdObservable('-#', undefined, { code: 4001, message: 'User denied' }))
    const error = { message: 'User rejected the request.', code: 4001 }
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(run(scheduler, provider, withNamespaces({ eip155: wc('connected') }))(hot<Action>('-s', { s: switchTo(base.caipNetworkId) }))).toBe('--(fn)', {
        f: { type: 'network/switchFailed', caipNetworkId: base.caipNetworkId, error },
        n: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: SWITCH_FAILED_TOAST, description: error.message } },
      })
    })
  })

  // A made-up network with a numeric id outside EVM, and an EVM one without a numeric id (the type allows both).
  const oddBitcoin = { ...ethereum, caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', id: 1 } as unknown as Network
  const oddEvm = { ...ethereum, caipNetworkId: 'eip155:77', id: 'seventy-seven' } as unknown as Network
  test.each<[string, AirlockState['connection']['namespaces'], string, unknown]>([
    ['a non-EVM network', { eip155: wc('connected') }, oddBitcoin.caipNetworkId, {}],
    ['a WalletConnect session still connecting', { eip155: wc('connecting') }, base.caipNetworkId, {}],
    ['no EVM connection', { solana: wc('connected', `${solana.caipNetworkId}:${SOL}`) }, base.caipNetworkId, {}],
    ['an EVM connection of another connector', { eip155: injected('connected') }, base.caipNetworkId, {}],
    ['a network the app does not have', { eip155: wc('connected') }, 'eip155:999', {}],
    ['an EVM network without a numeric id', { eip155: wc('connected') }, oddEvm.caipNetworkId, {}],
    ['no provider created', { eip155: wc('connected') }, base.caipNetworkId, undefined],
  ])('edge: %s: the wallet is not asked and nothing is emitted', (_name, namespaces, target, current) => {
    const scheduler = newScheduler()
    const { asked, provider } = providerAnswering(() => of(null))
    scheduler.run(({ hot, expectObservable }) => {
      const state = withNamespaces(namespaces, [ethereum, base, solana, oddBitcoin, oddEvm])
      expectObservable(run(scheduler, current === undefined ? undefined : provider, state)(hot<Action>('-s', { s: switchTo(target) }))).toBe('')
    })
    expect(asked).toEqual([])
  })
})
