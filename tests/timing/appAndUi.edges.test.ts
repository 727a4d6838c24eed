import { NEVER, of } from 'rxjs'
import { describe } from 'vitest'
import type { Action, ConnectorInfo } from '../../core/actions/types.js'
import { disconnectEpic } from '../../core/chains/evm/disconnectEpic.js'
import { reconnectEpic } from '../../core/chains/evm/reconnectEpic.js'
import { airlockDevnet } from '../../core/chains/networks.js'
import {
  API_REQUEST_TIMEOUT_MS,
  API_RETRY_DELAY_MS,
  RECONNECT_TIMEOUT_MS,
  REVOKE_PERMISSIONS_TIMEOUT_MS,
  SHAKE_MS,
  STORAGE_WRITE_BATCH_MS,
  TELEMETRY_ERROR_CAP,
  TELEMETRY_ERROR_WINDOW_MS,
  TOAST_DURATION_MS,
  TOAST_SWAP_DELAY_MS,
} from '../../core/constants/timing.js'
import type { AirlockDeps } from '../../core/deps.js'
import { HttpError } from '../../core/api/errors.js'
import { shakeEpic } from '../../core/slices/modal/shakeEpic.js'
import { notificationsEpic } from '../../core/slices/notifications/notificationsEpic.js'
import { remoteConfigEpic } from '../../core/slices/options/remoteConfigEpic.js'
import { persistenceEpic } from '../../storage/persistenceEpic.js'
import { telemetryEpic } from '../../telemetry/telemetryEpic.js'
import { hangingApi, marbleDeps, marbleProvider } from '../support/epicHarness.js'
import { initialState, reduce } from '../support/state.js'
import { atSettled, runTimeline, timingEdge, typesOf, virtualClock } from '../support/timingEdges.js'

/** SPEC 9's modal, toast, telemetry and app-level timings at both edges, each through the real epic on a virtual clock. */

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CAIP = `eip155:31337:${ADDRESS}` as const
const wallet: ConnectorInfo = { id: 'dev.test', name: 'Test Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'dev.test', uuid: 'u1', installed: true }
const started: Action = { type: 'app/started', environment: { origin: 'https://dapp.example', pageUrl: 'https://dapp.example/', isMobile: false, ssr: false } }
const toast = (id: string): Action => ({ type: 'notifications/showRequested', notification: { id, variant: 'success', message: id } })

describe('modal and toasts (SPEC 4, 9)', () => {
  timingEdge('SHAKE_MS: a shake still runs 499 ms after it started and has ended at 500 ms', {
    constant: SHAKE_MS,
    spec: 500,
    run: (ms) => {
      const clock = virtualClock()
      const opened = reduce(initialState(), { type: 'modal/openRequested' })
      return runTimeline(clock, { epic: shakeEpic(), state: opened, deps: marbleDeps(clock), inputs: [[0, { type: 'modal/shakeRequested' }]], lookAt: ms }).state.modal.shake
    },
    before: true,
    at: false,
  })

  timingEdge('TOAST_SWAP_DELAY_MS: a second toast waits 150 ms after the first closes, then shows', {
    constant: TOAST_SWAP_DELAY_MS,
    spec: 150,
    run: (ms) => {
      const clock = virtualClock()
      const { state } = runTimeline(clock, { epic: notificationsEpic(), state: initialState(), deps: marbleDeps(clock), inputs: [[0, toast('first')], [0, toast('second')]], lookAt: ms })
      return { current: state.notifications.current?.id, open: state.notifications.open }
    },
    before: { current: 'first', open: false },
    at: { current: 'second', open: true },
  })

  timingEdge('TOAST_DURATION_MS: a success toast is still shown 2 499 ms after it opened and hides itself at 2 500 ms', {
    constant: TOAST_DURATION_MS,
    spec: 2_500,
    run: (ms) => {
      const clock = virtualClock()
      return runTimeline(clock, { epic: notificationsEpic(), state: initialState(), deps: marbleDeps(clock), inputs: [[0, toast('only')]], lookAt: ms }).state.notifications.open
    },
    before: true,
    at: false,
  })
})

describe('telemetry cap (SPEC 9: 5 errors per 60 s)', () => {
  const boom = (n: number): Action => ({ type: 'telemetry/errorCaptured', errorType: 'Test', error: { message: `boom ${n}` } })
  /** Errors at the given times; returns how many were POSTed to /e. */
  const sent = (times: number[]) => {
    const clock = virtualClock()
    let posts = 0
    // Answers at once (a thenable), so no send waits in the queue of two in flight.
    const post = () => ((posts += 1), { then: (resolve: (value: unknown) => void) => resolve(undefined) })
    const analytics = { baseUrl: 'https://pulse.example', post }
    const deps = { ...marbleDeps(clock), http: { api: analytics, blockchain: analytics, analytics } } as unknown as AirlockDeps
    const state = reduce(initialState({ projectId: 'p1' }), started)
    runTimeline(clock, { epic: telemetryEpic, state, deps, inputs: times.map((ms, i) => [ms, boom(i + 1)] as const) })
    return posts
  }

  timingEdge('TELEMETRY_ERROR_WINDOW_MS: after 5 errors at 0 ms, a 6th at 59 999 ms is dropped; at 60 000 ms it is sent', {
    constant: TELEMETRY_ERROR_WINDOW_MS,
    spec: 60_000,
    run: (ms) => sent([0, 0, 0, 0, 0, ms]),
    before: 5,
    at: 6,
  })

  timingEdge('TELEMETRY_ERROR_CAP (a count, not ms: errors already sent in the window): after 4 errors the next is sent; after 5 it is dropped', {
    constant: TELEMETRY_ERROR_CAP,
    spec: 5,
    // `n` errors at 0 ms, then one more at 1 ms: is it sent?
    run: (n) => sent([...Array.from({ length: n }, () => 0), 1]) === n + 1,
    before: true,
    at: false,
  })
})

describe('start-up, reconnect and disconnect (our choices next to SPEC 9)', () => {
  timingEdge('STORAGE_WRITE_BATCH_MS: a change is written 50 ms later, batched with what follows meanwhile', {
    constant: STORAGE_WRITE_BATCH_MS,
    spec: 50,
    run: (ms) => {
      const clock = virtualClock()
      const saves: number[] = []
      const storage = { backend: 'memory', save: () => (saves.push(clock.now()), Promise.resolve()) }
      const deps = { ...marbleDeps(clock), storage, window: undefined } as unknown as AirlockDeps
      runTimeline(clock, {
        epic: persistenceEpic,
        state: initialState({ networks: [airlockDevnet] }),
        deps,
        inputs: [
          [0, { type: 'storage/hydrated', values: {}, backend: 'memory' }],
          [0, { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'dev.test' }],
        ],
        lookAt: ms,
      })
      return saves
    },
    before: [],
    at: [50],
  })

  timingEdge('RECONNECT_TIMEOUT_MS: a stored wallet that announces itself 4 999 ms after the reload is reconnected; at 5 000 ms the page has given up', {
    constant: RECONNECT_TIMEOUT_MS,
    spec: 5_000,
    run: (ms) => {
      const clock = virtualClock()
      const provider = marbleProvider({ eth_accounts: of([ADDRESS]), eth_chainId: of('0x7a69') })
      const hydrated: Action = {
        type: 'storage/hydrated',
        backend: 'memory',
        values: { connections: { eip155: { connectorId: 'dev.test', caipAddress: CAIP } }, connectionStatus: { eip155: 'connected' }, connectedConnectorIds: { eip155: 'dev.test' } },
      }
      const { state } = runTimeline(clock, {
        epic: reconnectEpic(),
        state: initialState({ networks: [airlockDevnet] }),
        deps: marbleDeps(clock, { 'dev.test': provider }),
        inputs: [
          [0, hydrated],
          [ms, { type: 'connectors/announced', connector: wallet }],
        ],
      })
      return state.connection.namespaces.eip155?.status
    },
    before: 'connected',
    at: 'disconnected',
  })

  timingEdge('REVOKE_PERMISSIONS_TIMEOUT_MS: disconnect waits 1 000 ms for a wallet that never answers wallet_revokePermissions', {
    constant: REVOKE_PERMISSIONS_TIMEOUT_MS,
    spec: 1_000,
    run: (ms) => {
      const clock = virtualClock()
      const connected = reduce(initialState({ networks: [airlockDevnet] }), { type: 'connectors/announced', connector: wallet }, { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'dev.test' })
      const deps = marbleDeps(clock, { 'dev.test': marbleProvider({ wallet_revokePermissions: NEVER }) })
      const { out } = runTimeline(clock, { epic: disconnectEpic(), state: connected, deps, inputs: [[0, { type: 'connection/disconnectRequested', namespace: 'eip155' }]], lookAt: ms })
      return typesOf(out)
    },
    before: [],
    at: ['connection/disconnected'],
  })

  timingEdge('API_REQUEST_TIMEOUT_MS (= RPC_TIMEOUT_MS): a project config that never answers fails 10 000 ms after it was asked', {
    constant: API_REQUEST_TIMEOUT_MS,
    spec: 10_000,
    run: (ms) => {
      const clock = virtualClock()
      const { deps } = hangingApi(clock)
      const hydrated = reduce(initialState({ projectId: 'p' }), { type: 'storage/hydrated', values: {}, backend: 'memory' })
      return typesOf(runTimeline(clock, { epic: remoteConfigEpic, state: hydrated, deps, inputs: [[0, started]], lookAt: ms }).out)
    },
    before: ['options/remoteConfigRequested'],
    at: ['options/remoteConfigRequested', 'options/remoteConfigFailed'],
  })

  timingEdge('API_REQUEST_TIMEOUT_MS − the 1 s retry delay: a transient failure at 8 999 ms is retried; at 9 000 ms the retry would start when the budget ends, so the error is reported at once', {
    constant: API_REQUEST_TIMEOUT_MS - API_RETRY_DELAY_MS,
    spec: 10_000 - 1_000,
    run: (ms) => {
      const clock = virtualClock()
      const asked: number[] = []
      // The first request fails with a 503 `ms` after it was made (inside virtual time); a retry hangs.
      const get = ({ path }: { path: string }) => {
        asked.push(clock.now())
        return asked.length > 1 ? { then: () => undefined } : { then: (_ok: unknown, fail: (error: unknown) => void) => atSettled(clock, clock.now() + ms, () => fail(new HttpError(503, { method: 'GET', url: path }))) }
      }
      const api = { baseUrl: 'https://api.example', get }
      const deps = { ...marbleDeps(clock), http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
      const hydrated = reduce(initialState({ projectId: 'p' }), { type: 'storage/hydrated', values: {}, backend: 'memory' })
      const { out } = runTimeline(clock, { epic: remoteConfigEpic, state: hydrated, deps, inputs: [[0, started]] })
      return { asked, failed: out.flatMap(({ ms: at, action: a }) => (a.type === 'options/remoteConfigFailed' ? [at] : [])) }
    },
    before: { asked: [0, 9_999], failed: [10_000] },
    at: { asked: [0], failed: [9_000] },
  })

  timingEdge('API_RETRY_DELAY_MS: a project config that fails with a 503 at 0 ms is not asked again at 999 ms; at 1 000 ms it is', {
    constant: API_RETRY_DELAY_MS,
    spec: 1_000,
    run: (ms) => {
      const clock = virtualClock()
      const asked: number[] = []
      // The first request fails at once (a transient 503); the retry hangs.
      const get = ({ path }: { path: string }) => {
        asked.push(clock.now())
        return asked.length > 1 ? { then: () => undefined } : { then: (_ok: unknown, fail: (error: unknown) => void) => atSettled(clock, clock.now(), () => fail(new HttpError(503, { method: 'GET', url: path }))) }
      }
      const api = { baseUrl: 'https://api.example', get }
      const deps = { ...marbleDeps(clock), http: { api, blockchain: api, analytics: api } } as unknown as AirlockDeps
      const hydrated = reduce(initialState({ projectId: 'p' }), { type: 'storage/hydrated', values: {}, backend: 'memory' })
      runTimeline(clock, { epic: remoteConfigEpic, state: hydrated, deps, inputs: [[0, started]], lookAt: ms })
      return asked
    },
    before: [0],
    at: [0, 1_000],
  })
})
