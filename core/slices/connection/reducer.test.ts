import { describe, expect, test } from 'vitest'
import type { Action, RecentWallet } from '../../actions/types.js'
import { base, ethereum, solana } from '../../chains/networks.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { selectCaipAddress, selectIsConnected } from './selectors.js'

const address = 'eip155:1:0x1111111111111111111111111111111111111111' as const
const hydrated = (status: 'connected' | 'disconnected'): Action => ({
  type: 'storage/hydrated',
  backend: 'indexeddb',
  values: {
    activeNamespace: 'eip155',
    activeCaipNetworkId: 'eip155:1',
    connections: { eip155: { connectorId: 'io.metamask', caipAddress: address } },
    connectionStatus: { eip155: status },
    connectedConnectorIds: { eip155: 'io.metamask' },
  },
})
const wallet = (id: string): RecentWallet => ({ id, name: id })

describe('connection', () => {
  test('behavior: a stored connected becomes connecting until the wallet confirms', () => {
    const state = reduce(initialState(), hydrated('connected'))
    expect(state.connection.namespaces.eip155).toEqual({ status: 'connecting', caipAddress: address, connectorId: 'io.metamask', accounts: [] })
    expect(selectIsConnected(state)).toBe(false)
    expect(selectCaipAddress(state)).toBeUndefined()
    const synced = reduce(state, { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'io.metamask' })
    expect(selectIsConnected(synced)).toBe(true)
    expect(selectCaipAddress(synced)).toBe(address)
  })

  test('behavior: a stored connection its wallet could not confirm for now (`unreachable`) shows disconnected, kept as `resume`; a new connect or a real disconnect drops it', () => {
    const auth = { ...hydrated('connected'), values: { ...(hydrated('connected') as { values: object }).values, connections: { eip155: { connectorId: 'auth', caipAddress: address } }, connectedConnectorIds: { eip155: 'auth' } } } as Action
    const unreachable = reduce(initialState(), auth, { type: 'connection/disconnected', namespace: 'eip155', reason: 'unreachable' })
    expect(unreachable.connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [], resume: { connectorId: 'auth', caipAddress: address } })
    expect(selectIsConnected(unreachable)).toBe(false)
    expect(selectCaipAddress(unreachable)).toBeUndefined()
    // Twice unreachable: still kept.
    expect(reduce(unreachable, { type: 'connection/disconnected', namespace: 'eip155', reason: 'unreachable' }).connection.namespaces.eip155?.resume).toEqual({ connectorId: 'auth', caipAddress: address })
    expect(reduce(unreachable, { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' }).connection.namespaces.eip155).toEqual({ status: 'connecting', caipAddress: null, connectorId: 'io.metamask', accounts: [] })
    expect(reduce(unreachable, { type: 'connection/disconnected', namespace: 'eip155', reason: 'reconnectFailed' }).connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
  })

  test('behavior: a stored disconnected clears the cached address', () => {
    const state = reduce(initialState(), hydrated('disconnected'))
    expect(state.connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
    expect(state.connection.activeCaipNetworkId).toBe('eip155:1')
    expect(state.app.storage).toEqual({ hydrated: true, backend: 'indexeddb' })
  })

  test('behavior: hydration never downgrades a connection that already happened', () => {
    const connected = reduce(initialState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'io.metamask' })
    expect(reduce(connected, hydrated('disconnected')).connection.namespaces.eip155?.status).toBe('connected')
  })

  test('behavior: recent wallets keep at most 2, newest first, no duplicates', () => {
    const connect = (id: string): Action => ({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: id, wallet: wallet(id) })
    const state = reduce(initialState(), connect('a'), connect('b'), connect('a'), connect('c'))
    expect(state.connection.recentWallets.map((w) => w.id)).toEqual(['c', 'a'])
  })

  test('behavior: connect request, failure and disconnect', () => {
    const requested = reduce(initialState(), { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'x' })
    expect(requested.connection.namespaces.eip155?.status).toBe('connecting')
    const failed = reduce(requested, { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'x', error: { message: 'User rejected the request.', code: 4001 } })
    expect(failed.connection.namespaces.eip155?.status).toBe('disconnected')
    expect(failed.connection.errors.eip155).toEqual({ message: 'User rejected the request.', code: 4001 })
    const retried = reduce(failed, { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'x' })
    expect(retried.connection.errors.eip155).toBeUndefined()
    const gone = reduce(initialState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'x' }, { type: 'connection/disconnected', namespace: 'eip155' })
    expect(gone.connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
  })

  test('behavior: switching the active network changes the namespace', () => {
    const state = reduce(initialState(), { type: 'network/activeChanged', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(state.connection.activeNamespace).toBe('solana')
  })

  test('behavior: switchingTo names only the network the wallet is asked for (fault 7d)', () => {
    const at = (...actions: Action[]) => reduce(initialState({ networks: [ethereum, base] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: address, connectorId: 'x' }, ...actions).connection
    const toBase: Action = { type: 'network/switchRequested', caipNetworkId: 'eip155:8453' }
    const toEthereum: Action = { type: 'network/switchRequested', caipNetworkId: 'eip155:1' }
    expect(at(toBase).switchingTo).toBe('eip155:8453')
    // A newer request while the wallet prompts: the prompt shown stays named until answered.
    expect(at(toBase, toEthereum).switchingTo).toBe('eip155:8453')
    expect(at(toBase, toEthereum, { type: 'network/switchPrompted', caipNetworkId: 'eip155:1' }).switchingTo).toBe('eip155:1')
    // A network the app does not know is never named (its switch fails at once).
    expect(at({ type: 'network/switchRequested', caipNetworkId: 'eip155:10' }).switchingTo).toBeNull()
    // Another target's failure or the wallet moving elsewhere leaves the open prompt named.
    expect(at(toBase, { type: 'network/switchFailed', caipNetworkId: 'eip155:10', error: { message: 'Network not found' } }).switchingTo).toBe('eip155:8453')
    expect(at(toBase, { type: 'network/switchFailed', caipNetworkId: 'eip155:8453', error: { message: 'no' } }).switchingTo).toBeNull()
    const movedElsewhere = at({ type: 'network/switchPrompted', caipNetworkId: 'eip155:1' }, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' })
    expect(movedElsewhere).toMatchObject({ activeCaipNetworkId: 'eip155:8453', switchingTo: 'eip155:1' })
    expect(at(toBase, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })).toMatchObject({ unsupportedCaipNetworkId: 'eip155:999', switchingTo: 'eip155:8453' })
    expect(at(toBase, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' }).switchingTo).toBeNull()
    expect(at(toBase, { type: 'network/activeChanged', caipNetworkId: 'eip155:8453' }).switchingTo).toBeNull()
    expect(at(toBase, { type: 'network/switchCancelled', caipNetworkId: 'eip155:8453', reason: 'disconnected' }, { type: 'connection/disconnected', namespace: 'eip155' }).switchingTo).toBeNull()
  })
})

describe('connection reducer: exact next states (issue 20)', () => {
  const solanaAddress = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112' as const
  const address2 = 'eip155:1:0x2222222222222222222222222222222222222222' as const
  const disconnectedNs = { status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] }
  const connect = (caipAddress: `${string}:${string}:${string}` = address, extra: Partial<Extract<Action, { type: 'connection/accountConnected' }>> = {}): Action =>
    ({ type: 'connection/accountConnected', namespace: caipAddress.split(':')[0], caipAddress, connectorId: 'x', ...extra }) as Action
  const activeChanged = (caipNetworkId: string): Action => ({ type: 'network/activeChanged', caipNetworkId }) as Action
  const hydrate = (values: Extract<Action, { type: 'storage/hydrated' }>['values']): Action => ({ type: 'storage/hydrated', backend: 'indexeddb', values })

  test('an unrelated action returns the same connection state object', () => {
    const state = reduce(initialState(), connect())
    expect(reduce(state, { type: 'app/initialized' }).connection).toBe(state.connection)
  })

  test('accountsChanged: ignored (same object) unless the namespace is connected', () => {
    const changed: Action = { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [address2] }
    const never = initialState()
    expect(reduce(never, changed).connection).toBe(never.connection)
    const connecting = reduce(initialState(), { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'x' })
    expect(reduce(connecting, changed).connection).toBe(connecting.connection)
  })

  test('accountsChanged: new accounts replace the address; none left disconnects only that namespace', () => {
    const state = reduce(initialState({ networks: [ethereum] }), connect(solanaAddress), connect())
    const moved = reduce(state, { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [address2, address] }).connection
    expect(moved).toEqual({ ...state.connection, namespaces: { ...state.connection.namespaces, eip155: { status: 'connected', caipAddress: address2, connectorId: 'x', accounts: [address2, address] } } })
    const emptied = reduce(state, { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [] }).connection
    expect(emptied).toEqual({ ...state.connection, namespaces: { solana: state.connection.namespaces.solana, eip155: disconnectedNs } })
    expect(emptied.namespaces.solana).toBe(state.connection.namespaces.solana)
  })

  test('disconnected clears an unsupported network of its own namespace only', () => {
    const state = reduce(initialState({ networks: [ethereum] }), connect(solanaAddress), connect(), { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
    expect(state.connection.unsupportedCaipNetworkId).toBe('eip155:999')
    const otherGone = reduce(state, { type: 'connection/disconnected', namespace: 'solana' }).connection
    expect(otherGone).toEqual({ ...state.connection, namespaces: { ...state.connection.namespaces, solana: disconnectedNs } })
    expect(reduce(state, { type: 'connection/disconnected', namespace: 'eip155' }).connection.unsupportedCaipNetworkId).toBeNull()
  })

  test('the same prompt or the same unknown chain again returns the same state object', () => {
    const prompted = reduce(initialState({ networks: [ethereum, base] }), connect(), { type: 'network/switchPrompted', caipNetworkId: 'eip155:8453' })
    expect(reduce(prompted, { type: 'network/switchPrompted', caipNetworkId: 'eip155:8453' }).connection).toBe(prompted.connection)
    const unknown = reduce(prompted, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
    expect(unknown.connection.unsupportedCaipNetworkId).toBe('eip155:999')
    expect(reduce(unknown, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' }).connection).toBe(unknown.connection)
  })

  test('unreachable: a namespace never seen, or one without a stored address, is plainly disconnected (nothing to resume)', () => {
    const unreachable: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'unreachable' }
    expect(reduce(initialState(), unreachable).connection.namespaces).toEqual({ eip155: disconnectedNs })
    const connecting = reduce(initialState(), { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'x' }, unreachable)
    expect(connecting.connection.namespaces.eip155).toStrictEqual(disconnectedNs)
  })

  test('activeChanged to where it already is returns the same state object (no namespace, or the account on it)', () => {
    const empty = initialState()
    expect(reduce(empty, activeChanged('eip155:1')).connection).toBe(empty.connection)
    const connected = reduce(initialState(), connect())
    expect(reduce(connected, activeChanged('eip155:1')).connection).toBe(connected.connection)
    expect(reduce(connected, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:1' }).connection).toBe(connected.connection)
  })

  test('activeChanged to the active network still moves an account (and every account) left on another network', () => {
    // Base is the default: an account connected on chain 1 is on another network than the active one.
    const onOne = reduce(initialState({ networks: [base, ethereum] }), connect())
    expect(onOne.connection.activeCaipNetworkId).toBe('eip155:8453')
    expect(reduce(onOne, activeChanged('eip155:8453')).connection).toEqual({
      ...onOne.connection,
      namespaces: { eip155: { status: 'connected', caipAddress: 'eip155:8453:0x1111111111111111111111111111111111111111', connectorId: 'x', accounts: ['eip155:8453:0x1111111111111111111111111111111111111111'] } },
    })
    // The active account is on the network, another is not.
    const mixed = reduce(initialState({ networks: [ethereum, base] }), connect(address, { accounts: [address, 'eip155:8453:0x2222222222222222222222222222222222222222'] }))
    expect(reduce(mixed, activeChanged('eip155:1')).connection.namespaces.eip155).toEqual({ status: 'connected', caipAddress: address, connectorId: 'x', accounts: [address, address2] })
    // A restored connection (no accounts yet) whose address is on another network than the stored one.
    const restored = reduce(initialState({ networks: [ethereum, base] }), hydrate({ activeCaipNetworkId: 'eip155:8453', connections: { eip155: { connectorId: 'x', caipAddress: address } }, connectionStatus: { eip155: 'connected' } }))
    expect(restored.connection.activeCaipNetworkId).toBe('eip155:8453')
    expect(reduce(restored, activeChanged('eip155:8453')).connection).toEqual({
      ...restored.connection,
      namespaces: { eip155: { status: 'connecting', caipAddress: 'eip155:8453:0x1111111111111111111111111111111111111111', connectorId: 'x', accounts: [] } },
    })
  })

  test('activeChanged to the active network brings back its namespace and ends a switch', () => {
    const onSolana = reduce(initialState({ networks: [ethereum, solana] }), connect(solanaAddress))
    expect(onSolana.connection).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: 'eip155:1' })
    expect(reduce(onSolana, activeChanged('eip155:1')).connection).toEqual({ ...onSolana.connection, activeNamespace: 'eip155' })
    const switching = reduce(initialState({ networks: [ethereum, base] }), connect(), { type: 'network/switchRequested', caipNetworkId: 'eip155:8453' })
    expect(reduce(switching, activeChanged('eip155:1')).connection).toEqual({ ...switching.connection, switchingTo: null })
  })

  test('hydration: a stored connection without a status is disconnected; at most 2 recent wallets restored', () => {
    const state = reduce(initialState(), hydrate({ connections: { eip155: { connectorId: 'x', caipAddress: address } }, recentWallets: [wallet('a'), wallet('b'), wallet('c')] }))
    expect(state.connection.namespaces).toEqual({ eip155: disconnectedNs })
    expect(state.connection.recentWallets).toEqual([wallet('a'), wallet('b')])
  })

  test('hydration: the stored network applies unless a namespace is already connected (connecting is not)', () => {
    const stored = hydrate({ activeCaipNetworkId: 'eip155:8453', activeNamespace: 'eip155' })
    const connecting = reduce(initialState({ networks: [ethereum, base] }), { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'x' }, stored)
    expect(connecting.connection).toMatchObject({ activeCaipNetworkId: 'eip155:8453', activeNamespace: 'eip155' })
    const connected = reduce(initialState({ networks: [ethereum, base] }), connect(), stored)
    expect(connected.connection).toMatchObject({ activeCaipNetworkId: 'eip155:1', activeNamespace: 'eip155' })
  })

  test('the same wallet connected twice is listed once', () => {
    const state = reduce(initialState(), connect(address, { wallet: wallet('a') }), connect(address, { wallet: wallet('a') }))
    expect(state.connection.recentWallets).toEqual([wallet('a')])
  })

  test("a new connect request clears that namespace's error only", () => {
    const failed = (namespace: 'eip155' | 'solana'): Action => ({ type: 'connection/connectFailed', namespace, connectorId: 'x', error: { message: namespace } })
    const state = reduce(initialState(), failed('eip155'), failed('solana'), { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'x' })
    expect(state.connection.errors).toEqual({ solana: { message: 'solana' } })
  })
})
