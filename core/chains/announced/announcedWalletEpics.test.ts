import { ignoreElements, merge } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { selectNetworks } from '../../slices/network/selectors.js'
import { marbleDeps, marbleProvider, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { airlockSolanaLocal, mainnet, solanaDevnet } from '../networks.js'
import type { CaipNetworkId } from '../types.js'
import {
  announcedConnectedActions,
  announcedWalletEpics,
  isAnnouncedConnector,
  NO_ACCOUNTS_MESSAGE,
  WALLET_NOT_FOUND_MESSAGE,
  type AnnouncedWalletSpec,
} from './announcedWalletEpics.js'

const ID = 'solana:Test Solana Wallet'
const ADDRESS = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const OTHER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const CHAIN = airlockSolanaLocal.caipNetworkId
const CAIP = `${CHAIN}:${ADDRESS}` as const
const wallet: ConnectorInfo = { id: ID, name: 'Test Solana Wallet', type: 'ANNOUNCED', namespace: 'solana', installed: true }
const announced: Action = { type: 'connectors/announced', connector: wallet }
const connected: Action = { type: 'connection/accountConnected', namespace: 'solana', caipAddress: CAIP, connectorId: ID, accounts: [CAIP], wallet: { id: ID, name: 'Test Solana Wallet' } }
const chain: Action = { type: 'network/chainChanged', namespace: 'solana', caipNetworkId: CHAIN }
// A WalletConnect session on Solana: not an announced wallet, so never this adapter's.
const wcConnected: Action = { type: 'connection/accountConnected', namespace: 'solana', caipAddress: CAIP, connectorId: 'walletConnect', accounts: [CAIP] }
const connect: Action = { type: 'connection/connectRequested', namespace: 'solana', connectorId: ID }
const disconnect: Action = { type: 'connection/disconnectRequested', namespace: 'solana' }
const hydrated: Action = {
  type: 'storage/hydrated',
  backend: 'memory',
  values: { connections: { solana: { connectorId: ID, caipAddress: CAIP } }, connectionStatus: { solana: 'connected' }, connectedConnectorIds: { solana: ID } },
}
const emptyHydrated: Action = { type: 'storage/hydrated', backend: 'memory', values: {} }
const reconnectFailed: Action = { type: 'connection/disconnected', namespace: 'solana', reason: 'reconnectFailed' }
const userDisconnected: Action = { type: 'connection/disconnected', namespace: 'solana', reason: 'user' }
const state = () => initialState({ networks: [mainnet, airlockSolanaLocal, solanaDevnet] })
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** Accounts live on the app's first Solana network; `accepts` answers `accepting` and records the address asked about. */
function testSpec(accepting = true): AnnouncedWalletSpec & { asked: string[] } {
  const asked: string[] = []
  return {
    namespace: 'solana',
    asked,
    network: (s) => selectNetworks(s, 'solana')[0],
    accepts: (_network, address) => {
      asked.push(address)
      return accepting
    },
  }
}
const epics = (spec: AnnouncedWalletSpec = testSpec()) => announcedWalletEpics(spec, { reconnectTimeoutMs: 1_000, disconnectTimeoutMs: 1_000 })

/** The events epic reads only state$: this keeps action$ (and so the reducer behind state$) running, as the store does. */
const listening =
  (epic: Epic<Action, AirlockState, AirlockDeps>): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    merge(action$.pipe(ignoreElements()), epic(action$, state$, deps))

/** A wallet that emits `accountsChanged` when told to, and records its listeners coming and going. */
function eventProvider({ removable = true } = {}) {
  const listeners = new Set<(...args: unknown[]) => void>()
  const calls: string[] = []
  const provider: Eip1193Provider = {
    request: () => Promise.reject(new Error('unexpected request')),
    on: (event, listener) => {
      calls.push(`on ${event}`)
      if (event === 'accountsChanged') listeners.add(listener)
    },
    ...(removable
      ? {
          removeListener: (event: string, listener: (...args: unknown[]) => void) => {
            calls.push(`off ${event}`)
            if (event === 'accountsChanged') listeners.delete(listener)
          },
        }
      : {}),
  }
  return { provider, calls, listeners, emit: (payload: unknown) => [...listeners].forEach((l) => l(payload)) }
}

describe('isAnnouncedConnector', () => {
  test('behavior: only a wallet of the namespace that announced itself; WalletConnect of the same namespace is not', () => {
    const wc: ConnectorInfo = { id: 'solana:wc', name: 'WC', type: 'WALLET_CONNECT', namespace: 'solana', installed: true }
    const s = reduce(state(), announced, { type: 'connectors/announced', connector: wc })
    expect(isAnnouncedConnector(s, 'solana', ID)).toBe(true)
    expect(isAnnouncedConnector(s, 'solana', 'solana:wc')).toBe(false)
    expect(isAnnouncedConnector(s, 'bip122', ID)).toBe(false)
    expect(isAnnouncedConnector(s, 'solana', 'solana:unknown')).toBe(false)
  })
})

describe('announcedConnectedActions', () => {
  test('behavior: no network fits the accounts: no actions (never an account on an undefined network)', () => {
    const spec: AnnouncedWalletSpec = { namespace: 'solana', network: () => undefined, accepts: () => true }
    expect(announcedConnectedActions(spec, state(), ID, [ADDRESS])).toEqual([])
    expect(announcedConnectedActions(testSpec(), state(), ID, [])).toEqual([])
  })

  test('behavior: a wallet the page no longer lists is named by its connector id', () => {
    expect(announcedConnectedActions(testSpec(), state(), ID, [ADDRESS, OTHER])).toEqual([
      { type: 'connection/accountConnected', namespace: 'solana', caipAddress: CAIP, connectorId: ID, accounts: [CAIP, `${CHAIN}:${OTHER}`], wallet: { id: ID, name: ID } },
      chain,
    ])
  })
})

describe('connect', () => {
  test('behavior: asks with a prompt (no silent flag) and reports the accounts', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('-a|', { a: [ADDRESS] }) })
      expectObservable(runEpic(scheduler, epics().connect, hot('w c', { w: announced, c: connect }), state(), marbleDeps(scheduler, { [ID]: provider })).out$).toBe('--(ab)', { a: connected, b: chain })
      scheduler.schedule(() => expect(provider.params.airlock_connect).toEqual([{}]), 10)
    })
  })

  test.each([
    ['an announced wallet whose provider is gone', undefined, WALLET_NOT_FOUND_MESSAGE],
    ['a wallet that answers no accounts', [], NO_ACCOUNTS_MESSAGE],
  ])('behavior: %s: connectFailed with the exact message', (_name, accounts, message) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const providers: Record<string, Eip1193Provider> = accounts ? { [ID]: marbleProvider({ airlock_connect: cold('-a|', { a: accounts }) }) } : {}
      const { out$ } = runEpic(scheduler, epics().connect, hot('w c', { w: announced, c: connect }), state(), marbleDeps(scheduler, providers))
      expectObservable(out$).toBe(accounts ? '--f' : '-f', { f: { type: 'connection/connectFailed', namespace: 'solana', connectorId: ID, error: { message } } })
    })
  })

  test('behavior: a failure that says nothing is reported as Connection failed', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('-#', undefined, {}) })
      const { out$ } = runEpic(scheduler, epics().connect, hot('w c', { w: announced, c: connect }), state(), marbleDeps(scheduler, { [ID]: provider }))
      expectObservable(out$).toBe('--f', { f: { type: 'connection/connectFailed', namespace: 'solana', connectorId: ID, error: { message: 'Connection failed' } } })
    })
  })

  test('behavior: a disconnect while the wallet is asked abandons the request; one of another namespace does not', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('---a|', { a: [ADDRESS] })
      const provider = marbleProvider({ airlock_connect: answer })
      const evmDisconnect: Action = { type: 'connection/disconnectRequested', namespace: 'eip155' }
      // Frames: connect 1, an EVM disconnect 2 (ignored), the Solana disconnect 3; the answer would come at 4.
      const { out$ } = runEpic(scheduler, epics().connect, hot('w c e d', { w: announced, c: connect, e: evmDisconnect, d: disconnect }), state(), marbleDeps(scheduler, { [ID]: provider }))
      expectObservable(out$).toBe('')
      expectSubscriptions(answer.subscriptions).toBe('-^-!')
    })
  })
})

describe('reconnect', () => {
  test.each([
    ['no stored connection of the namespace', [emptyHydrated]],
    ['a connect under way (no cached address)', [connect, emptyHydrated]],
    ['a connection already confirmed', [connected, hydrated]],
  ])('behavior: %s: nothing to confirm, the wallet is not asked', (_name, actions) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('-a|', { a: [ADDRESS] }) })
      const input = hot<Action>('w 9ms (xy)', { w: announced, x: actions[0]!, y: actions[1] ?? actions[0]! })
      const { out$ } = runEpic(scheduler, epics().reconnect, input, state(), marbleDeps(scheduler, { [ID]: provider }))
      expectObservable(out$).toBe('')
      scheduler.schedule(() => expect(provider.asked).toEqual([]), 2_000)
    })
  })

  test('default: once the wallet announces itself it is asked silently, and the stored connection is confirmed', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('-a|', { a: [ADDRESS] }) })
      const { out$ } = runEpic(scheduler, epics().reconnect, hot('h 9ms w', { h: hydrated, w: announced }), state(), marbleDeps(scheduler, { [ID]: provider }))
      expectObservable(out$).toBe('11ms (ab)', { a: connected, b: chain })
      scheduler.schedule(() => expect(provider.params.airlock_connect).toEqual([{ silent: true }]), 20)
    })
  })

  test('behavior: the wallet refusing the silent request: reconnectFailed at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_connect: cold('-#', undefined, { code: 4001, message: 'no' }) })
      const { out$ } = runEpic(scheduler, epics().reconnect, hot('w h', { w: announced, h: hydrated }), state(), marbleDeps(scheduler, { [ID]: provider }))
      expectObservable(out$).toBe('--f', { f: reconnectFailed })
    })
  })

  test('behavior: a disconnect while waiting for the wallet ends the wait (no reconnectFailed later)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, epics().reconnect, hot('h 9ms d', { h: hydrated, d: disconnect }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('')
    })
  })
})

describe('events', () => {
  test('behavior: accountsChanged: other accounts on the connection\'s network; the same ones or a non-list: nothing; none left: disconnected (wallet)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const wallet = eventProvider()
      const { out$ } = runEpic(scheduler, listening(epics().events), hot('(wa)', { w: announced, a: connected }), state(), marbleDeps(scheduler, { [ID]: wallet.provider }))
      scheduler.schedule(() => wallet.emit([OTHER, ADDRESS]), 5)
      scheduler.schedule(() => wallet.emit([OTHER, ADDRESS]), 10)
      // Not an array, though it has a length.
      scheduler.schedule(() => wallet.emit({ length: 0 }), 15)
      scheduler.schedule(() => wallet.emit([]), 20)
      expectObservable(out$).toBe('5ms a 14ms d', {
        a: { type: 'connection/accountsChanged', namespace: 'solana', accounts: [`${CHAIN}:${OTHER}`, CAIP] },
        d: { type: 'connection/disconnected', namespace: 'solana', reason: 'wallet' },
      })
      // Disconnected: the listener is let go.
      scheduler.schedule(() => expect([wallet.calls, wallet.listeners.size]).toEqual([['on accountsChanged', 'off accountsChanged'], 0]), 30)
    })
  })

  test('behavior: a disconnect requested lets the wallet\'s listener go at once: later events are not reported', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const wallet = eventProvider()
      // Frames: the group takes 0-3, the disconnect request 8.
      const { out$ } = runEpic(scheduler, listening(epics().events), hot('(wa) 4ms d', { w: announced, a: connected, d: disconnect }), state(), marbleDeps(scheduler, { [ID]: wallet.provider }))
      scheduler.schedule(() => expect([wallet.calls, wallet.listeners.size]).toEqual([['on accountsChanged', 'off accountsChanged'], 0]), 9)
      scheduler.schedule(() => wallet.emit([OTHER]), 10)
      expectObservable(out$).toBe('')
    })
  })

  test('behavior: a wallet without removeListener is let go without an error (the epic keeps running)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const wallet = eventProvider({ removable: false })
      const { out$ } = runEpic(scheduler, listening(epics().events), hot('(wa)', { w: announced, a: connected }), state(), marbleDeps(scheduler, { [ID]: wallet.provider }))
      // No accounts left: disconnected, so the listener is let go (here: nothing to call).
      scheduler.schedule(() => wallet.emit([]), 5)
      expectObservable(out$).toBe('5ms d', { d: { type: 'connection/disconnected', namespace: 'solana', reason: 'wallet' } })
      scheduler.schedule(() => expect(wallet.calls).toEqual(['on accountsChanged']), 10)
    })
  })

  test.each([
    ['nothing connected', [announced]],
    ['a connect still under way', [announced, connect]],
    ['a WalletConnect session of the namespace', [announced, wcConnected]],
  ])('behavior: %s: no wallet is listened to', (_name, actions) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const ours = eventProvider()
      const wc = eventProvider()
      const input = hot<Action>('(ab)', { a: actions[0]!, b: actions[1] ?? actions[0]! })
      const { out$ } = runEpic(scheduler, listening(epics().events), input, state(), marbleDeps(scheduler, { [ID]: ours.provider, walletConnect: wc.provider }))
      expectObservable(out$).toBe('')
      scheduler.schedule(() => expect([ours.calls, wc.calls]).toEqual([[], []]), 5)
    })
  })
})

describe('disconnect', () => {
  test('default: the wallet is told (on the next turn), then disconnected (user)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_disconnect: cold('--a|', { a: null }) })
      const { out$ } = runEpic(scheduler, epics().disconnect, hot('(wa) 4ms d', { w: announced, a: connected, d: disconnect }), state(), marbleDeps(scheduler, { [ID]: provider }))
      // The request goes out at frame 8 (the disconnect), answered at 11.
      expectObservable(out$).toBe('11ms u', { u: userDisconnected })
      scheduler.schedule(() => expect(provider.asked).toEqual(['airlock_disconnect']), 20)
    })
  })

  test.each([
    ['nothing connected in the namespace', [announced]],
    ['a WalletConnect session (closed by its own adapter)', [announced, wcConnected]],
    ['a disconnect of another namespace', [announced, connected]],
  ])('behavior: %s: nothing', (name, actions) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, cold, expectObservable }) => {
      const provider = marbleProvider({ airlock_disconnect: cold('a|', { a: null }) })
      const request: Action = name.includes('another') ? { type: 'connection/disconnectRequested', namespace: 'eip155' } : disconnect
      const input = hot<Action>('(ab) d', { a: actions[0]!, b: actions[1] ?? actions[0]!, d: request })
      const { out$ } = runEpic(scheduler, epics().disconnect, input, state(), marbleDeps(scheduler, { [ID]: provider, walletConnect: provider }))
      expectObservable(out$).toBe('')
      scheduler.schedule(() => expect(provider.asked).toEqual([]), 10)
    })
  })

  test('behavior: a stored wallet that never announced itself again is forgotten at once', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, epics().disconnect, hot('h d', { h: hydrated, d: disconnect }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('-u', { u: userDisconnected })
    })
  })
})

describe('switchNetwork', () => {
  const switchTo = (caipNetworkId: CaipNetworkId): Action => ({ type: 'network/switchRequested', caipNetworkId })
  const active: Action = { type: 'network/activeChanged', caipNetworkId: solanaDevnet.caipNetworkId }

  test('behavior: a network of another namespace is not this adapter\'s', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, epics().switchNetwork, hot('s', { s: switchTo(mainnet.caipNetworkId) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('')
    })
  })

  test('behavior: the connected account is asked about by its bare address, and moves with the network', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const spec = testSpec()
      const { out$ } = runEpic(scheduler, epics(spec).switchNetwork, hot('(wa) s', { w: announced, a: connected, s: switchTo(solanaDevnet.caipNetworkId) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('4ms a', { a: active })
      scheduler.schedule(() => expect(spec.asked).toEqual([ADDRESS]), 10)
    })
  })

  test.each([
    ['nothing connected', [announced]],
    ['a stored connection not yet confirmed (connecting)', [announced, hydrated]],
  ])('behavior: %s: active at once, no account is checked', (_name, actions) => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const spec = testSpec(false)
      const input = hot<Action>('(ab) s', { a: actions[0]!, b: actions[1] ?? actions[0]!, s: switchTo(solanaDevnet.caipNetworkId) })
      expectObservable(runEpic(scheduler, epics(spec).switchNetwork, input, state(), marbleDeps(scheduler)).out$).toBe('4ms a', { a: active })
      scheduler.schedule(() => expect(spec.asked).toEqual([]), 10)
    })
  })

  test('behavior: a WalletConnect session switches through its own adapter', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { out$ } = runEpic(scheduler, epics().switchNetwork, hot('a s', { a: wcConnected, s: switchTo(solanaDevnet.caipNetworkId) }), state(), marbleDeps(scheduler))
      expectObservable(out$).toBe('')
    })
  })
})
