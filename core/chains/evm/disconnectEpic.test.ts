import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { airlockDevnet } from '../networks.js'
import { disconnectEpic } from './disconnectEpic.js'

const CAIP = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
const request: Action = { type: 'connection/disconnectRequested', namespace: 'eip155' }
const done: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'user' }
const connectedTo = (connector: ConnectorInfo) =>
  reduce(
    initialState({ networks: [airlockDevnet] }),
    { type: 'connectors/announced', connector },
    { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: connector.id },
  )
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('disconnectEpic', () => {
  test('default: revokes the permissions, then disconnects', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ wallet_revokePermissions: cold('--n|', { n: null }) })
      const { out$ } = runEpic(scheduler, disconnectEpic(), hot('-d', { d: request }), connectedTo(wallet), marbleDeps(scheduler, { 'dev.test': provider }))
      expectObservable(out$).toBe('----x', { x: done })
      scheduler.schedule(() => expect(provider.params.wallet_revokePermissions).toEqual([[{ eth_accounts: {} }]]), 5)
    })
  })

  test('behavior: a wallet that never answers does not hold the disconnect past 1 s (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const hang = cold('-')
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ wallet_revokePermissions: hang }) })
      expectObservable(runEpic(scheduler, disconnectEpic(), hot('-d', { d: request }), connectedTo(wallet), deps).out$).toBe('- 1000ms x', { x: done })
      expectSubscriptions(hang.subscriptions).toBe('-^ 999ms !')
    })
  })

  test('behavior: a revoke error is ignored; a double click revokes once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const refuse = cold('--#', undefined, { code: -32601, message: 'Method not found' })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ wallet_revokePermissions: refuse }) })
      expectObservable(runEpic(scheduler, disconnectEpic(), hot('-dd', { d: request }), connectedTo(wallet), deps).out$).toBe('---x', { x: done })
      expectSubscriptions(refuse.subscriptions).toBe('-^-!')
    })
  })

  test('behavior: not connected: disconnected at once; a WalletConnect session is left to its adapter', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const plain = runEpic(scheduler, disconnectEpic(), hot('-d', { d: request }), initialState({ networks: [airlockDevnet] }), marbleDeps(scheduler))
      expectObservable(plain.out$).toBe('-x', { x: done })
      const wc: ConnectorInfo = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'eip155', installed: true }
      expectObservable(runEpic(scheduler, disconnectEpic(), hot('-d', { d: request }), connectedTo(wc), marbleDeps(scheduler)).out$).toBe('')
    })
  })

  test('behavior: a disconnect asked for another chain family is not the EVM adapter\'s', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ wallet_revokePermissions: cold('--n|', { n: null }) })
      const input$ = hot<Action>('-d', { d: { type: 'connection/disconnectRequested', namespace: 'solana' } })
      expectObservable(runEpic(scheduler, disconnectEpic(), input$, connectedTo(wallet), marbleDeps(scheduler, { 'dev.test': provider })).out$).toBe('')
      scheduler.schedule(() => expect(provider.asked).toEqual([]), 5)
    })
  })

  test('behavior: a namespace already disconnected that still names its wallet: no revoke, disconnected at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ wallet_revokePermissions: cold('--n|', { n: null }) })
      const base = reduce(initialState({ networks: [airlockDevnet] }), { type: 'connectors/announced', connector: wallet })
      // The type allows a disconnected record with a connector id; the wallet is not asked then.
      const state = { ...base, connection: { ...base.connection, namespaces: { eip155: { status: 'disconnected' as const, caipAddress: null, connectorId: 'dev.test', accounts: [] } } } }
      expectObservable(runEpic(scheduler, disconnectEpic(), hot('-d', { d: request }), state, marbleDeps(scheduler, { 'dev.test': provider })).out$).toBe('-x', { x: done })
      scheduler.schedule(() => expect(provider.asked).toEqual([]), 5)
    })
  })

  test('behavior: empty, never and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = marbleDeps(scheduler)
      const { state$ } = stateFollowing(initialState())
      expectObservable(disconnectEpic()(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(disconnectEpic()(cold<Action>('-'), state$, deps)).toBe('')
      expectObservable(disconnectEpic()(cold<Action>('--#'), state$, deps)).toBe('--#')
    })
  })
})
