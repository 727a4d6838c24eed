import { asyncScheduler, filter, firstValueFrom } from 'rxjs'
import { describe, expect, test } from 'vitest'
import type { Action, PersistedValues } from '../core/actions/types.js'
import type { AirlockDeps } from '../core/deps.js'
import { resolveOptions } from '../core/options/resolveOptions.js'
import { createInitialState, rootReducer } from '../core/rootReducer.js'
import { hydrateEpic } from '../core/slices/app/hydrateEpic.js'
import { RECENT_WALLETS_MAX } from '../core/constants/limits.js'
import type { AirlockState, NamespaceConnection } from '../core/state.js'
import { createStore } from '../core/store/createStore.js'
import { createStorage } from './createStorage.js'
import { persistenceEpic } from './persistenceEpic.js'
import { selectPersisted } from './selectPersisted.js'
import { MapStorage } from './testing/MapStorage.js'

const address = 'eip155:1:0x1111111111111111111111111111111111111111' as const
const solanaAddress = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' as const
const fresh = (): AirlockState => createInitialState(resolveOptions({}).options)
const withNamespaces = (namespaces: AirlockState['connection']['namespaces']): AirlockState => {
  const state = fresh()
  return { ...state, connection: { ...state.connection, namespaces } }
}
const reduce = (state: AirlockState, ...actions: Action[]): AirlockState => actions.reduce(rootReducer, state)
const connect = (namespace: 'eip155' | 'solana', caipAddress: typeof address | typeof solanaAddress, connectorId: string): Action => ({
  type: 'connection/accountConnected',
  namespace,
  caipAddress,
  connectorId,
  wallet: { id: connectorId, name: connectorId },
})

describe('selectPersisted', () => {
  test('default: the initial state persists nothing', () => {
    expect(selectPersisted(fresh())).toEqual({
      activeNamespace: undefined,
      activeCaipNetworkId: undefined,
      recentWallets: undefined,
      connectedConnectorIds: undefined,
      connectionStatus: undefined,
      connectedNamespaces: undefined,
      connections: undefined,
    })
  })

  test('behavior: a connection kept for a later retry (`unreachable`: its wallet did not answer at load) stays stored as connected, so the next load tries it again', () => {
    const hydrated: Action = { type: 'storage/hydrated', backend: 'memory', values: { connections: { eip155: { connectorId: 'auth', caipAddress: address } }, connectionStatus: { eip155: 'connected' }, connectedConnectorIds: { eip155: 'auth' }, connectedNamespaces: ['eip155'] } }
    const kept = reduce(fresh(), hydrated, { type: 'connection/disconnected', namespace: 'eip155', reason: 'unreachable' })
    const stored = { connectionStatus: { eip155: 'connected' }, connectedConnectorIds: { eip155: 'auth' }, connections: { eip155: { connectorId: 'auth', caipAddress: address } }, connectedNamespaces: ['eip155'] }
    expect(selectPersisted(kept)).toMatchObject(stored)
    // The next load: connecting again, as after any reload.
    const next = reduce(fresh(), { ...hydrated, values: selectPersisted(kept) } as Action)
    expect(next.connection.namespaces.eip155).toMatchObject({ status: 'connecting', connectorId: 'auth', caipAddress: address })
    // The frame's "not signed in" (or any other disconnect) forgets it.
    expect(selectPersisted(reduce(fresh(), hydrated, { type: 'connection/disconnected', namespace: 'eip155', reason: 'reconnectFailed' }))).toMatchObject({ connectionStatus: { eip155: 'disconnected' }, connections: undefined })
  })

  test('behavior: connected namespaces are stored with connector and address; others as disconnected', () => {
    const state = reduce(
      fresh(),
      connect('eip155', address, 'io.metamask'),
      connect('solana', solanaAddress, 'phantom'),
      { type: 'connection/disconnected', namespace: 'solana' },
      { type: 'connection/connectRequested', namespace: 'bip122', connectorId: 'xverse' },
      { type: 'network/activeChanged', caipNetworkId: 'eip155:10' },
    )
    expect(selectPersisted(state)).toEqual({
      activeNamespace: 'eip155',
      activeCaipNetworkId: 'eip155:10',
      recentWallets: [
        { id: 'phantom', name: 'phantom' },
        { id: 'io.metamask', name: 'io.metamask' },
      ],
      connectedConnectorIds: { eip155: 'io.metamask' },
      // A connect in progress (no address yet) must not come back as connected after a reload.
      connectionStatus: { eip155: 'connected', solana: 'disconnected', bip122: 'disconnected' },
      connectedNamespaces: ['eip155'],
      // The account follows the active network.
      connections: { eip155: { connectorId: 'io.metamask', caipAddress: address.replace('eip155:1:', 'eip155:10:') } },
    })
  })

  // The reducer never builds these, but selectPersisted is public and is the last step before a write: it must
  // not store as connected anything it could not reconnect (a connection needs both a connector and an address).
  test.each<[string, NamespaceConnection]>([
    ['disconnected, with an address left behind', { status: 'disconnected', caipAddress: address, connectorId: 'io.metamask', accounts: [] }],
    ['connected, without a connector', { status: 'connected', caipAddress: address, connectorId: null, accounts: [address] }],
    ['connecting, without a connector', { status: 'connecting', caipAddress: address, connectorId: null, accounts: [] }],
    // `resume` belongs to a disconnected namespace only: a connect since then replaces it.
    ['connecting without an address yet, with a stale resume', { status: 'connecting', caipAddress: null, connectorId: 'phantom', accounts: [], resume: { connectorId: 'io.metamask', caipAddress: address } }],
  ])('behavior: a namespace %s is stored as disconnected, with no connection', (_, connection) => {
    expect(selectPersisted(withNamespaces({ eip155: connection }))).toMatchObject({
      connectionStatus: { eip155: 'disconnected' },
      connectedConnectorIds: undefined,
      connectedNamespaces: undefined,
      connections: undefined,
    })
  })

  test('behavior: at most RECENT_WALLETS_MAX recent wallets are stored, newest first, whatever the state holds', () => {
    const state = fresh()
    const recentWallets = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ]
    expect(RECENT_WALLETS_MAX).toBe(2)
    expect(selectPersisted({ ...state, connection: { ...state.connection, recentWallets } }).recentWallets).toEqual(recentWallets.slice(0, 2))
  })

  test('behavior: connected, persisted, hydrated into a fresh state → connecting with the address kept', async () => {
    const localStorage = new MapStorage()
    await createStorage({ window: { localStorage } }).save(selectPersisted(reduce(fresh(), connect('eip155', address, 'io.metamask'))))

    const loaded = await createStorage({ window: { localStorage } }).load()
    const state = reduce(fresh(), { type: 'storage/hydrated', values: loaded.values, backend: loaded.backend })
    expect(state.connection.namespaces.eip155).toEqual({ status: 'connecting', caipAddress: address, connectorId: 'io.metamask', accounts: [] })
    // Awaiting the wallet's sync still counts as connected for storage: a second reload keeps it.
    expect(selectPersisted(state)).toEqual(selectPersisted(reduce(fresh(), connect('eip155', address, 'io.metamask'))))
  })

  test('behavior: a stored disconnected status drops the cached address', async () => {
    const storage = createStorage({ backend: 'memory' })
    const stale: PersistedValues = {
      connectionStatus: { eip155: 'disconnected' },
      connections: { eip155: { connectorId: 'io.metamask', caipAddress: address } },
      connectedConnectorIds: { eip155: 'io.metamask' },
    }
    await storage.save(stale)
    const { values, backend } = await storage.load()
    const state = reduce(fresh(), { type: 'storage/hydrated', values, backend })
    expect(state.connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
    expect(selectPersisted(state).connections).toBeUndefined()
  })

  test('behavior: the store with the real storage persists a connection and a reload restores it', async () => {
    const localStorage = new MapStorage()
    let written: () => void = () => {}
    const boot = (): { dispatch(action: Action): void; hydrated: Promise<AirlockState>; destroy(): void } => {
      const storage = createStorage({ window: { localStorage } })
      // Resolves `written` once a save has landed: no clock needed to wait for the batch.
      const save: typeof storage.save = (values) => storage.save(values).then(() => written())
      const deps = { scheduler: asyncScheduler, storage: { load: storage.load, save, backend: storage.backend } } as unknown as AirlockDeps
      const store = createStore<AirlockState, Action, AirlockDeps>({
        reducer: rootReducer as (state: AirlockState, action: Action) => AirlockState,
        initialState: fresh(),
        deps,
        epics: { hydrate: hydrateEpic, persistence: persistenceEpic },
      })
      const hydrated = firstValueFrom(store.state$.pipe(filter((state) => state.app.storage.hydrated)))
      store.dispatch({ type: 'app/started', environment: { origin: null, pageUrl: null, isMobile: false, ssr: false } })
      return { dispatch: store.dispatch, hydrated, destroy: store.destroy }
    }

    const first = boot()
    await first.hydrated
    const saved = new Promise<void>((resolve) => (written = resolve))
    first.dispatch(connect('eip155', address, 'io.metamask'))
    await saved
    first.destroy()

    const second = boot()
    const state = await second.hydrated
    second.destroy()
    expect(state.app.storage.backend).toBe('localStorage')
    expect(state.connection.namespaces.eip155).toEqual({ status: 'connecting', caipAddress: address, connectorId: 'io.metamask', accounts: [] })
    expect(state.connection.recentWallets).toEqual([{ id: 'io.metamask', name: 'io.metamask' }])
  })
})
