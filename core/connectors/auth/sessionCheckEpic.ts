import { concat, defer, EMPTY, filter, from, mergeMap, of, switchMap, takeUntil, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { CACHED_LOGIN_DATA, writeAuthItems } from './authStorage.js'
import { loadUser } from './loadUser.js'
import { authNamespaces } from './signOutEpic.js'

/**
 * After a reload, confirms a stored auth connection with the frame (SPEC 4): IS_CONNECTED, then
 * GET_USER. Not connected, or any failure, wipes the cached login data and leaves the account
 * disconnected (never a cached address shown as connected). A connect or disconnect meanwhile
 * takes over.
 * @example createStore({ …, epics: { sessionCheck: sessionCheckEpic } })
 */
export const sessionCheckEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('storage/hydrated'),
    switchMap((): Observable<Action> => {
      const namespaces = authNamespaces(state$.value).filter((ns) => state$.value.connection.namespaces[ns]?.status === 'connecting')
      if (namespaces.length === 0) return EMPTY
      const failed = (): Observable<Action> =>
        concat(
          defer(() => {
            void writeAuthItems(deps.storage, CACHED_LOGIN_DATA)
            return EMPTY
          }),
          from<Action[]>([{ type: 'auth/sessionChecked', connected: false }, ...namespaces.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: 'reconnectFailed' }))]),
        )
      return frameRequest(action$, deps, appMessage('IS_CONNECTED'), (reply) => {
        if (!reply.ok || !reply.payload.isConnected) return failed()
        return concat(
          from<Action[]>([{ type: 'auth/sessionChecked', connected: true }, { type: 'auth/frameConnected', method: 'session' }]),
          loadUser(action$, state$, deps, state$.value.auth.social).pipe(mergeMap((a) => (a.type === 'auth/loginFailed' ? concat(of(a), failed()) : of(a)))),
        )
      }).pipe(takeUntil(action$.pipe(ofType('connection/connectRequested', 'connection/disconnectRequested'))))
    }),
  )
