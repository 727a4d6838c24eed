import { concat, defer, EMPTY, from, switchMap, takeUntil, tap, type Observable } from 'rxjs'
import type { Action, ErrorInfo } from '../../actions/types.js'
import type { CaipNetworkId, ChainNamespace } from '../../chains/types.js'
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
 * GET_USER. Only the frame's own "not signed in" (IS_CONNECTED false, or GET_USER refused) wipes
 * the cached login data. A check that could not be made (the frame did not load, did not answer
 * in time, reloaded, or answered IS_CONNECTED with an error) keeps it: the account shows
 * disconnected for now (never a cached address as connected), still stored, and the next load
 * checks again. A connect or disconnect meanwhile takes over.
 * @example createStore({ …, epics: { sessionCheck: sessionCheckEpic } })
 */
export const sessionCheckEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('storage/hydrated'),
    switchMap((): Observable<Action> => {
      const namespaces = authNamespaces(state$.value).filter((ns) => state$.value.connection.namespaces[ns]?.status === 'connecting')
      if (namespaces.length === 0) return EMPTY
      return frameRequest(action$, deps, appMessage('IS_CONNECTED'), (reply) => {
        if (!reply.ok) return unreachable(namespaces, reply.error)
        if (!reply.payload.isConnected) return signedOut(namespaces, deps)
        // One GET_USER per namespace the login was on (its EVM and its Solana account), the active one
        // last so the frame and the app end on it; the first failure settles every namespace.
        let failed = false
        const onFailed = ({ error, reason }: { error: ErrorInfo; reason: string }): Observable<Action> => {
          failed = true
          return reason === 'error' ? signedOut(namespaces, deps) : unreachable(namespaces, error)
        }
        const restored = new Set<ChainNamespace>()
        const loads = restoreOrder(state$.value, namespaces).map((target) =>
          defer(() => (failed ? EMPTY : loadUser(action$, state$, deps, state$.value.auth.social, onFailed, target))).pipe(
            tap((a) => void (a.type === 'connection/accountConnected' && restored.add(a.namespace))),
          ),
        )
        // A frame that no longer serves a family answers on another one: that namespace is not left connecting.
        const leftOver$ = defer(() =>
          failed ? EMPTY : from(namespaces.filter((ns) => !restored.has(ns)).map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: 'reconnectFailed' }))),
        )
        return concat(from<Action[]>([{ type: 'auth/sessionChecked', connected: true }, { type: 'auth/frameConnected', method: 'session' }]), ...loads, leftOver$)
      }).pipe(takeUntil(action$.pipe(ofType('connection/connectRequested', 'connection/disconnectRequested'))))
    }),
  )

/**
 * The network to restore each namespace on (the stored account's, else the namespace's first
 * configured one), the active namespace last.
 */
function restoreOrder(state: AirlockState, namespaces: readonly ChainNamespace[]): (CaipNetworkId | undefined)[] {
  const active = state.connection.activeNamespace
  return [...namespaces.filter((ns) => ns !== active), ...namespaces.filter((ns) => ns === active)].map((ns) => {
    const stored = state.connection.namespaces[ns]?.caipAddress
    const network = stored ? (stored.split(':').slice(0, 2).join(':') as CaipNetworkId) : null
    if (network && state.options.networks.some((n) => n.caipNetworkId === network)) return network
    // undefined: the active network (loadUser's default).
    return ns === active ? undefined : state.options.networks.find((n) => n.chainNamespace === ns)?.caipNetworkId
  })
}

/** The frame says nobody is signed in: the cached login goes, the account is disconnected. */
function signedOut(namespaces: readonly ChainNamespace[], deps: AirlockDeps): Observable<Action> {
  return concat(
    defer(() => {
      void writeAuthItems(deps.storage, CACHED_LOGIN_DATA)
      return EMPTY
    }),
    from<Action[]>([{ type: 'auth/sessionChecked', connected: false }, ...namespaces.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: 'reconnectFailed' }))]),
  )
}

/** No answer to go by: disconnected for now, the cached login and the stored connection kept for the next load. */
function unreachable(namespaces: readonly ChainNamespace[], error: ErrorInfo): Observable<Action> {
  return from<Action[]>([{ type: 'auth/sessionChecked', connected: false, error }, ...namespaces.map((namespace): Action => ({ type: 'connection/disconnected', namespace, reason: 'unreachable' }))])
}
