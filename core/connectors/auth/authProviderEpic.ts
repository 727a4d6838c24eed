import { EMPTY, filter, from, map, merge, mergeMap, Observable, Subject, take, takeUntil } from 'rxjs'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { ChainNamespace } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import { FRAME_APPROVAL_TIMEOUT_MS, FRAME_LOAD_TIMEOUT_MS, SIGN_OUT_WAIT_MS } from '../../constants/timing.js'
import { appMessage, frameRequest, isFrameRpcMethodSafe } from '../../frame/index.js'
import { RPC_NOT_ALLOWED_MESSAGE } from '../../chains/evm/rpcMethods.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'
import { createAuthProvider, type RpcJob } from './authProvider.js'
import { alertActions } from './failureActions.js'
import { openApproval } from './openApproval.js'

export const USER_REJECTED_MESSAGE = 'User rejected the request.'
/** EIP-1193 "User Rejected Request": what the frame answers when the person rejects inside it. */
export const USER_REJECTED_CODE = 4001

/** SPEC 6: the auth connector serves eip155 and solana; it is announced for the first one configured. */
export function authNamespace(state: AirlockState): ChainNamespace | null {
  const namespaces = state.options.networks.map((n) => n.chainNamespace)
  return namespaces.includes('eip155') ? 'eip155' : namespaces.includes('solana') ? 'solana' : null
}

/**
 * Registers the auth provider and announces the AUTH connector at start (when email or socials
 * are on), then runs its RPC requests through the frame. Unsafe ones (signing, sending) are
 * answered by the person inside the secure frame: ApproveTransaction only reveals it, and no page
 * action can approve or reject (the wallet decides, never the page). Closing the modal, a
 * disallowed request, signing out (or losing the auth session) or 5 minutes without an answer end
 * open requests, here and in the frame (RPC_ABORT); a frame that reloads under them ends them at
 * once (`reloaded`); after a success the balance refreshes and the stack pops, or the modal
 * closes (SPEC 4 "Signing requests").
 * @example createStore({ …, epics: { authProvider: authProviderEpic } })
 */
export const authProviderEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('app/started'),
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
  const send$ = frameRequest(
    action$,
    deps,
    appMessage('RPC_REQUEST', job.request),
    (reply): Action[] | Observable<Action> => {
      if (reply.ok) {
        job.resolve(reply.payload)
        return unsafe ? [{ type: 'auth/requestSettled', id: job.id }, ...afterSuccess(state$.value, job.id)] : []
      }
      const { error, reason } = reply
      // An abort is the dapp's request ended by the person (closing the modal): 4001 like a rejection.
      const code = error.code ?? (reason === 'aborted' ? USER_REJECTED_CODE : undefined)
      // BaseError keeps options.code as given: an undefined code leaves it undefined, as no code would.
      job.reject(new BaseError(error.message, { code }))
      if (!unsafe) return alertActions(error, reason)
      // Rejected inside the frame, or given up here (modal closed, disconnect): the person's own doing, no toast.
      const quiet = reason === 'aborted' || (reason === 'error' && error.code === USER_REJECTED_CODE)
      const settled: Action[] = [
        { type: 'auth/requestSettled', id: job.id, ...(quiet ? {} : { error }) },
        ...(quiet ? leaveApproval(state$.value, job.id) : afterFailure(state$.value, job.id, error, deps)),
        ...alertActions(error, reason),
      ]
      // The page stopped waiting but the frame may still be asking: take the question back, so
      // nothing given up on here can be approved and sent later.
      return reason === 'aborted' || reason === 'timeout' ? merge(from(settled), abortInFrame(action$, deps, job.id)) : from(settled)
    },
    { id: job.id, timeoutMs: unsafe ? FRAME_APPROVAL_TIMEOUT_MS : FRAME_LOAD_TIMEOUT_MS },
  )
  if (!unsafe) return send$
  // The frame asks the person and answers; the page only ends the wait (SPEC 4 "Signing requests").
  const giveUp$ = action$.pipe(
    ofType('modal/closeRequested', 'auth/requestNotAllowed', 'connection/disconnectRequested', 'connection/disconnected'),
    // Signing out (at once, not after the sign-out wait) or losing the auth session ends it; another wallet's disconnect does not.
    filter((a) =>
      a.type === 'connection/disconnectRequested'
        ? state$.value.connection.namespaces[a.namespace]?.connectorId === AUTH_CONNECTOR_ID
        : a.type !== 'connection/disconnected' || !authConnected(state$.value),
    ),
    take(1),
    takeUntil(
      action$.pipe(
        ofType('auth/requestSettled'),
        filter((a) => a.id === job.id),
      ),
    ),
    map((a): Action => {
      // SPEC 8: 'Request was aborted' (the transport's abort) unless a disallowed method ends it.
      if (a.type === 'auth/requestNotAllowed') job.reject(new BaseError(RPC_NOT_ALLOWED_MESSAGE, { code: 4200 }))
      return { type: 'frame/abortRequested', id: job.id }
    }),
  )
  const intro: Action[] = [{ type: 'auth/approvalRequested', approval: { id: job.id, method: job.request.method } }, ...openApproval(state$.value)]
  return merge(from(intro), send$, giveUp$)
}

function authConnected(state: AirlockState): boolean {
  return Object.values(state.connection.namespaces).some((c) => c?.connectorId === AUTH_CONNECTOR_ID && c.status !== 'disconnected')
}

/** RPC_ABORT for one request; nobody waits on its answer. */
function abortInFrame(action$: Observable<Action>, deps: AirlockDeps, id: string): Observable<Action> {
  return frameRequest(action$, deps, appMessage('RPC_ABORT', { id }), () => [], { timeoutMs: SIGN_OUT_WAIT_MS })
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
