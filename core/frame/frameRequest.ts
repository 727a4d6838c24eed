import { defer, filter, from, merge, mergeMap, type Observable, type ObservableInput, of, take } from 'rxjs'
import type { FrameFailureReason } from '../actions/frame.js'
import type { Action, ActionOf, ErrorInfo } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import { ofType } from '../store/ofType.js'
import { requestName } from './builders.js'
import type { AppMessage, FrameRequestName, SuccessPayload } from './protocol.js'
import { frameRequestTimeout } from './requestTimeout.js'

/** How a frame request ended, as the caller's `onReply` sees it. */
export type FrameReply<N extends FrameRequestName> =
  | { readonly ok: true; readonly id: string; readonly payload: SuccessPayload<N> }
  | { readonly ok: false; readonly id: string; readonly error: ErrorInfo; readonly reason: FrameFailureReason }

export interface FrameRequestOptions {
  /** Overrides the SPEC 9 timeout of this request (`frameRequestTimeout`). Every request has one. */
  readonly timeoutMs?: number
  /** Overrides the random id (tests). */
  readonly id?: string
}

/**
 * Sends one request to the secure frame from inside an epic: emits `frame/requestSent` (the
 * transport loads the frame if needed, posts it, and enforces the timeout), then waits for that
 * id's `frame/requestSucceeded` / `frame/requestFailed` and emits what `onReply` makes of it.
 * Unsubscribing (e.g. `switchMap` to a newer attempt) stops waiting; add `frame/abortRequested`
 * to end the request itself.
 * @example
 * action$.pipe(ofType('auth/emailSubmitted'), switchMap((a) =>
 *   frameRequest(action$, deps, appMessage('CONNECT_EMAIL', { email: a.email }), (reply) =>
 *     reply.ok ? { type: 'auth/emailAccepted', action: reply.payload.action } : { type: 'auth/emailFailed', error: reply.error })))
 */
export function frameRequest<N extends FrameRequestName, A extends Action>(
  action$: Observable<Action>,
  deps: Pick<AirlockDeps, 'id'>,
  message: AppMessage<N>,
  onReply: (reply: FrameReply<N>) => A | A[] | ObservableInput<A>,
  options: FrameRequestOptions = {},
): Observable<Action> {
  return defer(() => {
    const id = options.id ?? deps.id()
    const name = requestName(message)
    const timeoutMs = options.timeoutMs ?? frameRequestTimeout(name)
    const reply$ = action$.pipe(
      ofType('frame/requestSucceeded', 'frame/requestFailed'),
      filter((a) => a.id === id),
      take(1),
      mergeMap((a) => toObservable(onReply(toReply<N>(a)))),
    )
    const sent: Action = { type: 'frame/requestSent', id, name, message: { ...message, id } as AppMessage, timeoutMs }
    // The reply listener is subscribed before the request leaves, so no reply can slip past.
    return merge(reply$, of(sent))
  })
}

function toReply<N extends FrameRequestName>(action: ActionOf<'frame/requestSucceeded' | 'frame/requestFailed'>): FrameReply<N> {
  return action.type === 'frame/requestSucceeded'
    ? { ok: true, id: action.id, payload: action.payload as SuccessPayload<N> }
    : { ok: false, id: action.id, error: action.error, reason: action.reason }
}

/**
 * One action (it has a `type`), or anything `from` takes: an array, observable, promise or
 * iterable of them (`from` hands an observable back as it is). `Object()` lets `in` look at
 * whatever a caller returned: a null or a primitive is no action and goes to `from` too.
 */
function toObservable<A>(value: A | A[] | ObservableInput<A>): Observable<A> {
  return 'type' in Object(value) ? of(value as A) : from(value as ObservableInput<A>)
}
