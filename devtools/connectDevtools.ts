import { z } from 'zod'
import type { Airlock } from '../core/createAirlock.js'
import type { AirlockState } from '../core/state.js'
import { redact } from '../core/store/redact.js'
import { createTimeTravel } from './createTimeTravel.js'

/** What the extension's `connect()` returns (redux-devtools extension/docs/API/Methods.md). */
export interface ReduxDevtoolsConnection {
  init(state: unknown): void
  /** `action` null: `state` is a lifted state (the whole history), e.g. an imported one. */
  send(action: unknown, state: unknown): void
  subscribe(listener: (message: unknown) => void): (() => void) | undefined
  unsubscribe?(): void
  error?(message: string): void
}

export interface ReduxDevtoolsConnectOptions {
  readonly name: string
  readonly maxAge: number
  readonly features: Readonly<Record<string, boolean | 'custom'>>
}

/** `window.__REDUX_DEVTOOLS_EXTENSION__`, as far as Airlock uses it. */
export interface ReduxDevtoolsExtension {
  connect(options: ReduxDevtoolsConnectOptions): ReduxDevtoolsConnection
}

export interface ConnectDevtoolsOptions {
  /** The instance's name in the monitor (default 'Airlock'). */
  name?: string
  /** Default: `window.__REDUX_DEVTOOLS_EXTENSION__`. */
  extension?: ReduxDevtoolsExtension | undefined
  /** How many actions the monitor keeps (default 50, the extension's own default). */
  maxAge?: number
}

export interface DevtoolsConnection {
  readonly connected: boolean
  /** The time-travel facade: give it to `<AirlockProvider>` so the page shows the jumped-to state. */
  readonly airlock: Airlock
  disconnect(): void
}

export const DEFAULT_MAX_AGE = 50

/** Only the buttons Airlock can honour: a live fold cannot skip, reorder, lock or take dispatches. */
const FEATURES = { pause: true, export: true, import: 'custom', jump: true, lock: false, persist: false, skip: false, reorder: false, dispatch: false, test: false } as const

const CANNOT_REWIND = 'Airlock cannot reset or roll back: its state is a fold of what happened. The history starts again from the live state.'

// Nothing from the monitor is trusted: a state must have the slices every render reads.
const SLICES = ['app', 'notifications', 'connectors', 'balances', 'requests', 'theme', 'siwx', 'registry', 'auth', 'walletConnect', 'frame'] as const
const object = z.object({}).passthrough()
const stateSchema = z
  .object({
    options: z.object({ networks: z.array(z.unknown()) }).passthrough(),
    alerts: z.array(z.unknown()),
    modal: z.object({ open: z.boolean() }).passthrough(),
    router: z.object({ view: z.string() }).passthrough(),
    connection: z.object({ namespaces: object }).passthrough(),
    ...Object.fromEntries(SLICES.map((key) => [key, object])),
  })
  .passthrough()
const messageSchema = z.object({ type: z.string(), state: z.unknown(), payload: z.object({ type: z.string() }).passthrough().optional() })
const liftedSchema = z.object({ computedStates: z.array(z.object({ state: z.unknown() })), currentStateIndex: z.number().int(), nextActionId: z.number().int().optional() })

const asState = (value: unknown): AirlockState | null => (stateSchema.safeParse(value).success ? (value as AirlockState) : null)
function parseState(text: unknown): AirlockState | null {
  if (typeof text !== 'string') return null
  try {
    return asState(JSON.parse(text))
  } catch {
    return null
  }
}

/** The extension is someone else's code: its failures must not reach the store. */
const attempt = (call: () => void): void => {
  try {
    call()
  } catch {
    // Nothing to do: the monitor misses one message.
  }
}

/**
 * Connects an Airlock to the Redux DevTools extension: every action (redacted, as the log keeps it)
 * and the state after it, and time travel through the returned facade. Without the extension (or
 * on a server) it does nothing.
 * @example const devtools = connectDevtools(airlock); <AirlockProvider airlock={devtools.airlock}>…
 */
export function connectDevtools(airlock: Airlock, options: ConnectDevtoolsOptions = {}): DevtoolsConnection {
  const { name = 'Airlock', maxAge = DEFAULT_MAX_AGE } = options
  if (!Number.isInteger(maxAge) || maxAge < 2) throw new RangeError(`maxAge must be an integer of 2 or more, got ${maxAge}`)
  const timeTravel = createTimeTravel(airlock)
  const extension = options.extension ?? findExtension()
  let connection: ReduxDevtoolsConnection | undefined
  try {
    connection = extension?.connect({ name, maxAge, features: FEATURES })
  } catch {
    connection = undefined
  }
  if (!connection || typeof connection.init !== 'function' || typeof connection.send !== 'function' || typeof connection.subscribe !== 'function') {
    return { connected: false, airlock: timeTravel.airlock, disconnect: () => undefined }
  }
  const monitor = connection

  let connected = true
  let paused = false
  let stopped = false
  // The monitor's newest entry: its action id and index, and whether it is a live state (not imported).
  let newestId = 0
  let newestIndex = 0
  let newestIsLive = true
  const restart = (): void => {
    newestId = newestIndex = 0
    newestIsLive = true
    timeTravel.pin(null)
    attempt(() => monitor.init(redact(airlock.getState())))
  }
  // Jumping to the newest live entry goes live again: the page follows the store from then on.
  const jump = (state: AirlockState, newest: boolean): void => timeTravel.pin(newest && newestIsLive ? null : state)

  const onMessage = (raw: unknown): void => {
    const parsed = messageSchema.safeParse(raw)
    if (!connected || !parsed.success) return
    const { type, state, payload } = parsed.data
    if (type === 'STOP') {
      // The monitor closed: nothing could take the page back to live, and nobody is watching.
      stopped = true
      timeTravel.pin(null)
    } else if (type === 'START' && stopped) {
      stopped = false
      restart()
    } else if (type === 'DISPATCH' && payload) {
      const jumped = payload.type === 'JUMP_TO_ACTION' || payload.type === 'JUMP_TO_STATE' ? parseState(state) : null
      if (jumped && payload.type === 'JUMP_TO_ACTION') jump(jumped, payload['actionId'] === newestId)
      else if (jumped) jump(jumped, payload['index'] === newestIndex)
      else if (payload.type === 'IMPORT_STATE') importState(payload['nextLiftedState'])
      else if (payload.type === 'COMMIT') restart()
      else if (payload.type === 'RESET' || payload.type === 'ROLLBACK') {
        restart()
        attempt(() => monitor.error?.(CANNOT_REWIND))
      } else if (payload.type === 'PAUSE_RECORDING') paused = typeof payload['status'] === 'boolean' ? payload['status'] : !paused
    }
  }

  const importState = (value: unknown): void => {
    const lifted = liftedSchema.safeParse(value)
    const current = lifted.success ? asState(lifted.data.computedStates[lifted.data.currentStateIndex]?.state) : null
    if (!lifted.success || !current) return
    timeTravel.pin(current)
    // The monitor shows the imported history only once the page sends it back (as zustand does).
    attempt(() => monitor.send(null, value))
    newestIndex = lifted.data.computedStates.length - 1
    newestId = lifted.data.nextActionId !== undefined ? lifted.data.nextActionId - 1 : newestIndex
    newestIsLive = false
  }

  let unlisten: (() => void) | undefined
  attempt(() => (unlisten = monitor.subscribe(onMessage)))
  attempt(() => monitor.init(redact(airlock.getState())))
  // action$ emits after state$ has the state this action made.
  const actions = airlock.action$.subscribe((action) => {
    if (paused || stopped) return
    newestId += 1
    newestIndex = Math.min(newestIndex + 1, maxAge - 1)
    newestIsLive = true
    attempt(() => monitor.send(redact(action), redact(airlock.getState())))
  })

  return {
    get connected() {
      return connected
    },
    airlock: timeTravel.airlock,
    disconnect: () => {
      if (!connected) return
      connected = false
      actions.unsubscribe()
      attempt(() => unlisten?.())
      attempt(() => monitor.unsubscribe?.())
      timeTravel.destroy()
    },
  }
}

/** Read at call time, never at import time, so server rendering works. */
function findExtension(): ReduxDevtoolsExtension | undefined {
  try {
    const found = (globalThis as { window?: { __REDUX_DEVTOOLS_EXTENSION__?: unknown } }).window?.__REDUX_DEVTOOLS_EXTENSION__
    return typeof (found as Partial<ReduxDevtoolsExtension> | undefined)?.connect === 'function' ? (found as ReduxDevtoolsExtension) : undefined
  } catch {
    return undefined
  }
}
