import { concat, defer, EMPTY, filter, from, map, merge, mergeMap, of, share, switchMap, take, takeUntil, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { writeAuthItems } from './authStorage.js'
import { loginFailedActions } from './failureActions.js'
import { loadUser } from './loadUser.js'

/**
 * Farcaster login (SPEC 3): GET_FARCASTER_URI (the view shows it as a QR code and a link), then
 * CONNECT_FARCASTER, which answers once the person approved in their Farcaster app (no time limit:
 * it waits on a person), then GET_USER. Leaving (the view's cancel, closing the modal) or starting
 * over ends the wait for the frame too (`frame/abortRequested`), so no request stays open there.
 * @example store.dispatch({ type: 'auth/farcasterLoginRequested' })
 */
export const farcasterEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => {
  /** The CONNECT_FARCASTER request still waiting, if any. */
  let waiting: string | null = null

  const awaitApproval = (cancel$: Observable<unknown>): Observable<Action> =>
    defer(() => {
      const id = deps.id()
      waiting = id
      const connect$ = frameRequest(
        action$,
        deps,
        appMessage('CONNECT_FARCASTER'),
        (connected): Observable<Action> => {
          if (waiting === id) waiting = null
          // An abort is our own doing (the person left): nothing to show.
          if (!connected.ok) return connected.reason === 'aborted' ? EMPTY : of(...loginFailedActions(connected.error, connected.reason))
          void writeAuthItems(deps.storage, { walletEmailLoginUsed: true, walletSocialUsername: connected.payload.userName })
          return concat(of<Action>({ type: 'auth/frameConnected', method: 'farcaster' }), loadUser(action$, state$, deps, 'farcaster'))
        },
        { id },
      )
      const ended$ = action$.pipe(filter((a) => (a.type === 'frame/requestSucceeded' || a.type === 'frame/requestFailed') && a.id === id))
      const abort$ = cancel$.pipe(
        takeUntil(ended$),
        map((): Action => {
          if (waiting === id) waiting = null
          return { type: 'frame/abortRequested', id }
        }),
        share(),
      )
      // A reply that comes after leaving is not waited for any more (the transport drops it too).
      return merge(connect$.pipe(takeUntil(abort$)), abort$)
    })

  return action$.pipe(
    ofType('auth/farcasterLoginRequested'),
    switchMap((): Observable<Action> => {
      // Starting over: the previous wait is unsubscribed by switchMap; end it for the frame here.
      const previous: Action[] = waiting ? [{ type: 'frame/abortRequested', id: waiting }] : []
      waiting = null
      const cancel$ = action$.pipe(ofType('auth/loginCancelled', 'modal/closeRequested'), take(1))
      const uri$ = frameRequest(action$, deps, appMessage('GET_FARCASTER_URI'), (reply): Action[] =>
        // The channel URL is a bearer value (its holder can follow the login): by reference only.
        reply.ok ? [{ type: 'auth/farcasterUrlReceived', urlRef: deps.secrets.put(reply.payload.url) }] : loginFailedActions(reply.error, reply.reason),
      ).pipe(takeUntil(cancel$))
      return concat(from(previous), uri$.pipe(mergeMap((a) => (a.type === 'auth/farcasterUrlReceived' ? concat(of(a), awaitApproval(cancel$)) : of(a)))))
    }),
  )
}
