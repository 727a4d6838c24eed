import type { Observable, SchedulerLike } from 'rxjs'

/** Every action is a plain, JSON-serializable object with a `type`. */
export interface AnyAction {
  readonly type: string
}

/** `state$` as epics see it: an observable that also has the current value. */
export interface StateObservable<S> extends Observable<S> {
  readonly value: S
}

/** What every store needs from its deps: a scheduler, so `at` and timers are virtual in tests. */
export interface BaseDeps {
  readonly scheduler: SchedulerLike
}

/**
 * An epic turns actions (and state) into more actions. Timing comes from
 * `deps.scheduler`, so marble tests can drive it.
 * @example const pong: Epic<A, S, D> = (action$) => action$.pipe(filter(isPing), map(() => ({ type: 'pong' })))
 */
export type Epic<A extends AnyAction, S, D> = (
  action$: Observable<A>,
  state$: StateObservable<S>,
  deps: D,
) => Observable<A>

export type Reducer<S, A extends AnyAction> = (state: S, action: A) => S

/** One line of the event log. `at` is `deps.scheduler.now()` when it was dispatched. */
export interface LogEntry<A extends AnyAction = AnyAction> {
  readonly seq: number
  readonly at: number
  readonly action: A
}

/** The JSON form of the log: the state before its oldest entry, then the entries. */
export interface LogExport<S = unknown, A extends AnyAction = AnyAction> {
  readonly format: 'airlock-log'
  readonly version: 1
  readonly initialState: S
  readonly entries: readonly LogEntry<A>[]
}

/** The action an epic's error turns into; the epic is then restarted (bounded). */
export interface EpicFailedAction {
  readonly type: 'epic/failed'
  readonly epic: string
  readonly error: { readonly message: string }
  /** True once the restart budget is spent and the epic stays stopped. */
  readonly stopped?: boolean
}
