import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { airlockDevnet, airlockDevnet2 } from '../networks.js'
import { switchNetworkEpic } from './switchNetworkEpic.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
const to2: Action = { type: 'network/switchRequested', caipNetworkId: 'eip155:31338' }
const active2: Action = { type: 'network/activeChanged', caipNetworkId: 'eip155:31338' }
const base = () => initialState({ networks: [airlockDevnet, airlockDevnet2] })
const connectedState = () =>
  reduce(
    base(),
    { type: 'connectors/announced', connector: wallet },
    { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:31337:${ADDRESS}`, connectorId: 'dev.test' },
  )
const failedWith = (message: string, code?: number): Record<string, Action> => ({
  f: { type: 'network/switchFailed', caipNetworkId: 'eip155:31338', error: code === undefined ? { message } : { message, code } },
  t: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: 'Network switch failed', description: message } },
})
const unknownChain = { code: 4902, message: 'Unrecognized chain ID "0x7a6a".' }
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('switchNetworkEpic', () => {
  test('default: a connected wallet is asked to switch, then the network changes', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ wallet_switchEthereumChain: cold('--n|', { n: null }) })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), deps).out$).toBe('---a', { a: active2 })
    })
  })

  test('behavior: not connected: the network changes at once; unknown to the app: "Network not found" and a toast', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-s-x', { s: to2, x: { type: 'network/switchRequested', caipNetworkId: 'eip155:1' } })
      expectObservable(runEpic(scheduler, switchNetworkEpic, input$, base(), marbleDeps(scheduler)).out$).toBe('-a-(ft)', {
        a: active2,
        f: { type: 'network/switchFailed', caipNetworkId: 'eip155:1', error: { message: 'Network not found' } },
        t: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: 'Network switch failed', description: 'Network not found' } },
      })
    })
  })

  test('behavior: 4902 adds the chain (EIP-3085 params), then switches again', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const first = cold('-#', undefined, unknownChain)
      const second = cold('-n|', { n: null })
      const add = cold('-n|', { n: null })
      const provider = marbleProvider({ wallet_switchEthereumChain: [first, second], wallet_addEthereumChain: add })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), deps).out$).toBe('----a', { a: active2 })
      expectSubscriptions(add.subscriptions).toBe('--^-!')
      scheduler.schedule(() => {
        expect(provider.params.wallet_switchEthereumChain).toEqual([[{ chainId: '0x7a6a' }], [{ chainId: '0x7a6a' }]])
        expect(provider.params.wallet_addEthereumChain).toEqual([
          [{ chainId: '0x7a6a', chainName: 'Airlock Devnet 2', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8546'] }],
        ])
      }, 10)
    })
  })

  test('behavior: 5000, 32603 and -32603 nested in data.originalError also add the chain', () => {
    for (const error of [{ code: 5000, message: 'x' }, { code: 32603, message: 'x' }, { code: -1, message: 'x', data: { originalError: { code: -32603 } } }]) {
      const scheduler = newScheduler()
      scheduler.run(({ hot, cold, expectObservable }) => {
        const provider = marbleProvider({ wallet_switchEthereumChain: [cold('#', undefined, error), cold('(n|)', { n: null })], wallet_addEthereumChain: cold('(n|)', { n: null }) })
        expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': provider })).out$).toBe('-a', {
          a: active2,
        })
        scheduler.schedule(() => expect(provider.asked).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']), 5)
      })
    }
  })

  test('behavior: adding failing is "Chain is not supported"; a rejection keeps the wallet message; both toast', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const addFails = marbleProvider({ wallet_switchEthereumChain: cold('#', undefined, unknownChain), wallet_addEthereumChain: cold('-#', undefined, { code: 4001, message: 'no' }) })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': addFails })).out$).toBe(
        '--(ft)',
        failedWith('Chain is not supported'),
      )
      const rejects = marbleProvider({ wallet_switchEthereumChain: cold('-#', undefined, { code: 4001, message: 'User rejected the request.' }) })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': rejects })).out$).toBe(
        '--(ft)',
        failedWith('User rejected the request.', 4001),
      )
    })
  })

  test('behavior: one switch at a time: a request while the wallet prompts is ignored (exhaustMap)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const prompt = cold('---n|', { n: null })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ wallet_switchEthereumChain: prompt }) })
      const input$ = hot<Action>('-s-b', { s: to2, b: { type: 'network/switchRequested', caipNetworkId: 'eip155:31337' } })
      expectObservable(runEpic(scheduler, switchNetworkEpic, input$, connectedState(), deps).out$).toBe('----a', { a: active2 })
      expectSubscriptions(prompt.subscriptions).toBe('-^---!')
    })
  })

  test('behavior: a disconnect while the wallet prompts drops the switch (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const prompt = cold('-----n|', { n: null })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ wallet_switchEthereumChain: prompt }) })
      const input$ = hot<Action>('-s-d', { s: to2, d: { type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' } })
      expectObservable(runEpic(scheduler, switchNetworkEpic, input$, connectedState(), deps).out$).toBe('')
      expectSubscriptions(prompt.subscriptions).toBe('-^-!')
    })
  })

  test('behavior: empty, never and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = marbleDeps(scheduler)
      const { state$ } = stateFollowing(base())
      expectObservable(switchNetworkEpic(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(switchNetworkEpic(cold<Action>('-'), state$, deps)).toBe('')
      expectObservable(switchNetworkEpic(cold<Action>('--#'), state$, deps)).toBe('--#')
    })
  })
})
