import { describe, expect, test } from 'vitest'
import type { Action, RecentWallet } from '../../actions/types.js'
import { base, ethereum } from '../../chains/networks.js'
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
