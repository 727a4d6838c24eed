import { catchError, defer, EMPTY, exhaustMap, filter, finalize, from, ignoreElements, map, merge, mergeMap, Observable, of, partition, race, share, switchMap, take, takeUntil, throttleTime, timer } from 'rxjs'
import type { FrameFailureReason } from '../actions/frame.js'
import type { Action } from '../actions/types.js'
import { FRAME_DROP_REPORT_WINDOW_MS, FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS } from '../constants/timing.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { ofType } from '../store/ofType.js'
import type { Epic, StateObservable } from '../store/types.js'
import { FRAME_ERRORS } from './frameErrors.js'
import { forgetFrameHost, frameHostFor } from './frameHostFor.js'
import { parseFrameMessage, replyInfo } from './parseFrameMessage.js'
import { frameRequestTimeout } from './requestTimeout.js'
// A lazy entry: re-export the shared start-up chunk (see core/sharedChunk.ts, tests/size).
export { SHARED_CHUNK } from '../sharedChunk.js'

type FrameEpic = Epic<Action, AirlockState, AirlockDeps>

export interface FrameTiming {
  readonly loadTimeoutMs: number
  readonly readyDelayMs: number
  readonly dropReportWindowMs: number
}
const defaultTiming: FrameTiming = { loadTimeoutMs: FRAME_LOAD_TIMEOUT_MS, readyDelayMs: FRAME_READY_DELAY_MS, dropReportWindowMs: FRAME_DROP_REPORT_WINDOW_MS }

/** SPEC 4: at start, the frame loads right away only when email login was used before. */
export const frameStartEpic: FrameEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofType('storage/hydrated'),
    take(1),
    switchMap(() => readLoginUsed(deps)),
    mergeMap((used) => (used === true ? of<Action>({ type: 'frame/loadRequested' }) : EMPTY)),
  )

function readLoginUsed(deps: AirlockDeps): Observable<unknown> {
  // `getItem` is airlock/storage's, not StorageDep's: a host's storage without it (or no storage)
  // throws in here like a failing one, and all three read as "not used".
  const storage = deps.storage as unknown as { getItem: (name: 'walletEmailLoginUsed') => Promise<unknown> }
  return defer(() => from(storage.getItem('walletEmailLoginUsed'))).pipe(catchError(() => of(undefined)))
}

/**
 * Creates the iframe on request; ready 500 ms after its READY, failed if READY does not come in
 * 20 s. A frame that replaced its own document (`frame/documentChanged`) is waited for the same
 * way, without a new iframe load. A page whose origin the project does not allow (SPEC 6 origin
 * check 'denied', before or during the load) fails at once with 'Invalid App Configuration'
 * instead of waiting 20 s for a frame that refuses it.
 */
export const frameLoadEpic =
  (timing: FrameTiming = defaultTiming): FrameEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('frame/documentChanged', 'frame/loadRequested'),
      filter((a) => a.type === 'frame/documentChanged' || state$.value.frame.status === 'idle' || state$.value.frame.status === 'failed'),
      // One load at a time: requests made meanwhile wait for this one.
      exhaustMap((trigger) =>
        defer(() => {
          const denied: Action = { type: 'frame/loadFailed', error: { message: FRAME_ERRORS.originDenied } }
          if (state$.value.app.originCheck === 'denied') return of(denied)
          const reloaded = trigger.type === 'frame/documentChanged'
          if (!reloaded) frameHostFor(deps, state$.value).load()
          const outcome$ = race(
            action$.pipe(
              ofType('frame/readyReceived'),
              take(1),
              map(() => 'ready' as const),
            ),
            action$.pipe(
              ofType('options/originChecked'),
              filter((a) => !a.allowed),
              take(1),
              map(() => 'denied' as const),
            ),
            // Stryker disable next-line ArrowFunction: 'timeout' is only "neither 'ready' nor 'denied'" below, and undefined takes that same branch
            timer(timing.loadTimeoutMs, deps.scheduler).pipe(map(() => 'timeout' as const)),
          ).pipe(
            switchMap((outcome) =>
              outcome === 'ready'
                ? timer(timing.readyDelayMs, deps.scheduler).pipe(map((): Action => ({ type: 'frame/ready' })))
                : of<Action>(outcome === 'denied' ? denied : { type: 'frame/loadFailed', error: { message: FRAME_ERRORS.notLoaded } }),
            ),
          )
          // The outcome is watched before `loadStarted` goes out, so no READY can slip past.
          return reloaded ? outcome$ : merge(outcome$, of<Action>({ type: 'frame/loadStarted', url: state$.value.options.secureSiteUrl }))
        }).pipe(catchError((error: unknown) => of<Action>({ type: 'frame/loadFailed', error: { message: messageOf(error) } }))),
      ),
    )

/**
 * Turns what the host lets through (our iframe, our origin) into actions: READY, SESSION_UPDATE,
 * and replies to requests still pending (unknown, answered and late ids are ignored, first reply
 * wins). Malformed data is dropped; at most one `frame/messageDropped` per minute reports it.
 * A ready frame whose document is replaced (a new READY, or an iframe `load` the host did not
 * ask for) is reported as `frame/documentChanged`, once per document.
 */
export const frameListenerEpic =
  (timing: FrameTiming = defaultTiming): FrameEpic =>
  (_action$, state$, deps) =>
    defer(() => {
      const host = frameHostFor(deps, state$.value)
      // A READY that reported a new document: that document's own `load` event is not another one.
      let loadAfterReady = false
      const data$ = new Observable<unknown>((subscriber) => host.listen((data) => subscriber.next(data))).pipe(
        map((data) => parseFrameMessage(data)),
        share(),
      )
      const [valid$, malformed$] = partition(data$, (m) => m !== null)
      const dropped$ = malformed$.pipe(
        throttleTime(timing.dropReportWindowMs, deps.scheduler),
        map((): Action => ({ type: 'frame/messageDropped', reason: 'malformed' })),
      )
      const actions$ = valid$.pipe(
        mergeMap((message) => {
          const replaced = message!.type === '@airlock-frame/READY' && state$.value.frame.status === 'ready'
          if (replaced) loadAfterReady = true
          const changed: Action[] = replaced ? [{ type: 'frame/documentChanged', cause: 'ready' }] : []
          return merge(from(changed), toActions(message!, state$))
        }),
      )
      const reloads$ = new Observable<void>((subscriber) => host.listenReloads?.(() => subscriber.next()) ?? undefined).pipe(
        mergeMap((): Observable<Action> => {
          const skip = loadAfterReady
          loadAfterReady = false
          // While loading (or failed) nothing was posted: the load in progress, or the next one, decides.
          return skip || state$.value.frame.status !== 'ready' ? EMPTY : of({ type: 'frame/documentChanged', cause: 'load' })
        }),
      )
      return merge(actions$, dropped$, reloads$).pipe(
        // The store is being destroyed: take our iframe and its listener with it (a host from deps is the host's own).
        finalize(() => forgetFrameHost(deps, host)),
      )
    })

function toActions(message: NonNullable<ReturnType<typeof parseFrameMessage>>, state$: StateObservable<AirlockState>): Observable<Action> {
  if (message.type === '@airlock-frame/READY') return of({ type: 'frame/readyReceived', ...(message.payload?.version ? { version: message.payload.version } : {}) })
  if (message.type === '@airlock-frame/SESSION_UPDATE') return of({ type: 'frame/sessionUpdated', token: message.payload.token })
  const info = replyInfo(message.type)
  if (!info || message.id === undefined) return EMPTY
  const pending = state$.value.frame.pending[message.id]
  // Not ours, already answered, timed out, or an answer to a different question: ignored.
  if (!pending || pending.name !== info.name) return EMPTY
  if (info.ok) {
    const payload = (message as { payload?: unknown }).payload
    return of({ type: 'frame/requestSucceeded', id: message.id, name: info.name, ...(payload === undefined ? {} : { payload }) })
  }
  const { message: text, code } = (message as { payload: { message: string; code?: number } }).payload
  const error = { message: text.trim() || FRAME_ERRORS.generic, ...(code === undefined ? {} : { code }) }
  return of({ type: 'frame/requestFailed', id: message.id, name: info.name, error, reason: 'error' })
}

/**
 * Sends each request once the frame is ready (loading it first if needed) and ends it by the
 * first of: its reply (from the listener), its timeout, an abort, a failed load, or, once posted,
 * the frame's document being replaced (nothing is left to answer it).
 */
export const frameRequestEpic: FrameEpic = (action$, state$, deps) =>
  action$.pipe(
    ofType('frame/requestSent'),
    mergeMap((request) => {
      const { id, name } = request
      const fail = (reason: Exclude<FrameFailureReason, 'error'>, message: string): Action => ({ type: 'frame/requestFailed', id, name, error: { message }, reason })
      const status = state$.value.frame.status
      const load$ = status === 'idle' || status === 'failed' ? of<Action>({ type: 'frame/loadRequested' }) : EMPTY
      const ready$ =
        status === 'ready'
          ? of(true)
          : action$.pipe(
              ofType('frame/ready', 'frame/loadFailed'),
              take(1),
              map((a) => a.type === 'frame/ready'),
            )
      // Watched only once posted: a request still waiting for the frame goes to the new document.
      const replaced$ = action$.pipe(
        ofType('frame/documentChanged'),
        take(1),
        map(() => fail('reloaded', FRAME_ERRORS.reloaded)),
      )
      const post$ = ready$.pipe(
        mergeMap((ok) =>
          ok
            ? defer(() => {
                frameHostFor(deps, state$.value).post(request.message)
                return replaced$
              }).pipe(catchError((error: unknown) => of(fail('notLoaded', messageOf(error)))))
            : of(fail('notLoaded', FRAME_ERRORS.notLoaded)),
        ),
      )
      // Every request has an end: `null` (older logs, hand-made requests) is the SPEC 9 timeout of its name.
      const timeoutMs = request.timeoutMs ?? frameRequestTimeout(name)
      const timeout$ = timer(timeoutMs, deps.scheduler).pipe(map(() => fail('timeout', FRAME_ERRORS.timeout)))
      const abort$ = action$.pipe(
        ofType('frame/abortRequested'),
        filter((a) => a.id === id),
        take(1),
        map(() => fail('aborted', name === 'RPC_REQUEST' ? FRAME_ERRORS.rpcAborted : FRAME_ERRORS.aborted)),
      )
      const ended$ = action$.pipe(
        ofType('frame/requestSucceeded', 'frame/requestFailed'),
        filter((a) => a.id === id),
      )
      // The first ending wins; the reply from the listener ends it through `ended$`.
      return merge(merge(post$, timeout$, abort$).pipe(take(1)), load$).pipe(takeUntil(ended$))
    }),
  )

/** Shows or hides the iframe; a host that cannot (no iframe yet) is not worth an error. */
export const frameVisibilityEpic: FrameEpic = (action$, state$, deps) =>
  action$.pipe(
    ofType('frame/visibilityRequested'),
    mergeMap((a) =>
      defer(() => {
        frameHostFor(deps, state$.value).setVisible(a.visible, { ...(a.bounds ? { bounds: a.bounds } : {}), ...(a.colorScheme ? { colorScheme: a.colorScheme } : {}) })
        return EMPTY
      }).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FRAME_ERRORS.notLoaded
}

export const FRAME_EPIC_NAMES = ['frameStart', 'frameLoad', 'frameListener', 'frameRequest', 'frameVisibility'] as const
export type FrameEpicName = (typeof FRAME_EPIC_NAMES)[number]

/** Every frame epic, by name (what `lazyFrameEpics` loads). */
export const frameEpics: Readonly<Record<FrameEpicName, FrameEpic>> = {
  frameStart: frameStartEpic,
  frameLoad: frameLoadEpic(),
  frameListener: frameListenerEpic(),
  frameRequest: frameRequestEpic,
  frameVisibility: frameVisibilityEpic,
}

/** All of them as one epic, for tests and hosts that wire epics by hand. */
export function frameTransportEpic(timing: FrameTiming = defaultTiming): FrameEpic {
  return (action$, state$, deps) =>
    merge(frameStartEpic(action$, state$, deps), frameLoadEpic(timing)(action$, state$, deps), frameListenerEpic(timing)(action$, state$, deps), frameRequestEpic(action$, state$, deps), frameVisibilityEpic(action$, state$, deps))
}
