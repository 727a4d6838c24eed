import { afterEach, describe, expect, test } from 'vitest'
import { createStorage } from '../../storage/createStorage.js'
import type { Action, ConnectorInfo } from '../actions/types.js'
import { base, ethereum } from '../chains/networks.js'
import type { CaipAddress } from '../chains/types.js'
import { createAirlock, type Airlock } from '../createAirlock.js'
import { createInitialState } from '../createInitialState.js'
import { resolveOptions } from '../options/resolveOptions.js'
import { rootReducer } from '../rootReducer.js'
import { createTabChannel, TAB_CHANNEL_NAME } from './tabChannel.js'
import type { TabMessage } from './tabMessage.js'
import { actionsFor } from './tabSyncEpic.js'

const A = 'eip155:1:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as CaipAddress
const B = 'eip155:1:0x90F79bf6EB2c4f870365E785982E1f101E93b906' as CaipAddress

/** A tab: an Airlock whose page has Node's real BroadcastChannel (same process = same "site"). */
const running: Airlock[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))
async function tab(): Promise<Airlock & { seen: Action[] }> {
  const page = Object.assign(new EventTarget(), {
    location: { origin: 'https://dapp.test', href: 'https://dapp.test/', pathname: '/' },
    BroadcastChannel,
  })
  const airlock = createAirlock({ adapters: [], networks: [ethereum, base], features: { analytics: false, email: false, socials: false }, deps: { window: page as never, storage: createStorage({ backend: 'memory' }) } })
  running.push(airlock)
  const seen: Action[] = []
  airlock.action$.subscribe((action) => seen.push(action))
  await airlock.ready()
  return Object.assign(airlock, { seen })
}

const metaMask: ConnectorInfo = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'io.metamask', installed: true }
const connect = (airlock: Airlock, connectorId = 'io.metamask') => airlock.dispatch({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId })
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
/** What the tabs post, heard as a third tab hears it. */
function overhear(): TabMessage[] {
  const heard: TabMessage[] = []
  const ear = new BroadcastChannel(TAB_CHANNEL_NAME)
  ear.onmessage = (event: MessageEvent) => void heard.push(event.data as TabMessage)
  // Closed with the tabs, so the process does not wait on it.
  running.push({ destroy: () => ear.close() } as unknown as Airlock)
  return heard
}

describe('tabSyncEpic (two tabs of one site)', () => {
  test('behavior: a disconnect in one tab disconnects the other, which does not echo it back', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one)
    connect(two)
    one.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    one.dispatch({ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('disconnected')
    expect(two.seen.filter((a) => a.type === 'connection/disconnected')).toEqual([{ type: 'connection/disconnected', namespace: 'eip155', reason: 'otherTab' }])
    expect(one.seen.filter((a) => a.type === 'connection/disconnected')).toHaveLength(1)
    expect(two.getProvider('eip155')).toBeUndefined()
  })

  test('behavior: an account change reaches the other tab once; a wallet-side or failed disconnect does not travel', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one)
    connect(two)
    one.dispatch({ type: 'connection/accountsChanged', namespace: 'eip155', accounts: [B] })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.caipAddress).toBe(B)
    expect(one.seen.filter((a) => a.type === 'connection/accountsChanged')).toHaveLength(1)
    one.dispatch({ type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('connected')
  })

  test('behavior: a tab on another wallet, or not connected, is left alone', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one, 'io.metamask')
    connect(two, 'com.coinbase.wallet')
    one.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
    one.dispatch({ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' })
    await settle()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('connected')
  })

  test('behavior: a connect in one tab is read in the other as a reload reads it; its confirmation is not told back', async () => {
    const [one, two] = [await tab(), await tab()]
    two.dispatch({ type: 'adapters/registered', namespaces: ['eip155'] })
    two.dispatch({ type: 'connectors/announced', connector: metaMask })
    const heard = overhear()
    connect(one)
    await settle()
    expect(two.seen.filter((a) => a.type === 'storage/hydrated' && a.fromTab)).toEqual([
      {
        type: 'storage/hydrated',
        backend: 'memory',
        fromTab: true,
        values: {
          connections: { eip155: { connectorId: 'io.metamask', caipAddress: A } },
          connectionStatus: { eip155: 'connected' },
          connectedConnectorIds: { eip155: 'io.metamask' },
          connectedNamespaces: ['eip155'],
          activeNamespace: 'eip155',
          activeCaipNetworkId: 'eip155:1',
          recentWallets: [],
        },
      },
    ])
    // Never "connected" on the other tab's word: its own wallet has to confirm (the reconnect epic, here by hand).
    expect(two.getState().connection.namespaces.eip155).toMatchObject({ status: 'connecting', caipAddress: A, connectorId: 'io.metamask' })
    connect(two)
    await settle()
    expect(heard.filter((m) => m.kind === 'connected')).toEqual([{ v: 1, kind: 'connected', namespace: 'eip155', connectorId: 'io.metamask', caipAddress: A, recentWallets: [] }])
    expect(one.seen.filter((a) => a.type === 'storage/hydrated')).toHaveLength(1)
  })

  test('behavior: a network switch reaches the other tab once, marked as from another tab', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(one)
    connect(two)
    const heard = overhear()
    one.dispatch({ type: 'network/activeChanged', caipNetworkId: 'eip155:8453' })
    await settle()
    const onBase = 'eip155:8453:0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
    expect(two.getState().connection).toMatchObject({ activeCaipNetworkId: 'eip155:8453', namespaces: { eip155: { status: 'connected', caipAddress: onBase } } })
    expect(two.seen.filter((a) => a.type === 'network/activeChanged')).toEqual([{ type: 'network/activeChanged', caipNetworkId: 'eip155:8453', fromTab: true }])
    expect(heard).toEqual([{ v: 1, kind: 'networkSwitched', namespace: 'eip155', connectorId: 'io.metamask', caipNetworkId: 'eip155:8453', caipAddress: onBase }])
    expect(one.seen.filter((a) => a.type === 'network/activeChanged')).toHaveLength(1)
  })

  test('behavior: a switch while disconnected, or on another wallet, stays in its tab', async () => {
    const [one, two] = [await tab(), await tab()]
    connect(two, 'com.coinbase.wallet')
    const heard = overhear()
    one.dispatch({ type: 'network/activeChanged', caipNetworkId: 'eip155:8453' })
    connect(one)
    one.dispatch({ type: 'network/activeChanged', caipNetworkId: 'eip155:1' })
    await settle()
    expect(heard.map((m) => m.kind)).toEqual(['connected', 'networkSwitched'])
    expect(two.getState().connection.activeCaipNetworkId).toBe('eip155:1')
    expect(two.seen.filter((a) => a.type === 'network/activeChanged' || (a.type === 'storage/hydrated' && a.fromTab))).toEqual([])
  })

  test('behavior: a sign-in is told to the other tabs; one from another tab is not told on', async () => {
    const one = await tab()
    const heard = overhear()
    one.dispatch({ type: 'siwx/signedIn', caipAddress: A, session: { caipAddress: A } })
    one.dispatch({ type: 'siwx/otherTabSignedIn', caipAddress: B })
    await settle()
    expect(heard).toEqual([{ v: 1, kind: 'signedIn', caipAddress: A }])
  })

  test('error: messages that are not ours, or malformed, change nothing and throw nothing', async () => {
    const two = await tab()
    connect(two)
    const stranger = new BroadcastChannel(TAB_CHANNEL_NAME)
    for (const junk of [null, 'disconnected', 42, [], { v: 2, kind: 'disconnected', namespace: 'eip155', connectorId: 'io.metamask' }, { v: 1, kind: 'disconnected', namespace: 'nope', connectorId: 'io.metamask' }, { v: 1, kind: 'accountsChanged', namespace: 'eip155', connectorId: 'io.metamask', accounts: ['<img src=x>'] }, { v: 1, kind: 'disconnected', namespace: 'eip155', connectorId: 'x'.repeat(10_000) }, { v: 1, kind: 'networkSwitched', namespace: 'eip155', connectorId: 'io.metamask', caipNetworkId: 'eip155', caipAddress: A }, { v: 1, kind: 'connected', namespace: 'eip155', connectorId: 'io.metamask', caipAddress: B, recentWallets: [{ id: 'a', name: 'a' }, { id: 'b', name: 'b' }, { id: 'c', name: 'c' }] }, { v: 1, kind: 'signedIn', caipAddress: 'not an address' }]) {
      stranger.postMessage(junk)
    }
    await settle()
    stranger.close()
    expect(two.getState().connection.namespaces.eip155?.status).toBe('connected')
    expect(two.seen.filter((a) => a.type.startsWith('connection/'))).toHaveLength(1)
  })
})

describe('actionsFor', () => {
  const { options } = resolveOptions({})
  const state = (actions: Action[]) => actions.reduce(rootReducer, createInitialState(options))

  test('behavior: signing out of the embedded wallet in one tab ends it on every chain in the other', () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as CaipAddress
    const here = state([
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId: 'auth' },
      { type: 'connection/accountConnected', namespace: 'solana', caipAddress: solana, connectorId: 'auth' },
    ])
    expect(actionsFor({ v: 1, kind: 'disconnected', namespace: 'eip155', connectorId: 'auth' }, here)).toEqual([
      { type: 'connection/disconnected', namespace: 'eip155', reason: 'otherTab' },
      { type: 'connection/disconnected', namespace: 'solana', reason: 'otherTab' },
      { type: 'auth/signedOut' },
    ])
  })

  test('behavior: accounts of another namespace are refused; a sign-in sign-out passes on', () => {
    const here = state([{ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId: 'io.metamask' }])
    expect(actionsFor({ v: 1, kind: 'accountsChanged', namespace: 'eip155', connectorId: 'io.metamask', accounts: ['solana:x:y' as CaipAddress] }, here)).toEqual([])
    expect(actionsFor({ v: 1, kind: 'signedOut', caipAddress: A }, here)).toEqual([{ type: 'siwx/signedOut', caipAddress: A, fromTab: true }])
  })
})

describe('actionsFor: another tab connected', () => {
  const { options } = resolveOptions({ networks: [ethereum, base] })
  const ready: Action[] = [{ type: 'storage/hydrated', values: {}, backend: 'indexeddb' }, { type: 'adapters/registered', namespaces: ['eip155'] }, { type: 'connectors/announced', connector: metaMask }]
  const state = (...actions: Action[]) => [...ready, ...actions].reduce(rootReducer, createInitialState(options))
  const connected = (connectorId = 'io.metamask', caipAddress = A): TabMessage => ({ v: 1, kind: 'connected', namespace: 'eip155', connectorId, caipAddress, recentWallets: [{ id: connectorId, name: 'MetaMask' }] })

  test('default: a disconnected tab reads the connection as its storage, to be confirmed by its own wallet', () => {
    const [action] = actionsFor(connected(), state({ type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }))
    expect(action).toMatchObject({ type: 'storage/hydrated', backend: 'indexeddb', fromTab: true, values: { connections: { eip155: { connectorId: 'io.metamask', caipAddress: A } }, recentWallets: [{ id: 'io.metamask', name: 'MetaMask' }] } })
    expect(rootReducer(state(), action!).connection.namespaces.eip155).toEqual({ status: 'connecting', caipAddress: A, connectorId: 'io.metamask', accounts: [] })
  })

  test('behavior: a tab connected (any wallet), connecting with another wallet, not yet hydrated or without the adapter keeps what it has', () => {
    expect(actionsFor(connected(), state({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: B, connectorId: 'com.coinbase.wallet' }))).toEqual([])
    expect(actionsFor(connected(), state({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId: 'io.metamask' }))).toEqual([])
    expect(actionsFor(connected(), state({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'com.coinbase.wallet' }))).toEqual([])
    expect(actionsFor(connected(), createInitialState(options))).toEqual([])
    expect(actionsFor(connected(), [ready[0]!].reduce(rootReducer, createInitialState(options)))).toEqual([])
    expect(actionsFor({ ...connected(), namespace: 'solana' } as TabMessage, state())).toEqual([])
  })

  test('behavior: only a wallet this page has too: one not announced here, or the embedded wallet where it is off, would only fail', () => {
    expect(actionsFor(connected('com.coinbase.wallet'), state())).toEqual([])
    expect(actionsFor(connected('auth'), state())).toMatchObject([{ type: 'storage/hydrated', fromTab: true }])
    const noEmbedded = resolveOptions({ networks: [ethereum, base], features: { email: false, socials: false } }).options
    expect(actionsFor(connected('auth'), ready.reduce(rootReducer, createInitialState(noEmbedded)))).toEqual([])
  })

  test('behavior: WalletConnect is not restored from another tab (its SDK session is this tab\'s own)', () => {
    expect(actionsFor(connected('walletConnect'), state())).toEqual([])
  })
})

describe('actionsFor: another tab switched network or signed in', () => {
  const { options } = resolveOptions({ networks: [ethereum, base] })
  const state = (...actions: Action[]) => actions.reduce(rootReducer, createInitialState(options))
  const onMetaMask: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: A, connectorId: 'io.metamask' }
  const switched = (overrides: Partial<Extract<TabMessage, { kind: 'networkSwitched' }>> = {}): TabMessage => ({
    v: 1,
    kind: 'networkSwitched',
    namespace: 'eip155',
    connectorId: 'io.metamask',
    caipNetworkId: 'eip155:8453',
    caipAddress: 'eip155:8453:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as CaipAddress,
    ...overrides,
  })

  test('default: the same account on the same wallet moves to the network, marked as from another tab', () => {
    expect(actionsFor(switched(), state(onMetaMask))).toEqual([{ type: 'network/activeChanged', caipNetworkId: 'eip155:8453', fromTab: true }])
  })

  test('behavior: another wallet or account, no connection, a network this page lacks, or already there: nothing', () => {
    expect(actionsFor(switched({ connectorId: 'com.coinbase.wallet' }), state(onMetaMask))).toEqual([])
    expect(actionsFor(switched({ caipAddress: 'eip155:8453:0x90F79bf6EB2c4f870365E785982E1f101E93b906' as CaipAddress }), state(onMetaMask))).toEqual([])
    expect(actionsFor(switched(), state())).toEqual([])
    expect(actionsFor(switched({ caipNetworkId: 'eip155:10', caipAddress: 'eip155:10:0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as CaipAddress }), state(onMetaMask))).toEqual([])
    expect(actionsFor(switched({ caipNetworkId: 'eip155:1', caipAddress: A }), state(onMetaMask))).toEqual([])
    expect(actionsFor(switched({ caipAddress: A }), state(onMetaMask))).toEqual([])
  })

  test('behavior: a sign-in is checked again here only for the account this tab found without a session', () => {
    const signInOn = (...actions: Action[]) => [onMetaMask, ...actions].reduce(rootReducer, createInitialState({ ...options, siwxEnabled: true }))
    const signedIn: TabMessage = { v: 1, kind: 'signedIn', caipAddress: A }
    const checked = (caipAddress: CaipAddress, sessions: { caipAddress: CaipAddress }[]): Action => ({ type: 'siwx/sessionsChecked', caipAddress, required: false, sessions })
    expect(actionsFor(signedIn, signInOn(checked(A, [])))).toEqual([{ type: 'siwx/otherTabSignedIn', caipAddress: A }])
    expect(actionsFor(signedIn, signInOn({ type: 'siwx/checkStarted', caipAddress: A }))).toEqual([{ type: 'siwx/otherTabSignedIn', caipAddress: A }])
    expect(actionsFor(signedIn, signInOn(checked(A, [{ caipAddress: A }])))).toEqual([])
    expect(actionsFor(signedIn, signInOn(checked(B, [])))).toEqual([])
    expect(actionsFor(signedIn, signInOn(checked(A, []), { type: 'siwx/signRequested' }))).toEqual([])
    expect(actionsFor(signedIn, state(onMetaMask, checked(A, [])))).toEqual([])
  })
})

describe('createTabChannel', () => {
  test('behavior: without BroadcastChannel, localStorage events carry the message; none on a server', () => {
    const written: string[] = []
    const page = Object.assign(new EventTarget(), {
      location: { origin: 'https://dapp.test', href: 'https://dapp.test/', pathname: '/' },
      localStorage: { setItem: (_key: string, value: string) => void written.push(value), removeItem: () => undefined },
    })
    const channel = createTabChannel(page)!
    const heard: unknown[] = []
    const stop = channel.listen((message) => heard.push(message))
    channel.post({ v: 1, kind: 'signedOut', caipAddress: A })
    expect(written).toEqual([JSON.stringify({ v: 1, kind: 'signedOut', caipAddress: A })])
    // What another tab's write looks like here: a storage event.
    page.dispatchEvent(Object.assign(new Event('storage'), { key: TAB_CHANNEL_NAME, newValue: written[0] }))
    page.dispatchEvent(Object.assign(new Event('storage'), { key: 'other', newValue: '{}' }))
    page.dispatchEvent(Object.assign(new Event('storage'), { key: TAB_CHANNEL_NAME, newValue: '{not json' }))
    expect(heard).toEqual([{ v: 1, kind: 'signedOut', caipAddress: A }])
    stop()
    expect(createTabChannel(undefined)).toBeNull()
  })
})
