import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { airlockDevnet, airlockDevnet2 } from '../networks.js'
import { switchNetworkEpic } from './switchNetworkEpic.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
const to1: Action = { type: 'network/switchRequested', caipNetworkId: 'eip155:31337' }
const to2: Action = { type: 'network/switchRequested', caipNetworkId: 'eip155:31338' }
const active1: Action = { type: 'network/activeChanged', caipNetworkId: 'eip155:31337' }
const active2: Action = { type: 'network/activeChanged', caipNetworkId: 'eip155:31338' }
const prompted1: Action = { type: 'network/switchPrompted', caipNetworkId: 'eip155:31337' }
const prompted2: Action = { type: 'network/switchPrompted', caipNetworkId: 'eip155:31338' }
const cancelled = (chainId: 31337 | 31338, reason: 'superseded' | 'disconnected' = 'superseded'): Action => ({ type: 'network/switchCancelled', caipNetworkId: `eip155:${chainId}`, reason })
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
  test('default: a connected wallet is asked to switch (switchPrompted), then the network changes', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ wallet_switchEthereumChain: cold('--n|', { n: null }) })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), deps).out$).toBe('-p-a', { p: prompted2, a: active2 })
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
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), deps).out$).toBe('-p--a', { p: prompted2, a: active2 })
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
        expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': provider })).out$).toBe('-(pa)', {
          p: prompted2,
          a: active2,
        })
        scheduler.schedule(() => expect(provider.asked).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']), 5)
      })
    }
  })

  test('behavior: adding failing is "Chain is not supported"; a rejected switch or add prompt is "User rejected the request."; all toast', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const addFails = marbleProvider({ wallet_switchEthereumChain: cold('#', undefined, unknownChain), wallet_addEthereumChain: cold('-#', undefined, { code: -32000, message: 'no' }) })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': addFails })).out$).toBe('-p(ft)', {
        p: prompted2,
        ...failedWith('Chain is not supported'),
      })
      // Fault 5c: the person declines the add-network prompt after the 4902.
      const addRejected = marbleProvider({
        wallet_switchEthereumChain: cold('#', undefined, unknownChain),
        wallet_addEthereumChain: cold('-#', undefined, { code: 4001, message: 'MetaMask: User denied the request' }),
      })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': addRejected })).out$).toBe('-p(ft)', {
        p: prompted2,
        ...failedWith('User rejected the request.', 4001),
      })
      const rejects = marbleProvider({ wallet_switchEthereumChain: cold('-#', undefined, { code: 4001, message: 'User rejected the request.' }) })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-s', { s: to2 }), connectedState(), marbleDeps(scheduler, { 'dev.test': rejects })).out$).toBe('-p(ft)', {
        p: prompted2,
        ...failedWith('User rejected the request.', 4001),
      })
    })
  })

  test('behavior: ten switches while the wallet prompts: latest wins, each replaced one is cancelled, the wallet is asked twice, app and wallet end on the last', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      // Fault 7d: 31337, 31338, 31337, … 31338. The first prompt is answered at 20 ms.
      const first = cold('-------------------(n|)', { n: null })
      const second = cold('-----(n|)', { n: null })
      const provider = marbleProvider({ wallet_switchEthereumChain: [first, second] })
      const input$ = hot<Action>('-ababababab', { a: to1, b: to2 })
      const run = runEpic(scheduler, switchNetworkEpic, input$, connectedState(), marbleDeps(scheduler, { 'dev.test': provider }))
      expectObservable(run.out$).toBe('-pxyxyxyxyx---------(aq)-b', {
        p: prompted1,
        x: cancelled(31337),
        y: cancelled(31338),
        a: active1,
        q: prompted2,
        b: active2,
      })
      // The prompt shown cannot be withdrawn: it is answered, then the latest target is asked.
      expectSubscriptions(first.subscriptions).toBe('-^------------------!')
      expectSubscriptions(second.subscriptions).toBe('20ms ^----!')
      // switchingTo names only what the wallet was asked for: 31337 until it answers, then 31338.
      scheduler.schedule(() => expect(run.state().connection.switchingTo).toBe('eip155:31337'), 11)
      scheduler.schedule(() => expect(run.state().connection.switchingTo).toBe('eip155:31338'), 22)
      scheduler.schedule(() => {
        expect(provider.params.wallet_switchEthereumChain).toEqual([[{ chainId: '0x7a69' }], [{ chainId: '0x7a6a' }]])
        expect(run.state().connection).toMatchObject({ activeCaipNetworkId: 'eip155:31338', switchingTo: null })
      }, 30)
    })
  })

  test('behavior: a replaced target the person rejects, or the wallet does not know, is not reported; the latest is asked next', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const rejected = marbleProvider({ wallet_switchEthereumChain: [cold('----#', undefined, { code: 4001, message: 'no' }), cold('-(n|)', { n: null })] })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-sb', { s: to2, b: to1 }), connectedState(), marbleDeps(scheduler, { 'dev.test': rejected })).out$).toBe('-pc--qa', {
        p: prompted2,
        c: cancelled(31338),
        q: prompted1,
        a: active1,
      })
      // 4902 for a target replaced meanwhile: no add-network prompt for it.
      const unknown = marbleProvider({ wallet_switchEthereumChain: [cold('---#', undefined, unknownChain), cold('-(n|)', { n: null })] })
      expectObservable(runEpic(scheduler, switchNetworkEpic, hot('-sb', { s: to2, b: to1 }), connectedState(), marbleDeps(scheduler, { 'dev.test': unknown })).out$).toBe('-pc-qa', {
        p: prompted2,
        c: cancelled(31338),
        q: prompted1,
        a: active1,
      })
      scheduler.schedule(() => expect(unknown.asked).toEqual(['wallet_switchEthereumChain', 'wallet_switchEthereumChain']), 10)
    })
  })

  test('behavior: a network unknown to the app fails at once and does not replace the switch the wallet shows', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ wallet_switchEthereumChain: cold('-------(n|)', { n: null }) })
      const input$ = hot<Action>('-s-x', { s: to2, x: { type: 'network/switchRequested', caipNetworkId: 'eip155:1' } })
      const run = runEpic(scheduler, switchNetworkEpic, input$, connectedState(), marbleDeps(scheduler, { 'dev.test': provider }))
      expectObservable(run.out$).toBe('-p-(ft)-a', {
        p: prompted2,
        f: { type: 'network/switchFailed', caipNetworkId: 'eip155:1', error: { message: 'Network not found' } },
        t: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: 'Network switch failed', description: 'Network not found' } },
        a: active2,
      })
      scheduler.schedule(() => expect(run.state().connection.switchingTo).toBe('eip155:31338'), 4)
    })
  })

  test('behavior: a disconnect while the wallet prompts drops the switch and cancels the waiting one (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const prompt = cold('-----n|', { n: null })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ wallet_switchEthereumChain: prompt }) })
      const input$ = hot<Action>('-sb-d', { s: to2, b: to1, d: { type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' } })
      const run = runEpic(scheduler, switchNetworkEpic, input$, connectedState(), deps)
      expectObservable(run.out$).toBe('-pc-x', { p: prompted2, c: cancelled(31338), x: cancelled(31337, 'disconnected') })
      expectSubscriptions(prompt.subscriptions).toBe('-^--!')
      scheduler.schedule(() => expect(run.state().connection.switchingTo).toBeNull(), 5)
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
