import { EMPTY, exhaustMap, filter, from, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { NETWORK_NOT_FOUND_MESSAGE, switchFailed } from '../../chains/switchFailed.js'
import type { ChainNamespace } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'
import { alertActions } from './failureActions.js'
import { toCaipNetworkId, userActions } from './userActions.js'

/** SPEC 6: the embedded wallet has an account on these namespaces. */
const AUTH_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
/** The frame's word for a chain it does not serve. */
const CHAIN_NOT_SUPPORTED_MESSAGE = 'Chain is not supported'

/**
 * Switching the network of an email or social account (SPEC 3 SWITCH_NETWORK): the frame moves
 * the account to the chain (an EVM chain by its number, others by their CAIP-2 id), then the app
 * follows. A failure keeps the network and shows the same error toast as for other wallets; a
 * known server message raises its alert too. One switch at a time.
 * @example store.dispatch({ type: 'network/switchRequested', caipNetworkId: 'eip155:8453' })
 */
export const switchNetworkEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('network/switchRequested'),
    filter(({ caipNetworkId }) => {
      const connection = state$.value.connection.namespaces[caipNetworkId.split(':')[0] as ChainNamespace]
      return connection?.status === 'connected' && connection.connectorId === AUTH_CONNECTOR_ID
    }),
    exhaustMap(({ caipNetworkId }): Observable<Action> => {
      const network = state$.value.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!network) return from(switchFailed(caipNetworkId, { message: NETWORK_NOT_FOUND_MESSAGE }, deps.id()))
      const chainId = network.chainNamespace === 'eip155' && typeof network.id === 'number' ? network.id : caipNetworkId
      return frameRequest(action$, deps, appMessage('SWITCH_NETWORK', { chainId }), (reply): Action[] =>
        reply.ok ? [{ type: 'network/activeChanged', caipNetworkId }] : [...switchFailed(caipNetworkId, reply.error, deps.id()), ...alertActions(reply.error, reply.reason)],
      )
    }),
  )


/**
 * Switching an email or social login to a network of its other namespace (EVM to Solana, or back)
 * brings up that namespace's account of the same login (SPEC 4: one login, an account per chain
 * family): GET_USER on the target network, whose answer connects the namespace on the auth
 * connector. The network itself became active at once (the namespace's own switch epic); a
 * failure, or a frame that stays on another family, says so in the switch toast.
 * @example store.dispatch({ type: 'network/switchRequested', caipNetworkId: airlockSolanaLocal.caipNetworkId })
 */
export const authNamespaceEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('network/switchRequested'),
    filter(({ caipNetworkId }) => {
      const state = state$.value
      const namespace = caipNetworkId.split(':')[0] as ChainNamespace
      const target = state.connection.namespaces[namespace]
      if (!AUTH_NAMESPACES.includes(namespace) || (target && target.status !== 'disconnected')) return false
      return Object.values(state.connection.namespaces).some((c) => c?.connectorId === AUTH_CONNECTOR_ID && c.status === 'connected')
    }),
    exhaustMap(({ caipNetworkId }): Observable<Action> => {
      const network = state$.value.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!network) return EMPTY
      const chainId = network.chainNamespace === 'eip155' && typeof network.id === 'number' ? network.id : caipNetworkId
      return frameRequest(action$, deps, appMessage('GET_USER', { chainId }), (reply): Action[] => {
        if (!reply.ok) return [...switchFailed(caipNetworkId, reply.error, deps.id()), ...alertActions(reply.error, reply.reason)]
        const landed = toCaipNetworkId(reply.payload.chainId, network.chainNamespace)
        if (landed !== caipNetworkId) return switchFailed(caipNetworkId, { message: CHAIN_NOT_SUPPORTED_MESSAGE }, deps.id())
        return userActions(state$.value, reply.payload, state$.value.auth.social)
      })
    }),
  )
