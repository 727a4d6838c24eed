import { concat, defer, EMPTY, from, type Observable } from 'rxjs'
import type { FrameFailureReason } from '../../actions/frame.js'
import type { Action, ErrorInfo } from '../../actions/types.js'
import type { CaipNetworkId } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { SocialProvider } from '../../options/features.js'
import { selectActiveNetwork } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import type { StateObservable } from '../../store/types.js'
import { authSession } from './authSession.js'
import { writeAuthItems } from './authStorage.js'
import { loginFailedActions } from './failureActions.js'
import { userActions } from './userActions.js'

/**
 * After the frame says CONNECT: GET_USER on the active chain (or `target`, another namespace's
 * network) with the preferred account type, then the account facts. SPEC 4: on success the login is marked used, the email stored and the
 * last-email-login time cleared.
 * @example loadUser(action$, state$, deps, null)
 */
export function loadUser(
  action$: Observable<Action>,
  state$: StateObservable<AirlockState>,
  deps: AirlockDeps,
  social: SocialProvider | null,
  /** What follows the failure actions when GET_USER fails (the session check decides whether to keep the cache). */
  onFailed: (failure: { error: ErrorInfo; reason: FrameFailureReason }) => Observable<Action> = () => EMPTY,
  target?: CaipNetworkId,
): Observable<Action> {
  return defer(() => {
    const network = state$.value.options.networks.find((n) => n.caipNetworkId === target) ?? selectActiveNetwork(state$.value)
    const preferred = state$.value.options.defaultAccountTypes[network.chainNamespace]
    const payload: { chainId: number | string; preferredAccountType?: 'eoa' | 'smartAccount' } = {
      chainId: network.chainNamespace === 'eip155' && typeof network.id === 'number' ? network.id : network.caipNetworkId,
      ...(preferred === 'eoa' || preferred === 'smartAccount' ? { preferredAccountType: preferred } : {}),
    }
    return frameRequest(action$, deps, appMessage('GET_USER', payload), (reply) => {
      if (!reply.ok) return concat(from(loginFailedActions(reply.error, reply.reason)), onFailed(reply))
      const session = authSession(deps.providers)
      if (reply.payload.email) session.email = reply.payload.email
      // Best effort and not awaited: the storage layer queues it before any later read.
      void writeAuthItems(deps.storage, {
        walletEmailLoginUsed: true,
        walletLastEmailLoginTime: null,
        ...(session.email ? { walletEmail: session.email } : {}),
        ...(reply.payload.userName ? { walletSocialUsername: reply.payload.userName } : {}),
        ...(social && social !== 'farcaster' ? { connectedSocial: social } : {}),
      })
      return userActions(state$.value, reply.payload, social)
    })
  })
}
