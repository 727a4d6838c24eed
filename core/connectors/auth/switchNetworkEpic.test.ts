import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet, airlockDevnet2, airlockSolanaLocal } from '../../chains/networks.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { authNamespaceEpic, switchNetworkEpic } from './switchNetworkEpic.js'

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

describe('authNamespaceEpic', () => {
  const PUBKEY = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
  const toSolana: Action = { type: 'network/switchRequested', caipNetworkId: airlockSolanaLocal.caipNetworkId }
  const user = (chainId: string | number, address: string): Action => ({ type: 'frame/requestSucceeded', id: 'id1', name: 'GET_USER', payload: { email: null, address, chainId } })

  function runNamespace(input: string, values: Record<string, Action>, connected: Action[] = [{ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] }]) {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    const state = reduce(initialState({ networks: [airlockDevnet, airlockSolanaLocal] }), ...connected)
    const seen: Action[] = []
    let final = state
    scheduler.run(({ hot }) => {
      const harness = runEpic(scheduler, authNamespaceEpic, hot<Action>(input, values), state, marbleDeps(scheduler))
      harness.out$.subscribe((a) => seen.push(a))
      scheduler.schedule(() => (final = harness.state()), 100)
    })
    return { seen, final: () => final }
  }

  test('default: an email login on EVM switched to Solana asks the frame for the Solana account (GET_USER on that cluster) and connects it on the auth connector', () => {
    const { seen, final } = runNamespace('w 9ms u', { w: toSolana, u: user(airlockSolanaLocal.caipNetworkId, PUBKEY) })
    expect(seen[0]).toMatchObject({ type: 'frame/requestSent', name: 'GET_USER', message: { payload: { chainId: airlockSolanaLocal.caipNetworkId } } })
    const solana = `${airlockSolanaLocal.caipNetworkId}:${PUBKEY}`
    expect(final().connection.namespaces.solana).toEqual({ status: 'connected', caipAddress: solana, connectorId: 'auth', accounts: [solana] })
    // The EVM account stays; Solana is the active family now.
    expect(final().connection.namespaces.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP })
    expect(final().connection).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: airlockSolanaLocal.caipNetworkId })
  })

  test('error: a frame that cannot serve the cluster (answers on its EVM chain) or fails leaves Solana disconnected, with the switch toast', () => {
    const stayed = runNamespace('w 9ms u', { w: toSolana, u: user(31337, ADDRESS) })
    expect(stayed.seen).toContainEqual({ type: 'network/switchFailed', caipNetworkId: airlockSolanaLocal.caipNetworkId, error: { message: 'Chain is not supported' } })
    expect(stayed.final().connection.namespaces.solana).toBeUndefined()
    expect(stayed.final().connection.namespaces.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP })
    const failed = runNamespace('w 9ms f', { w: toSolana, f: { type: 'frame/requestFailed', id: 'id1', name: 'GET_USER', error: { message: 'Not signed in' }, reason: 'error' } })
    expect(failed.seen).toContainEqual({ type: 'notifications/showRequested', notification: { id: 'id2', variant: 'error', message: 'Network switch failed', description: 'Not signed in' } })
    expect(failed.final().connection.namespaces.solana).toBeUndefined()
  })

  test('behavior: nothing is asked when Solana has its own wallet, when no email login is connected, or within the same family', () => {
    const wallet = `${airlockSolanaLocal.caipNetworkId}:${PUBKEY}` as const
    const bothConnected: Action[] = [
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] },
      { type: 'connection/accountConnected', namespace: 'solana', caipAddress: wallet, connectorId: 'wallet-standard:phantom', accounts: [wallet] },
    ]
    expect(runNamespace('w', { w: toSolana }, bothConnected).seen).toEqual([])
    expect(runNamespace('w', { w: toSolana }, [{ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'io.metamask', accounts: [CAIP] }]).seen).toEqual([])
    expect(runNamespace('w', { w: { type: 'network/switchRequested', caipNetworkId: 'eip155:31337' } }).seen).toEqual([])
  })
})
