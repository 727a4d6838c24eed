// Deep rxjs entry points, not the barrel: esbuild's code splitting gives every module the barrel
// re-exports to the chunk of each importer, so one barrel import on the start-up path would put
// the lazy code's operators into the page's initial JavaScript (issue #7).
import type { Observable } from 'rxjs'
import { Subscription } from 'rxjs/internal/Subscription'
import { createActionRouter } from './actionRouter.js'
import { createEventLog, DEFAULT_LOG_SIZE, type EventLog } from './eventLog.js'
import { createLateFold, type LateReducer } from './lateFold.js'
import { createStateStream } from './stateStream.js'
import type { AnyAction, BaseDeps, Epic, EpicFailedAction, Reducer, StateObservable } from './types.js'

export const DEFAULT_EPIC_RESTARTS = 3

export interface CreateStoreParameters<S, A extends AnyAction, D extends BaseDeps> {
  reducer: Reducer<S, A | EpicFailedAction>
  /** Named epics; the name appears in `epic/failed` actions. */
  epics?: Record<string, Epic<A | EpicFailedAction, S, D>>
  deps: D
  initialState: S
  /** Ring-buffer size of the event log (default 1000). */
  logSize?: number
  /** Reject actions that would not survive JSON (default true). */
  devChecks?: boolean
  /** How often one epic may fail and be restarted before it stays stopped (default 3). */
  maxEpicRestarts?: number
  /** Reducers for some keys that arrive after start (core/store/lateFold.ts); `reducer` leaves those keys alone. */
  late?: LateReducer<S, A | EpicFailedAction>
  /** Rewrites each action before the reducer and the log see it (Airlock: scrubs error text, see scrubErrorText). */
  prepare?: (action: A | EpicFailedAction) => A | EpicFailedAction
}

/** The dev check: why an action would not survive JSON (its refusal's text), or null. */
export type FindNonSerializable = (action: AnyAction) => string | null

export interface Store<S, A extends AnyAction> {
  /** Queues the action; runs reducer, then `state$`, then `action$`. Never re-entrant. */
  dispatch(action: A | EpicFailedAction): void
  getState(): S
  readonly state$: StateObservable<S>
  readonly action$: Observable<A | EpicFailedAction>
  readonly log: EventLog<S, A | EpicFailedAction>
  /** Stops every epic and completes the streams. Later dispatches are ignored. */
  destroy(): void
  readonly destroyed: boolean
  /** Settles once the late reducers (if any) are folded in: from then on the state equals `replay(log)`. */
  readonly lateReady: Promise<void>
}

/**
 * `createStore` with the dev check passed in: `createAirlock` loads the check lazily (issue #7:
 * nothing before the first render that can wait), `createStore` passes it in directly.
 */
export function createStoreWithCheck<S, A extends AnyAction, D extends BaseDeps>(
  params: CreateStoreParameters<S, A, D>,
  findNonSerializable: FindNonSerializable,
): Store<S, A> {
  type Act = A | EpicFailedAction
  const { reducer, deps, devChecks = true, maxEpicRestarts = DEFAULT_EPIC_RESTARTS, prepare } = params
  const state = createStateStream<S>(params.initialState)
  // Actions reach each epic only for the types it asked for (`ofType`), not every epic every action.
  const router = createActionRouter<Act>()
  const log = createEventLog<S, Act>(params.logSize ?? DEFAULT_LOG_SIZE, state.get)
  const queue: Act[] = []
  const epicSubscriptions = new Subscription()
  let draining = false
  let destroyed = false

  const state$ = state.state$
  const late = params.late
    ? createLateFold(params.late, {
        get: state.get,
        set: state.set,
        patchLog: (update) => log.patchStates(update),
        get destroyed() {
          return destroyed
        },
      })
    : null

  const check = (action: Act): void => {
    if (action === null || typeof action !== 'object' || typeof action.type !== 'string') {
      throw new TypeError('Actions must be plain objects with a string `type`')
    }
    if (!devChecks) return
    const refusal = findNonSerializable(action)
    if (refusal !== null) throw new TypeError(refusal)
  }

  const drain = (): void => {
    draining = true
    try {
      while (queue.length > 0 && !destroyed) {
        // Before the reducer and the log, so state, the log and replay(log) agree.
        const action = prepare ? prepare(queue.shift()!) : queue.shift()!
        const before = state.get()
        let after = reducer(before, action)
        const seq = log.append(action, deps.scheduler.now(), before)
        if (late) after = late.apply(after, action, seq)
        if (after !== before) state.set(after)
        router.emit(action)
      }
    } finally {
      // Not the queue: actions queued behind a reducer that threw run first at the next dispatch.
      draining = false
    }
  }

  const dispatch = (action: Act): void => {
    if (destroyed) return
    check(action)
    queue.push(action)
    if (!draining) drain()
  }

  const runEpic = (name: string, epic: Epic<Act, S, D>): void => {
    let failures = 0
    const start = (): void => {
      if (destroyed) return
      const sub = new Subscription()
      epicSubscriptions.add(sub)
      const fail = (error: unknown): void => {
        sub.unsubscribe()
        epicSubscriptions.remove(sub)
        failures += 1
        const stopped = failures > maxEpicRestarts
        dispatch({ type: 'epic/failed', epic: name, error: { message: messageOf(error) }, ...(stopped ? { stopped } : {}) })
        if (!stopped) start()
      }
      try {
        sub.add(
          epic(router.actions, state$, deps).subscribe({
            next: (action) => {
              try {
                dispatch(action)
              } catch (error) {
                fail(error)
              }
            },
            error: fail,
          }),
        )
      } catch (error) {
        fail(error)
      }
    }
    start()
  }

  for (const [name, epic] of Object.entries(params.epics ?? {})) runEpic(name, epic)

  return {
    dispatch,
    getState: state.get,
    state$,
    action$: router.actions,
    log,
    get destroyed() {
      return destroyed
    },
    lateReady: late ? late.ready : Promise.resolve(),
    destroy() {
      if (destroyed) return
      destroyed = true
      // The queue is never drained again (dispatch and drain stop on `destroyed`): let its actions go.
      queue.length = 0
      epicSubscriptions.unsubscribe()
      router.complete()
      state.complete()
    },
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Unknown error'
}
