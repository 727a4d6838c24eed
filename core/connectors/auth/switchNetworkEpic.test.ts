import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet, airlockDevnet2 } from '../../chains/networks.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { switchNetworkEpic } from './switchNetworkEpic.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const CAIP = `eip155:31337:${ADDRESS}` as const
const to2: Action = { type: 'network/switchRequested', caipNetworkId: 'eip155:31338' }

function run(input: string, values: Record<string, Action>, connectorId = 'auth') {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const state = reduce(initialState({ networks: [airlockDevnet, airlockDevnet2] }), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId, accounts: [CAIP] })
  const seen: Action[] = []
  let final = state
  scheduler.run(({ hot }) => {
    const harness = runEpic(scheduler, switchNetworkEpic, hot<Action>(input, values), state, marbleDeps(scheduler))
    harness.out$.subscribe((a) => seen.push(a))
    scheduler.schedule(() => (final = harness.state()), 100)
  })
  return { seen, final: () => final }
}

describe('auth switchNetworkEpic', () => {
  test('default: SWITCH_NETWORK with the chain number; the success moves the app and the account to it', () => {
    const { seen, final } = run('w 9ms s', { w: to2, s: { type: 'frame/requestSucceeded', id: 'id1', name: 'SWITCH_NETWORK', payload: { chainId: 31338 } } })
    expect(seen[0]).toMatchObject({ type: 'frame/requestSent', name: 'SWITCH_NETWORK', message: { payload: { chainId: 31338 } } })
    expect(seen.at(-1)).toEqual({ type: 'network/activeChanged', caipNetworkId: 'eip155:31338' })
    expect(final().connection).toMatchObject({ activeCaipNetworkId: 'eip155:31338', switchingTo: null })
    expect(final().connection.namespaces.eip155?.caipAddress).toBe(`eip155:31338:${ADDRESS}`)
  })

  test('behavior: a refusal keeps the network, says why in a toast, and ends the "switching" state', () => {
    const { seen, final } = run('w 9ms f', { w: to2, f: { type: 'frame/requestFailed', id: 'id1', name: 'SWITCH_NETWORK', error: { message: 'Chain is not supported' }, reason: 'error' } })
    expect(seen).toContainEqual({ type: 'network/switchFailed', caipNetworkId: 'eip155:31338', error: { message: 'Chain is not supported' } })
    expect(seen).toContainEqual({ type: 'notifications/showRequested', notification: { id: 'id2', variant: 'error', message: 'Network switch failed', description: 'Chain is not supported' } })
    expect(final().connection).toMatchObject({ activeCaipNetworkId: 'eip155:31337', switchingTo: null })
  })

  test('behavior: other connectors are left to their own epics; an unknown network fails at once', () => {
    expect(run('w', { w: to2 }, 'io.metamask').seen).toEqual([])
    const { seen } = run('w', { w: { type: 'network/switchRequested', caipNetworkId: 'eip155:999' } })
    expect(seen[0]).toEqual({ type: 'network/switchFailed', caipNetworkId: 'eip155:999', error: { message: 'Network not found' } })
  })
})
