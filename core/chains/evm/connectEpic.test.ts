import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { airlockDevnet, airlockDevnet2 } from '../networks.js'
import { connectEpic, WALLET_NOT_FOUND_MESSAGE } from './connectEpic.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
const connect: Action = { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'dev.test' }
const connected: Action = {
  type: 'connection/accountConnected',
  namespace: 'eip155',
  caipAddress: `eip155:31337:${ADDRESS}`,
  connectorId: 'dev.test',
  accounts: [`eip155:31337:${ADDRESS}`],
  wallet: { id: 'dev.test', name: 'Test Wallet', rdns: 'dev.test' },
}
const chain: Action = { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:31337' }
const rejected = { code: 4001, message: 'MetaMask: User denied account authorization' }
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const start = (...connectors: ConnectorInfo[]) =>
  reduce(initialState({ networks: [airlockDevnet, airlockDevnet2] }), ...connectors.map((connector): Action => ({ type: 'connectors/announced', connector })))

describe('connectEpic', () => {
  test('default: eth_requestAccounts, then eth_chainId, then the account and the chain', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ eth_requestAccounts: cold('--a|', { a: [ADDRESS.toLowerCase()] }), eth_chainId: cold('-c|', { c: '0x7a69' }) })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      const { out$ } = runEpic(scheduler, connectEpic, hot('-r', { r: connect }), start(wallet), deps)
      expectObservable(out$).toBe('----(ab)', { a: connected, b: chain })
    })
  })

  test('behavior: a double click asks the wallet once (exhaustMap)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const accounts = cold('---a|', { a: [ADDRESS] })
      const provider = marbleProvider({ eth_requestAccounts: accounts, eth_chainId: cold('(c|)', { c: '0x7a69' }) })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      const { out$ } = runEpic(scheduler, connectEpic, hot('-r-r', { r: connect }), start(wallet), deps)
      expectObservable(out$).toBe('----(ab)', { a: connected, b: chain })
      expectSubscriptions(accounts.subscriptions).toBe('-^---!')
    })
  })

  test('behavior: a rejection (4001) fails with the standard message, is not retried, and a new click retries', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const accounts = cold('-#', undefined, rejected)
      const provider = marbleProvider({ eth_requestAccounts: accounts })
      const deps = marbleDeps(scheduler, { 'dev.test': provider })
      const { out$ } = runEpic(scheduler, connectEpic, hot('-r---r', { r: connect }), start(wallet), deps)
      const failed: Action = { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'dev.test', error: { message: 'User rejected the request.', code: 4001 } }
      expectObservable(out$).toBe('--f---f', { f: failed })
      expectSubscriptions(accounts.subscriptions).toBe(['-^!', '-----^!'])
    })
  })

  test('behavior: a disconnect while the wallet prompts abandons the connect (subscription proves it)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const accounts = cold('-----a|', { a: [ADDRESS] })
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_requestAccounts: accounts }) })
      const input$ = hot<Action>('-r-d', { r: connect, d: { type: 'connection/disconnectRequested', namespace: 'eip155' } })
      const { out$ } = runEpic(scheduler, connectEpic, input$, start(wallet), deps)
      expectObservable(out$).toBe('')
      expectSubscriptions(accounts.subscriptions).toBe('-^-!')
    })
  })

  test('behavior: a missing provider and a malformed answer fail with clear messages', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const deps = marbleDeps(scheduler, { 'dev.bad': marbleProvider({ eth_requestAccounts: cold('(a|)', { a: ['not an address'] }) }) })
      const input$ = hot<Action>('-r-b', { r: connect, b: { ...connect, connectorId: 'dev.bad' } as Action })
      const { out$ } = runEpic(scheduler, connectEpic, input$, start(wallet), deps)
      expectObservable(out$).toBe('-m-i', {
        m: { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'dev.test', error: { message: WALLET_NOT_FOUND_MESSAGE } },
        i: { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'dev.bad', error: { message: 'Invalid wallet response' } },
      })
    })
  })

  test('behavior: an empty account list fails; other namespaces and WalletConnect are left alone', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const wc: ConnectorInfo = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'eip155', installed: true }
      const deps = marbleDeps(scheduler, { 'dev.test': marbleProvider({ eth_requestAccounts: cold('(a|)', { a: [] }) }), walletConnect: marbleProvider({}) })
      const input$ = hot<Action>('-w-s-r', {
        w: { ...connect, connectorId: 'walletConnect' } as Action,
        s: { type: 'connection/connectRequested', namespace: 'solana', connectorId: 'dev.test' },
        r: connect,
      })
      const { out$ } = runEpic(scheduler, connectEpic, input$, start(wallet, wc), deps)
      expectObservable(out$).toBe('-----f', {
        f: { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'dev.test', error: { message: 'The wallet returned no accounts' } },
      })
    })
  })

  test('behavior: empty, never and error sources', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const deps = marbleDeps(scheduler)
      const { state$ } = stateFollowing(start())
      expectObservable(connectEpic(cold<Action>('|'), state$, deps)).toBe('|')
      expectObservable(connectEpic(cold<Action>('-'), state$, deps)).toBe('')
      expectObservable(connectEpic(cold<Action>('--#'), state$, deps)).toBe('--#')
    })
  })
})
