import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../../tests/support/state.js'
import { airlockDevnet, airlockDevnet2 } from '../networks.js'
import { providerEventsEpic } from './providerEventsEpic.js'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const announce = (id: string): Action => ({
  type: 'connectors/announced',
  connector: { id, name: id, type: 'ANNOUNCED', namespace: 'eip155', rdns: id, uuid: id, installed: true } satisfies ConnectorInfo,
})
const connect = (connectorId: string): Action => ({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:31337:${A}`, connectorId })
const connected = () => reduce(initialState({ networks: [airlockDevnet, airlockDevnet2] }), announce('dev.x'), announce('dev.y'), connect('dev.x'))
const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** A provider with real listeners, driven by the test. */
function emitter(): Eip1193Provider & { emit(event: string, payload?: unknown): void; count(): number } {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    request: async () => null,
    on: (event, listener) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(listener),
    removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
    emit: (event, payload) => [...(listeners.get(event) ?? [])].forEach((listener) => listener(payload)),
    count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  }
}

describe('providerEventsEpic', () => {
  test('default: account and chain changes of the connected wallet become actions; malformed payloads are dropped', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const x = emitter()
      const { out$ } = runEpic(scheduler, providerEventsEpic, hot<Action>('-'), connected(), marbleDeps(scheduler, { 'dev.x': x }))
      scheduler.schedule(() => x.emit('accountsChanged', [B.toLowerCase(), A]), 1)
      scheduler.schedule(() => x.emit('accountsChanged', [B, A]), 2)
      scheduler.schedule(() => x.emit('accountsChanged', ['0xnope']), 3)
      scheduler.schedule(() => x.emit('chainChanged', 'not hex'), 4)
      scheduler.schedule(() => x.emit('chainChanged', '0x7a6a'), 5)
      expectObservable(out$).toBe('-a---c', {
        a: { type: 'connection/accountsChanged', namespace: 'eip155', accounts: [`eip155:31337:${B}`, `eip155:31337:${A}`] },
        c: { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:31338' },
      })
    })
  })

  test('behavior: no accounts left or a disconnect event: disconnected by the wallet, listeners removed', () => {
    for (const [event, payload] of [['accountsChanged', []], ['disconnect', { code: 4900, message: 'gone' }]] as const) {
      const scheduler = newScheduler()
      const x = emitter()
      scheduler.run(({ hot, expectObservable }) => {
        const { out$ } = runEpic(scheduler, providerEventsEpic, hot<Action>('-'), connected(), marbleDeps(scheduler, { 'dev.x': x }))
        scheduler.schedule(() => x.emit(event, payload), 2)
        expectObservable(out$).toBe('--d', { d: { type: 'connection/disconnected', namespace: 'eip155', reason: 'wallet' } })
      })
      expect(x.count()).toBe(0)
    }
  })

  test('behavior: listeners follow the connector and stop on a disconnect request', () => {
    const scheduler = newScheduler()
    const x = emitter()
    const y = emitter()
    scheduler.run(({ hot, expectObservable }) => {
      const input$ = hot<Action>('-y-d', { y: connect('dev.y'), d: { type: 'connection/disconnectRequested', namespace: 'eip155' } })
      const { out$ } = runEpic(scheduler, providerEventsEpic, input$, connected(), marbleDeps(scheduler, { 'dev.x': x, 'dev.y': y }))
      expectObservable(out$).toBe('')
      scheduler.schedule(() => expect([x.count(), y.count()]).toEqual([3, 0]), 0)
      scheduler.schedule(() => expect([x.count(), y.count()]).toEqual([0, 3]), 2)
      // After a disconnect request, the wallet's own accountsChanged([]) is not a second disconnect.
      scheduler.schedule(() => y.emit('accountsChanged', []), 4)
    })
    expect(y.count()).toBe(0)
  })

  test('behavior: nothing is subscribed while not connected', () => {
    const scheduler = newScheduler()
    const x = emitter()
    scheduler.run(({ cold, expectObservable }) => {
      const { state$ } = stateFollowing(reduce(initialState(), announce('dev.x')))
      expectObservable(providerEventsEpic(cold<Action>('|'), state$, marbleDeps(scheduler, { 'dev.x': x }))).toBe('')
    })
    expect(x.count()).toBe(0)
  })
})
