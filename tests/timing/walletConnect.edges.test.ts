import { merge } from 'rxjs'
import { describe } from 'vitest'
import type { Action } from '../../core/actions/types.js'
import { airlockDevnet } from '../../core/chains/networks.js'
import {
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  RELAY_UNREACHABLE_AFTER_MS,
  WALLET_CONNECT_DISCONNECT_TIMEOUT_MS,
  WALLET_CONNECT_PREWARM_DELAY_MS,
  WALLET_CONNECT_RELAY_GRACE_MS,
  WALLET_CONNECT_RESTORE_TIMEOUT_MS,
  WALLET_CONNECT_URI_TIMEOUT_MS,
} from '../../core/constants/timing.js'
import type { SessionHolder } from '../../core/connectors/walletConnect/createSessionHolder.js'
import { disconnectEpic, prewarmEpic, restoreEpic } from '../../core/connectors/walletConnect/lifecycleEpics.js'
import { pairEpic } from '../../core/connectors/walletConnect/pairEpic.js'
import { pairingExpiryEpic } from '../../core/connectors/walletConnect/pairingExpiryEpic.js'
import { relayStatusEpic, RELAYER_CONNECT } from '../../core/connectors/walletConnect/relayStatusEpic.js'
import { relayWatchdogEpic } from '../../core/connectors/walletConnect/relayWatchdogEpic.js'
import type { AirlockDeps } from '../../core/deps.js'
import type { AirlockState } from '../../core/state.js'
import type { Epic } from '../../core/store/types.js'
import { createSecretBox } from '../../core/store/secretBox.js'
import { marbleDeps } from '../support/epicHarness.js'
import { initialState, reduce } from '../support/state.js'
import { runTimeline, timingEdge, typesOf, virtualClock } from '../support/timingEdges.js'

/**
 * The WalletConnect connector's timings at both edges: the real epics with a session holder
 * double in place of the SDK (its promises answer synchronously, or never, so virtual time rules).
 */

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CAIP = `eip155:31337:${ADDRESS}` as const
const uriNo = (n: number) => `wc:${n.toString(16).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
/** A promise-like that answers at once (inside the epic's own call), or one that never does. */
const now = <T>(value: T) => ({ then: (resolve: (value: T) => void) => (resolve(value), now(value)) }) as unknown as Promise<T>
const never = <T>() => new Promise<T>(() => undefined)

/** A session holder whose pairings give their URI at once (or never) and are never approved; `made` records each pairing asked for. */
function fakeHolder({ uri = true, current }: { uri?: boolean; current?: unknown } = {}) {
  const made: { at: number; fresh: boolean }[] = []
  const holder = {
    pairing: ({ now: at, fresh = false }: { now: number; fresh?: boolean }) => {
      made.push({ at, fresh })
      return { uri: uri ? now(uriNo(made.length)) : never<string>(), settled: never(), createdAt: at }
    },
    provider: () => never(),
    current: () => current,
  } as unknown as SessionHolder
  return { holder, made }
}

const depsFor = (clock: ReturnType<typeof virtualClock>): AirlockDeps => ({ ...marbleDeps(clock), secrets: createSecretBox(() => 'ref') }) as unknown as AirlockDeps
const state = () => initialState({ networks: [airlockDevnet] })
/** A page whose stored WalletConnect connection is being restored (or is live, once settled). */
const hydratedWithWalletConnect: Action = {
  type: 'storage/hydrated',
  backend: 'memory',
  values: { connections: { eip155: { connectorId: 'walletConnect', caipAddress: CAIP } }, connectionStatus: { eip155: 'connected' }, connectedConnectorIds: { eip155: 'walletConnect' } },
}

describe('WalletConnect pairing (SPEC 4, 9)', () => {
  timingEdge('PAIRING_LIFETIME_MS − PAIRING_EXPIRY_MARGIN_MS: a pairing URI made at 0 ms is still shown at 229 999 ms and replaced by a fresh one at 230 000 ms (4 min, 10 s early)', {
    constant: PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS,
    spec: 240_000 - 10_000,
    run: (ms) => {
      const clock = virtualClock()
      const { holder, made } = fakeHolder()
      const epic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => merge(pairEpic(holder)(action$, state$, deps), pairingExpiryEpic()(action$, state$, deps))
      const { out } = runTimeline(clock, { epic, state: state(), deps: depsFor(clock), inputs: [[0, { type: 'walletConnect/connectRequested' }]], lookAt: ms })
      return { expiresAt: out.flatMap(({ action: a }) => (a.type === 'walletConnect/uriReceived' ? [a.expiresAt] : [])), fresh: made.filter((m) => m.fresh).length }
    },
    // The URI says it lives 4 minutes; the epic replaces it 10 s before that.
    before: { expiresAt: [240_000], fresh: 0 },
    at: { expiresAt: [240_000, 470_000], fresh: 1 },
  })

  timingEdge('WALLET_CONNECT_URI_TIMEOUT_MS: a pairing whose URI has not come 15 000 ms after the click fails with "Try again"', {
    constant: WALLET_CONNECT_URI_TIMEOUT_MS,
    spec: 15_000,
    run: (ms) => {
      const clock = virtualClock()
      const { holder } = fakeHolder({ uri: false })
      return typesOf(runTimeline(clock, { epic: pairEpic(holder), state: state(), deps: depsFor(clock), inputs: [[0, { type: 'walletConnect/connectRequested' }]], lookAt: ms }).out)
    },
    before: [],
    at: ['walletConnect/connectFailed'],
  })

  timingEdge('WALLET_CONNECT_PREWARM_DELAY_MS: the pairing made ahead is asked for 300 ms after the modal opens, not before', {
    constant: WALLET_CONNECT_PREWARM_DELAY_MS,
    spec: 300,
    run: (ms) => {
      const clock = virtualClock()
      const { holder, made } = fakeHolder()
      runTimeline(clock, { epic: prewarmEpic(holder), state: state(), deps: depsFor(clock), inputs: [[0, { type: 'modal/openRequested' }]], lookAt: ms })
      return made.map((m) => m.at)
    },
    before: [],
    at: [300],
  })
})

describe('WalletConnect session (our choices next to SPEC 9)', () => {
  timingEdge('WALLET_CONNECT_RESTORE_TIMEOUT_MS: a stored session the SDK has not restored 10 000 ms after the reload shows disconnected', {
    constant: WALLET_CONNECT_RESTORE_TIMEOUT_MS,
    spec: 10_000,
    run: (ms) => {
      const clock = virtualClock()
      const { holder } = fakeHolder()
      const { state: after } = runTimeline(clock, { epic: restoreEpic(holder), state: state(), deps: depsFor(clock), inputs: [[0, hydratedWithWalletConnect]], lookAt: ms })
      return after.connection.namespaces.eip155?.status
    },
    before: 'connecting',
    at: 'disconnected',
  })

  timingEdge('WALLET_CONNECT_RELAY_GRACE_MS: a relay socket that opens 2 999 ms into a live session never shows "Reconnecting…"; still closed at 3 000 ms, it does', {
    constant: WALLET_CONNECT_RELAY_GRACE_MS,
    spec: 3_000,
    run: (ms) => {
      const clock = virtualClock()
      const listeners = new Map<string, () => void>()
      const relayer = { connected: false, on: (name: string, fn: () => void) => void listeners.set(name, fn), off: (name: string) => void listeners.delete(name) }
      const { holder } = fakeHolder({ current: { client: { core: { relayer } } } })
      const live = reduce(state(), { type: 'walletConnect/sessionSettled', peer: { name: 'W' }, accounts: [], restored: true })
      const open = () => {
        relayer.connected = true
        listeners.get(RELAYER_CONNECT)?.()
      }
      const { out } = runTimeline(clock, { epic: relayStatusEpic(holder), state: live, deps: depsFor(clock), calls: [[ms, open]], lookAt: ms })
      return typesOf(out)
    },
    before: [],
    at: ['walletConnect/relayDisconnected', 'walletConnect/relayReconnected'],
  })

  timingEdge('WALLET_CONNECT_DISCONNECT_TIMEOUT_MS: disconnect waits 3 000 ms for a relay that never confirms, then resets the session', {
    constant: WALLET_CONNECT_DISCONNECT_TIMEOUT_MS,
    spec: 3_000,
    run: (ms) => {
      const clock = virtualClock()
      const { holder } = fakeHolder({ current: { session: { topic: 't' }, disconnect: () => never() } })
      const connected = reduce(state(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'walletConnect' })
      const { out } = runTimeline(clock, { epic: disconnectEpic(holder), state: connected, deps: depsFor(clock), inputs: [[0, { type: 'connection/disconnectRequested', namespace: 'eip155' }]], lookAt: ms })
      return typesOf(out).includes('connection/disconnected')
    },
    before: false,
    at: true,
  })

  timingEdge('RELAY_UNREACHABLE_AFTER_MS: a relay socket back 29 999 ms after it dropped is never reported; still down at 30 000 ms, it is unreachable', {
    constant: RELAY_UNREACHABLE_AFTER_MS,
    spec: 30_000,
    run: (ms) => {
      const clock = virtualClock()
      const inputs: [number, Action][] = [
        [0, { type: 'walletConnect/relayDisconnected' }],
        [ms, { type: 'walletConnect/relayReconnected' }],
      ]
      return typesOf(runTimeline(clock, { epic: relayWatchdogEpic(), state: state(), deps: depsFor(clock), inputs }).out)
    },
    before: [],
    at: ['walletConnect/relayUnreachable'],
  })
})
