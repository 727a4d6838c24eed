import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet, airlockSolanaLocal } from '../../chains/networks.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { sessionCheckEpic } from './sessionCheckEpic.js'
import { authTestDeps } from '../../../tests/support/authTestDeps.js'
import { selectPersisted } from '../../../storage/selectPersisted.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const CAIP = `eip155:31337:${ADDRESS}` as const
const hydrated: Action = {
  type: 'storage/hydrated',
  backend: 'memory',
  values: { connections: { eip155: { connectorId: 'auth', caipAddress: CAIP } }, connectionStatus: { eip155: 'connected' }, connectedConnectorIds: { eip155: 'auth' } },
}

function run(input: string, values: Record<string, Action>) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const { deps, writes } = authTestDeps(scheduler)
  const seen: Action[] = []
  let final = initialState()
  scheduler.run(({ hot }) => {
    const harness = runEpic(scheduler, sessionCheckEpic, hot<Action>(input, { h: hydrated, ...values }), reduce(initialState({ networks: [airlockDevnet] })), deps)
    harness.out$.subscribe((a) => seen.push(a))
    scheduler.schedule(() => (final = harness.state()), 100)
  })
  return { seen, writes, final: () => final }
}

describe('sessionCheckEpic', () => {
  test('default: a stored auth connection is confirmed with IS_CONNECTED, then GET_USER', () => {
    const { seen, final } = run('h 9ms c 9ms u', {
      c: { type: 'frame/requestSucceeded', id: 'id1', name: 'IS_CONNECTED', payload: { isConnected: true } },
      u: { type: 'frame/requestSucceeded', id: 'id2', name: 'GET_USER', payload: { address: ADDRESS, chainId: 31337 } },
    })
    expect(seen.filter((a) => a.type === 'frame/requestSent').map((a) => (a as { name: string }).name)).toEqual(['IS_CONNECTED', 'GET_USER'])
    expect(final().connection.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'auth', caipAddress: CAIP })
  })

  test('behavior: "not connected" wipes the cached login data and disconnects', () => {
    const { seen, writes, final } = run('h 9ms c', { c: { type: 'frame/requestSucceeded', id: 'id1', name: 'IS_CONNECTED', payload: { isConnected: false } } })
    expect(seen).toContainEqual({ type: 'connection/disconnected', namespace: 'eip155', reason: 'reconnectFailed' })
    expect(writes).toEqual({ walletEmail: null, walletSocialUsername: null, connectedSocial: null, walletEmailLoginUsed: null })
    expect(final().connection.namespaces.eip155?.status).toBe('disconnected')
  })

  test('behavior: a check that could not be made (the frame did not load) keeps the cached login and the stored connection: disconnected for now, never stuck connecting (review 4d)', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    const { deps, writes } = authTestDeps(scheduler)
    const notLoaded = { message: 'Network Error - Could not load embedded wallet' }
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const input$ = hot<Action>('h 19999ms f', { h: hydrated, f: { type: 'frame/requestFailed', id: 'id1', name: 'IS_CONNECTED', error: notLoaded, reason: 'notLoaded' } })
      const harness = runEpic(scheduler, sessionCheckEpic, input$, reduce(initialState({ networks: [airlockDevnet] })), deps)
      expectObservable(harness.out$, '^ 30s !').toBe('s 19999ms (cd)', {
        s: { type: 'frame/requestSent', id: 'id1', name: 'IS_CONNECTED', message: { id: 'id1', type: '@airlock-app/IS_CONNECTED' }, timeoutMs: 20_000 },
        c: { type: 'auth/sessionChecked', connected: false, error: notLoaded },
        d: { type: 'connection/disconnected', namespace: 'eip155', reason: 'unreachable' },
      })
      expectSubscriptions(input$.subscriptions).toBe('^ 30s !')
      scheduler.schedule(() => {
        const state = harness.state()
        expect(state.connection.namespaces.eip155).toMatchObject({ status: 'disconnected', caipAddress: null, resume: { connectorId: 'auth', caipAddress: CAIP } })
        // Stored as before: the next load checks again.
        expect(selectPersisted(state).connections).toEqual({ eip155: { connectorId: 'auth', caipAddress: CAIP } })
      }, 20_001)
    })
    // Nothing wiped: the login comes back when the frame does.
    expect(writes).toEqual({})
  })

  test('behavior: a timeout, a frame reload, or an error answer to IS_CONNECTED keep the cache too; no alert at start', () => {
    for (const [reason, message] of [['timeout', 'Embedded Wallet Request Timed Out'], ['reloaded', 'The embedded wallet reloaded before it answered. Please try again.'], ['error', 'IndexedDB is closing']] as const) {
      const { seen, writes, final } = run('h 9ms f', { f: { type: 'frame/requestFailed', id: 'id1', name: 'IS_CONNECTED', error: { message }, reason } })
      expect(writes).toEqual({})
      expect(final().connection.namespaces.eip155).toMatchObject({ status: 'disconnected', resume: { connectorId: 'auth' } })
      expect(seen.some((a) => a.type === 'alerts/raised')).toBe(false)
    }
  })

  test('behavior: after IS_CONNECTED true, GET_USER refused by the frame ("Not signed in") wipes; GET_USER unanswered keeps', () => {
    const connected: Action = { type: 'frame/requestSucceeded', id: 'id1', name: 'IS_CONNECTED', payload: { isConnected: true } }
    const refused = run('h 9ms c 9ms f', { c: connected, f: { type: 'frame/requestFailed', id: 'id2', name: 'GET_USER', error: { message: 'Not signed in' }, reason: 'error' } })
    expect(refused.final().connection.namespaces.eip155).toEqual({ status: 'disconnected', caipAddress: null, connectorId: null, accounts: [] })
    expect(refused.writes).toMatchObject({ walletEmail: null, walletEmailLoginUsed: null })
    const silent = run('h 9ms c 9ms f', { c: connected, f: { type: 'frame/requestFailed', id: 'id2', name: 'GET_USER', error: { message: 'Embedded Wallet Request Timed Out' }, reason: 'timeout' } })
    expect(silent.final().connection.namespaces.eip155).toMatchObject({ status: 'disconnected', resume: { connectorId: 'auth', caipAddress: CAIP } })
    expect(silent.writes).toEqual({})
  })

  test('behavior: nothing is asked when no auth connection was stored', () => {
    const { seen } = run('h', { h: { type: 'storage/hydrated', backend: 'memory', values: {} } })
    expect(seen).toEqual([])
  })

  test('behavior: a login kept on EVM and Solana is restored on both (GET_USER per cluster, the active family last); a refusal on either disconnects both', () => {
    const pubkey = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    const solana = `${airlockSolanaLocal.caipNetworkId}:${pubkey}` as const
    const both: Action = {
      type: 'storage/hydrated',
      backend: 'memory',
      values: {
        connections: { eip155: { connectorId: 'auth', caipAddress: CAIP }, solana: { connectorId: 'auth', caipAddress: solana } },
        connectionStatus: { eip155: 'connected', solana: 'connected' },
        connectedConnectorIds: { eip155: 'auth', solana: 'auth' },
        activeCaipNetworkId: airlockSolanaLocal.caipNetworkId,
      },
    }
    const runBoth = (input: string, values: Record<string, Action>) => {
      const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
      const { deps } = authTestDeps(scheduler)
      const seen: Action[] = []
      let final = initialState()
      scheduler.run(({ hot }) => {
        const harness = runEpic(scheduler, sessionCheckEpic, hot<Action>(input, { h: both, ...values }), reduce(initialState({ networks: [airlockDevnet, airlockSolanaLocal] })), deps)
        harness.out$.subscribe((a) => seen.push(a))
        scheduler.schedule(() => (final = harness.state()), 100)
      })
      return { seen, final: () => final }
    }
    const connected: Action = { type: 'frame/requestSucceeded', id: 'id1', name: 'IS_CONNECTED', payload: { isConnected: true } }
    const { seen, final } = runBoth('h 9ms c 9ms e 9ms s', {
      c: connected,
      e: { type: 'frame/requestSucceeded', id: 'id2', name: 'GET_USER', payload: { address: ADDRESS, chainId: 31337 } },
      s: { type: 'frame/requestSucceeded', id: 'id3', name: 'GET_USER', payload: { address: pubkey, chainId: airlockSolanaLocal.caipNetworkId } },
    })
    const asked = seen.flatMap((a) => (a.type === 'frame/requestSent' && a.name === 'GET_USER' ? [(a.message as { payload: { chainId: unknown } }).payload.chainId] : []))
    expect(asked).toEqual([31337, airlockSolanaLocal.caipNetworkId])
    expect(final().connection.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'auth', caipAddress: CAIP })
    expect(final().connection.namespaces.solana).toMatchObject({ status: 'connected', connectorId: 'auth', caipAddress: solana })
    expect(final().connection).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: airlockSolanaLocal.caipNetworkId })

    // A frame that no longer serves Solana answers the Solana GET_USER on its EVM chain: Solana ends disconnected, never connecting.
    const evmOnly = runBoth('h 9ms c 9ms e 9ms s', {
      c: connected,
      e: { type: 'frame/requestSucceeded', id: 'id2', name: 'GET_USER', payload: { address: ADDRESS, chainId: 31337 } },
      s: { type: 'frame/requestSucceeded', id: 'id3', name: 'GET_USER', payload: { address: ADDRESS, chainId: 31337 } },
    })
    expect(evmOnly.final().connection.namespaces.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP })
    expect(evmOnly.final().connection.namespaces.solana?.status).toBe('disconnected')

    const refused = runBoth('h 9ms c 9ms f', { c: connected, f: { type: 'frame/requestFailed', id: 'id2', name: 'GET_USER', error: { message: 'Not signed in' }, reason: 'error' } })
    // The first refusal settles both: no second GET_USER, neither left connecting.
    expect(refused.seen.filter((a) => a.type === 'frame/requestSent' && a.name === 'GET_USER')).toHaveLength(1)
    expect(refused.final().connection.namespaces.eip155?.status).toBe('disconnected')
    expect(refused.final().connection.namespaces.solana?.status).toBe('disconnected')
  })
})
