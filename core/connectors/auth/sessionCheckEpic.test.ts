import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { sessionCheckEpic } from './sessionCheckEpic.js'
import { authTestDeps } from '../../../tests/support/authTestDeps.js'

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

  test('behavior: a failed check (frame never loaded) and a failed GET_USER wipe and disconnect too, never stuck connecting', () => {
    const failed = run('h 9ms f', { f: { type: 'frame/requestFailed', id: 'id1', name: 'IS_CONNECTED', error: { message: 'Network Error - Could not load embedded wallet' }, reason: 'notLoaded' } })
    expect(failed.final().connection.namespaces.eip155?.status).toBe('disconnected')
    expect(failed.seen.some((a) => a.type === 'alerts/raised')).toBe(false)
    const user = run('h 9ms c 9ms f', {
      c: { type: 'frame/requestSucceeded', id: 'id1', name: 'IS_CONNECTED', payload: { isConnected: true } },
      f: { type: 'frame/requestFailed', id: 'id2', name: 'GET_USER', error: { message: 'Not signed in' }, reason: 'error' },
    })
    expect(user.final().connection.namespaces.eip155?.status).toBe('disconnected')
    expect(user.writes).toMatchObject({ walletEmail: null })
  })

  test('behavior: nothing is asked when no auth connection was stored', () => {
    const { seen } = run('h', { h: { type: 'storage/hydrated', backend: 'memory', values: {} } })
    expect(seen).toEqual([])
  })
})
