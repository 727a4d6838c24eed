import { concat, filter, of, switchMap, takeUntil, type Observable } from 'rxjs'
import { ofType, type Action } from '../../actions/types.js'
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
 * it waits on a person; leaving the view or closing the modal stops waiting), then GET_USER.
 * @example store.dispatch({ type: 'auth/farcasterLoginRequested' })
 */
export const farcasterEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    filter(ofType('auth/farcasterLoginRequested')),
    switchMap(
      (): Observable<Action> =>
        frameRequest(action$, deps, appMessage('GET_FARCASTER_URI'), (reply): Observable<Action> => {
          if (!reply.ok) return of(...loginFailedActions(reply.error, reply.reason))
          return concat(
            of<Action>({ type: 'auth/farcasterUrlReceived', url: reply.payload.url }),
            frameRequest(
              action$,
              deps,
              appMessage('CONNECT_FARCASTER'),
              (connected): Observable<Action> => {
                if (!connected.ok) return of(...loginFailedActions(connected.error, connected.reason))
                void writeAuthItems(deps.storage, { walletEmailLoginUsed: true, walletSocialUsername: connected.payload.userName })
                return concat(of<Action>({ type: 'auth/frameConnected', method: 'farcaster' }), loadUser(action$, state$, deps, 'farcaster'))
              },
              { timeoutMs: null },
            ),
          )
        }).pipe(takeUntil(action$.pipe(filter(ofType('auth/loginCancelled', 'modal/closeRequested'))))),
    ),
  )
