import { concat, defer, EMPTY, exhaustMap, filter, from, takeUntil, timer, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { ChainNamespace } from '../../chains/types.js'
import { SIGN_OUT_WAIT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { AUTH_CONNECTOR_ID, authSession } from './authSession.js'
import { CACHED_LOGIN_DATA, writeAuthItems } from './authStorage.js'

/** Every namespace the auth connector is connected (or connecting) on. */
export function authNamespaces(state: AirlockState): ChainNamespace[] {
  return (Object.entries(state.connection.namespaces) as [ChainNamespace, { connectorId: string | null } | undefined][])
    .filter(([, c]) => c?.connectorId === AUTH_CONNECTOR_ID)
    .map(([ns]) => ns)
}

/**
 * Sign out (SPEC 4): the cached login is wiped first, then SIGN_OUT goes to the frame, waited
 * for at most 3 s; whatever it answers, every namespace on the auth connector is disconnected
 * (SPEC 4: disconnecting an auth connector disconnects its other chains too).
 * @example store.dispatch({ type: 'connection/disconnectRequested', namespace: 'eip155' })
 */
export const signOutEpic =
  (waitMs = SIGN_OUT_WAIT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('connection/disconnectRequested'),
      filter((a) => state$.value.connection.namespaces[a.namespace]?.connectorId === AUTH_CONNECTOR_ID),
      exhaustMap((): Observable<Action> => {
        const namespaces = authNamespaces(state$.value)
        const wipe$ = defer(() => {
          authSession(deps.providers).email = null
          void writeAuthItems(deps.storage, CACHED_LOGIN_DATA)
          return EMPTY
        })
        const signOut$ = frameRequest(action$, deps, appMessage('SIGN_OUT'), () => []).pipe(takeUntil(timer(waitMs, deps.scheduler)))
        return concat(
          wipe$,
          signOut$,
          from<Action[]>([...namespaces.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: 'user' })), { type: 'auth/signedOut' }]),
        )
      }),
    )
