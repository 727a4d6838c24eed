import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState } from '../../../tests/support/state.js'
import { airlockSolanaLocal, mainnet, solanaDevnet } from '../networks.js'
import { announcedWalletEpics } from '../announced/announcedWalletEpics.js'
import { SOLANA_WALLETS } from './solanaEpics.js'

const solanaConnectEpic = announcedWalletEpics(SOLANA_WALLETS).connect
const solanaReconnectEpic = (reconnectTimeoutMs?: number) => announcedWalletEpics(SOLANA_WALLETS, reconnectTimeoutMs === undefined ? {} : { reconnectTimeoutMs }).reconnect
const solanaDisconnectEpic = (disconnectTimeoutMs: number) => announcedWalletEpics(SOLANA_WALLETS, { disconnectTimeoutMs }).disconnect

const ID = 'solana:Test Solana Wallet'
const ADDRESS = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const CAIP = `${airlockSolanaLocal.caipNetworkId}:${ADDRESS}` as const
const wallet: ConnectorInfo = { id: ID, name: 'Test Solana Wallet', type: 'ANNOUNCED', namespace: 'solana', installed: true }
const announced: Action = { type: 'connectors/announced', connector: wallet }
const hydrated: Action = {
  type: 'storage/hydrated',
  backend: 'memory',
  values: { connections: { solana: { connectorId: ID, caipAddress: CAIP } }, connectionStatus: { solana: 'connected' }, connectedConnectorIds: { solana: ID } },
}
const connected: Action = { type: 'connection/accountConnected', namespace: 'solana', caipAddress: CAIP, connectorId: ID, accounts: [CAIP], wallet: { id: ID, name: 'Test Solana Wallet' } }
const chain: Action = { type: 'network/chainChanged', namespace: 'solana', caipNetworkId: airlockSolanaLocal.caipNetworkId }
const failed: Action = { type: 'connection/disconnected', namespace: 'solana', reason: 'reconnectFailed' }
const connect: Action = { type: 'connection/connectRequested', namespace: 'solana', connectorId: ID }
const state = () => initialState({ networks: [mainnet, airlockSolanaLocal, solanaDevnet] })
const state0 = state
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

describe('solanaReconnectEpic', () => {
  test('default: waits for the wallet to register, then confirms silently (standard:connect { silent })', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('-a|', { a: [ADDRESS] }) })
      const { out$ } = runEpic(scheduler, solanaReconnectEpic(), hot('-h 99ms w', { h: hydrated, w: announced }), state(), marbleDeps(scheduler, { [ID]: provider }))
      // On the app's first Solana network (the active one is EVM mainnet).
      expectObservable(out$).toBe('- 100ms -(ab)', { a: connected, b: chain })
      scheduler.schedule(() => expect(provider.params.airlock_connect).toEqual([{ silent: true }]), 200)
    })
  })

  test('behavior: a wallet that never registers, or hangs, or answers no accounts: reconnectFailed after the timeout or at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      expectObservable(runEpic(scheduler, solanaReconnectEpic(5_000), hot('-h', { h: hydrated }), state(), marbleDeps(scheduler)).out$).toBe('- 5000ms f', { f: failed })
      const hang = cold('-')
      const hanging = marbleDeps(scheduler, { [ID]: marbleProvider({ airlock_connect: hang }) })
      expectObservable(runEpic(scheduler, solanaReconnectEpic(5_000), hot('-w 9ms h', { h: hydrated, w: announced }), state(), hanging).out$).toBe('- 10ms 5000ms f', { f: failed })
      expectSubscriptions(hang.subscriptions).toBe('- 10ms ^ 4999ms !')
      const empty = marbleDeps(scheduler, { [ID]: marbleProvider({ airlock_connect: cold('-a|', { a: [] }) }) })
      expectObservable(runEpic(scheduler, solanaReconnectEpic(5_000), hot('-w h', { h: hydrated, w: announced }), state(), empty).out$).toBe('---f', { f: failed })
    })
  })

  test('behavior: a connect by the person meanwhile takes over; a stored WalletConnect session is left to its adapter', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      expectObservable(runEpic(scheduler, solanaReconnectEpic(5_000), hot('-h 9ms c', { h: hydrated, c: connect }), state(), marbleDeps(scheduler)).out$).toBe('')
      const walletConnect: Action = { ...hydrated, values: { ...(hydrated as { values: object }).values, connectedConnectorIds: { solana: 'walletConnect' } } } as Action
      expectObservable(runEpic(scheduler, solanaReconnectEpic(5_000), hot('-h', { h: walletConnect }), state(), marbleDeps(scheduler)).out$).toBe('')
    })
  })
})

describe('solanaConnectEpic', () => {
  test('behavior: one prompt for a double click; a rejection is reported and never retried', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: [cold('--#', undefined, { code: 4001, message: 'User rejected the request.' }), cold('-a|', { a: [ADDRESS] })] })
      const deps = marbleDeps(scheduler, { [ID]: provider })
      // Frames: announced 0, connect 1 (rejected at 3), a second click at 2 (ignored), a retry at 8 (connected at 9).
      const input = hot('w c c 5ms c', { w: announced, c: connect })
      expectObservable(runEpic(scheduler, solanaConnectEpic, input, state(), deps).out$).toBe('---f 5ms (ab)', {
        f: { type: 'connection/connectFailed', namespace: 'solana', connectorId: ID, error: { message: 'User rejected the request.', code: 4001 } },
        a: connected,
        b: chain,
      })
      scheduler.schedule(() => expect(provider.asked).toEqual(['airlock_connect', 'airlock_connect']), 50)
    })
  })

  test('behavior: an EVM connector id or an EVM request is not the Solana adapter\'s', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const evm: Action = { type: 'connection/connectRequested', namespace: 'eip155', connectorId: ID }
      expectObservable(runEpic(scheduler, solanaConnectEpic, hot('w c', { w: announced, c: evm }), state(), marbleDeps(scheduler)).out$).toBe('')
    })
  })
})

describe('solanaDisconnectEpic', () => {
  test('behavior: a wallet whose standard:disconnect hangs is forgotten after the timeout all the same', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('a|', { a: [ADDRESS] }), airlock_disconnect: cold('-') })
      const deps = marbleDeps(scheduler, { [ID]: provider })
      const disconnect: Action = { type: 'connection/disconnectRequested', namespace: 'solana' }
      const { out$ } = runEpic(scheduler, solanaDisconnectEpic(1_000), hot('w(ab) 10ms d', { w: announced, a: connect, b: connected, d: disconnect }), state(), deps)
      // The request lands at frame 15 (the group takes 4 frames); the wallet gets 1 s.
      expectObservable(out$).toBe('15ms 1000ms d', { d: { type: 'connection/disconnected', namespace: 'solana', reason: 'user' } })
    })
  })
})

describe('switchNetwork (announced wallets)', () => {
  const btcPayment = 'bcrt1q4m83unnp9e63kx56n4qf4c8j6w2ky6m3fexmpa'
  const btcId = 'bip122:Unfamiliar BTC'
  const btcConnector: ConnectorInfo = { id: btcId, name: 'Unfamiliar BTC', type: 'ANNOUNCED', namespace: 'bip122', installed: true }

  test('default: a Solana network is the app\'s choice: active at once, the connected account moves with it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const switchTo: Action = { type: 'network/switchRequested', caipNetworkId: solanaDevnet.caipNetworkId }
      const { out$, state } = runEpic(scheduler, announcedWalletEpics(SOLANA_WALLETS).switchNetwork, hot<Action>('(wab) s', { w: announced, a: connected, b: chain, s: switchTo }), state0(), marbleDeps(scheduler))
      expectObservable(out$).toBe('5ms a', { a: { type: 'network/activeChanged', caipNetworkId: solanaDevnet.caipNetworkId } })
      scheduler.schedule(() => expect(state().connection.namespaces.solana?.caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${ADDRESS}`), 10)
    })
  })

  test('behavior: a Bitcoin account cannot move to another address format: Network switch failed, nothing stuck; an unknown network fails too', async () => {
    const { BITCOIN_WALLETS } = await import('../bitcoin/bitcoinEpics.js')
    const { airlockBitcoinRegtest, bitcoin, bitcoinSignet } = await import('../networks.js')
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const caip = `${airlockBitcoinRegtest.caipNetworkId}:${btcPayment}` as const
      const btcConnected: Action = { type: 'connection/accountConnected', namespace: 'bip122', caipAddress: caip, connectorId: btcId, accounts: [caip] }
      const initial = initialState({ networks: [airlockBitcoinRegtest, bitcoin, bitcoinSignet] })
      // Frames: the group takes 0-3, the mainnet request 4, the unknown one 14.
      const input = hot<Action>('(wa) m 9ms x', {
        w: { type: 'connectors/announced', connector: btcConnector },
        a: btcConnected,
        m: { type: 'network/switchRequested', caipNetworkId: bitcoin.caipNetworkId },
        x: { type: 'network/switchRequested', caipNetworkId: 'bip122:000000000000000000000000000000ff' },
      })
      const { out$, state } = runEpic(scheduler, announcedWalletEpics(BITCOIN_WALLETS).switchNetwork, input, initial, marbleDeps(scheduler))
      expectObservable(out$).toBe('4ms (ab) 6ms (cd)', {
        a: { type: 'network/switchFailed', caipNetworkId: bitcoin.caipNetworkId, error: { message: "The wallet's account is not for this network" } },
        b: { type: 'notifications/showRequested', notification: { id: 'id1', variant: 'error', message: 'Network switch failed', description: "The wallet's account is not for this network" } },
        c: { type: 'network/switchFailed', caipNetworkId: 'bip122:000000000000000000000000000000ff', error: { message: 'Network not found' } },
        d: { type: 'notifications/showRequested', notification: { id: 'id2', variant: 'error', message: 'Network switch failed', description: 'Network not found' } },
      })
      scheduler.schedule(() => expect(state().connection.switchingTo).toBeNull(), 50)
    })
  })
})
