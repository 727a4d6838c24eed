import { EMPTY, filter, from, merge, mergeMap, Observable, of, Subject, take } from 'rxjs'
import { ofType, type Action, type ConnectorInfo } from '../../actions/types.js'
import type { ChainNamespace } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import { appMessage, FRAME_ERRORS, frameRequest, isFrameRpcMethodSafe } from '../../frame/index.js'
import { RPC_NOT_ALLOWED_MESSAGE } from '../../chains/evm/rpcMethods.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'
import { createAuthProvider, summarize, type RpcJob } from './authProvider.js'
import { alertActions } from './failureActions.js'
import { openApproval } from './openApproval.js'

export const USER_REJECTED_MESSAGE = 'User rejected the request.'

/** SPEC 6: the auth connector serves eip155 and solana; it is announced for the first one configured. */
export function authNamespace(state: AirlockState): ChainNamespace | null {
  const namespaces = state.options.networks.map((n) => n.chainNamespace)
  return namespaces.includes('eip155') ? 'eip155' : namespaces.includes('solana') ? 'solana' : null
}

/**
 * Registers the auth provider and announces the AUTH connector at start (when email or socials
 * are on), then runs its RPC requests: safe ones straight to the frame, unsafe ones after the
 * person approves them in ApproveTransaction (SPEC 4 "Signing requests"). Closing the modal, a
 * disallowed request or a disconnect ends open requests; after a success the balance refreshes
 * and the stack pops, or the modal closes.
 * @example createStore({ …, epics: { authProvider: authProviderEpic } })
 */
export const authProviderEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    filter(ofType('app/started')),
    take(1),
    mergeMap((): Observable<Action> => {
      const state = state$.value
      const namespace = authNamespace(state)
      if (!namespace || (!state.options.features.email && state.options.features.socials === false)) return EMPTY
      return new Observable<Action>((subscriber) => {
        const jobs = new Subject<RpcJob>()
        const provider = createAuthProvider({ state: () => state$.value, emit: (a) => subscriber.next(a), submit: (job) => jobs.next(job), id: deps.id })
        deps.providers.register(AUTH_CONNECTOR_ID, provider)
        const connector: ConnectorInfo = { id: AUTH_CONNECTOR_ID, name: 'Email and social login', type: 'AUTH', namespace, installed: true }
        subscriber.next({ type: 'connectors/announced', connector })
        const running = jobs.pipe(mergeMap((job) => runJob(job, action$, state$, deps))).subscribe(subscriber)
        return () => {
          running.unsubscribe()
          deps.providers.unregister(AUTH_CONNECTOR_ID)
        }
      })
    }),
  )

function runJob(job: RpcJob, action$: Observable<Action>, state$: StateObservable<AirlockState>, deps: AirlockDeps): Observable<Action> {
  const unsafe = !isFrameRpcMethodSafe(job.request.method)
  const send$ = frameRequest(action$, deps, appMessage('RPC_REQUEST', job.request), (reply): Action[] => {
    if (!reply.ok) {
      job.reject(new BaseError(reply.error.message, reply.error.code === undefined ? {} : { code: reply.error.code }))
      if (!unsafe) return alertActions(reply.error, reply.reason)
      return [{ type: 'auth/requestSettled', id: job.id, error: reply.error }, ...afterFailure(state$.value, job.id, reply.error, deps), ...alertActions(reply.error, reply.reason)]
    }
    job.resolve(reply.payload)
    return unsafe ? [{ type: 'auth/requestSettled', id: job.id }, ...afterSuccess(state$.value, job.id)] : []
  })
  if (!unsafe) return send$
  const open = openApproval(state$.value)
  const decision$ = action$.pipe(
    filter(
      (a) =>
        ((a.type === 'auth/requestApproved' || a.type === 'auth/requestRejected') && a.id === job.id) ||
        a.type === 'modal/closeRequested' ||
        a.type === 'auth/requestNotAllowed' ||
        a.type === 'connection/disconnected',
    ),
    take(1),
    mergeMap((a): Observable<Action> => {
      if (a.type === 'auth/requestApproved') return send$
      if (a.type === 'auth/requestRejected') {
        job.reject(new BaseError(USER_REJECTED_MESSAGE, { code: 4001 }))
        return from(afterSuccess(state$.value, job.id))
      }
      // SPEC 8: 'Request was aborted' when the modal closes; the disallowed method's own message otherwise.
      const message = a.type === 'auth/requestNotAllowed' ? RPC_NOT_ALLOWED_MESSAGE : FRAME_ERRORS.rpcAborted
      job.reject(new BaseError(message, { code: a.type === 'auth/requestNotAllowed' ? 4200 : 4001 }))
      return of({ type: 'auth/requestSettled', id: job.id })
    }),
  )
  return merge(decision$, from<Action[]>([{ type: 'auth/approvalRequested', approval: { id: job.id, method: job.request.method, summary: summarize(job.request) } }, ...open]))
}

/** SPEC 4: the balance refreshes, then the stack pops or the modal closes (unless more requests wait). */
function afterSuccess(state: AirlockState, id: string): Action[] {
  const actions: Action[] = []
  const connection = Object.values(state.connection.namespaces).find((c) => c?.connectorId === AUTH_CONNECTOR_ID && c.status === 'connected')
  if (connection?.caipAddress) actions.push({ type: 'balance/fetchRequested', caipAddress: connection.caipAddress, force: true })
  return [...actions, ...leaveApproval(state, id)]
}

/**
 * SPEC 4 "After a failure, the stack pops with 'error' or the modal closes": the view is left
 * like after a success, and the frame's message goes to an error toast so it is not lost with it.
 */
function afterFailure(state: AirlockState, id: string, error: { message: string }, deps: Pick<AirlockDeps, 'id'>): Action[] {
  return [{ type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message: error.message } }, ...leaveApproval(state, id)]
}

/** Pops ApproveTransaction, or closes the modal when it is the only view; stays while other requests wait. */
function leaveApproval(state: AirlockState, id: string): Action[] {
  if (state.auth.approvals.some((a) => a.id !== id) || !state.modal.open || state.router.view !== 'ApproveTransaction') return []
  return [state.router.history.length > 1 ? { type: 'router/backRequested' } : { type: 'modal/closeRequested' }]
}
