import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { airlockDevnet, airlockDevnet2 } from '../networks.js'
import { reconnectEpic } from './reconnectEpic.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CAIP = `eip155:31337:${ADDRESS}` as const
const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
const hydrated = (status: 'connected' | 'disconnected' = 'connected'): Action => ({
  type: 'storage/hydrated',
  backend: 'memory',
  values: { connections: { eip155: { connectorId: 'dev.test', caipAddress: CAIP } }, connectionStatus: { eip155: status }, connectedConnectorIds: { eip155: 'dev.test' } },
})
const announced: Action = { type: 'connectors/announced', connector: wallet }
const failed: Action = { type: 'connection/disconnected', namespace: 'eip155', reason: 'reconnectFailed' }
const connected: Action = {
  type: 'connection/accountConnected',
  namespace: 'eip155',
  caipAddress: `eip155:31338:${ADDRESS}`,
  connectorId: 'dev.test',
  accounts: [`eip155:31338:${ADDRESS}`],
  wallet: { id: 'dev.test', name: 'Test Wallet', rdns: 'dev.test' },
}
const chain: Action = { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:31338' }
const state = () => initialState({ networks: [airlockDevnet, airlockDevnet2] })
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('reconnectEpic', () => {
  test('default: waits for the wallet to announce itself, then confirms silently with eth_accounts', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ eth_accounts: cold('-a|', { a: [ADDRESS] }), eth_chainId: cold('-c|', { c: '0x7a6a' }) })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      const { out$ } = runEpic(scheduler, reconnectEpic(), hot('-h 99ms w', { h: hydrated(), w: announced }), state(), deps)
      expectObservable(out$).toBe('- 100ms --(ab)', { a: connected, b: chain })
      scheduler.schedule(() => expect(provider.asked).toEqual(['eth_accounts', 'eth_chainId']), 200)
    })
  })

  test('behavior: a wallet that never announces itself: disconnected after RECONNECT_TIMEOUT_MS (5 s)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, reconnectEpic(), hot('-h', { h: hydrated() }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('- 5000ms f', { f: failed })
    })
  })

  test('behavior: a wallet that hangs on eth_accounts times out too, and its request is dropped', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const accounts = cold('-')
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_accounts: accounts }) })
      const { out$ } = runEpic(scheduler, reconnectEpic(), hot('-w 9ms h', { h: hydrated(), w: announced }), state(), deps)
      expectObservable(out$).toBe('- 10ms 5000ms f', { f: failed })
      expectSubscriptions(accounts.subscriptions).toBe('- 10ms ^ 4999ms !')
    })
  })

  test('behavior: no accounts (the wallet forgot the site) or an error: disconnected', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const forgot = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_accounts: cold('-a|', { a: [] }) }) })
      expectObservable(runEpic(scheduler, reconnectEpic(), hot('-w-h', { h: hydrated(), w: announced }), state(), forgot).out$).toBe('----f', { f: failed })
      const broken = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_accounts: cold('-#', undefined, new Error('boom')) }) })
      expectObservable(runEpic(scheduler, reconnectEpic(), hot('-w-h', { h: hydrated(), w: announced }), state(), broken).out$).toBe('----f', { f: failed })
    })
  })

  test('behavior: a connect by the user meanwhile cancels the reconnect (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const accounts = cold('----a|', { a: [ADDRESS] })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_accounts: accounts }) })
      const input$ = hot<Action>('-wh-c', { h: hydrated(), w: announced, c: { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'dev.test' } })
      expectObservable(runEpic(scheduler, reconnectEpic(), input$, state(), deps).out$).toBe('')
      expectSubscriptions(accounts.subscriptions).toBe('--^-!')
    })
  })

  test('behavior: a disconnect by the user meanwhile cancels the reconnect too: no late `accountConnected`', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const accounts = cold('----a|', { a: [ADDRESS] })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_accounts: accounts, eth_chainId: cold('-c|', { c: '0x7a6a' }) }) })
      const input$ = hot<Action>('-wh-d', { h: hydrated(), w: announced, d: { type: 'connection/disconnectRequested', namespace: 'eip155' } })
      expectObservable(runEpic(scheduler, reconnectEpic(), input$, state(), deps).out$).toBe('')
      expectSubscriptions(accounts.subscriptions).toBe('--^-!')
    })
  })

  test('behavior: a wallet connected before the stored values loaded is not asked again; no stored EVM connection: nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ eth_accounts: cold('-a|', { a: [ADDRESS] }), eth_chainId: cold('-c|', { c: '0x7a6a' }) })
      const live: Action = { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'dev.test' }
      const first = runEpic(scheduler, reconnectEpic(), hot('-wch', { h: hydrated(), w: announced, c: live }), state(), marbleDeps(scheduler, { 'dev.test': provider }))
      expectObservable(first.out$).toBe('')
      // Nothing stored for eip155 at all.
      const none: Action = { type: 'storage/hydrated', backend: 'memory', values: {} }
      expectObservable(runEpic(scheduler, reconnectEpic(), hot('-wh', { h: none, w: announced }), state(), marbleDeps(scheduler, { 'dev.test': provider })).out$).toBe('')
      scheduler.schedule(() => expect(provider.asked).toEqual([]), 6_000)
    })
  })

  test('behavior: a stored WalletConnect session is left to its own adapter (no eth_accounts, no failure)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const wc: ConnectorInfo = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'eip155', installed: true }
      const stored: Action = {
        type: 'storage/hydrated',
        backend: 'memory',
        values: { connections: { eip155: { connectorId: 'walletConnect', caipAddress: CAIP } }, connectionStatus: { eip155: 'connected' }, connectedConnectorIds: { eip155: 'walletConnect' } },
      }
      const input$ = hot<Action>('-wh', { h: stored, w: { type: 'connectors/announced', connector: wc } })
      expectObservable(runEpic(scheduler, reconnectEpic(), input$, state(), marbleDeps(scheduler)).out$).toBe('')
    })
  })

  test('behavior: a connect or disconnect asked for another chain family does not cancel the EVM reconnect', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ eth_accounts: cold('----a|', { a: [ADDRESS] }), eth_chainId: cold('-c|', { c: '0x7a6a' }) })
      const input$ = hot<Action>('-whcd', {
        h: hydrated(),
        w: announced,
        c: { type: 'connection/connectRequested', namespace: 'solana', connectorId: 'dev.sol' },
        d: { type: 'connection/disconnectRequested', namespace: 'solana' },
      })
      expectObservable(runEpic(scheduler, reconnectEpic(), input$, state(), marbleDeps(scheduler, { 'dev.test': provider })).out$).toBe('-------(ab)', { a: connected, b: chain })
    })
  })

  test('behavior: nothing to do when the stored connection was disconnected', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(runEpic(scheduler, reconnectEpic(), hot('-h', { h: hydrated('disconnected') }), state(), marbleDeps(scheduler)).out$).toBe('')
    })
  })

  test('behavior: empty, never and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = marbleDeps(scheduler)
      const { state$ } = stateFollowing(state())
      expectObservable(reconnectEpic()(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(reconnectEpic()(cold<Action>('-'), state$, deps)).toBe('')
      expectObservable(reconnectEpic()(cold<Action>('--#'), state$, deps)).toBe('--#')
    })
  })
})
