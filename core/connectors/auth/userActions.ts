import type { Action } from '../../actions/types.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../../chains/types.js'
import type { FrameUser } from '../../frame/protocol.js'
import type { SocialProvider } from '../../options/features.js'
import type { AirlockState } from '../../state.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'

/** Views the login runs in: a finished login closes the modal from them. */
const LOGIN_VIEWS: readonly string[] = ['Connect', 'EmailVerifyOtp', 'EmailVerifyDevice', 'ConnectingSocial', 'ConnectingFarcaster']

/** The frame's chain id (a number, `eip155:1`, or a Solana reference) as a CAIP-2 id. */
export function toCaipNetworkId(chainId: string | number, fallback: ChainNamespace = 'eip155'): CaipNetworkId {
  if (typeof chainId === 'number' || /^\d+$/.test(chainId)) return `eip155:${Number(chainId)}`
  return chainId.includes(':') ? (chainId as CaipNetworkId) : `${fallback}:${chainId}`
}

/**
 * The actions of a loaded user (GET_USER, CONNECT_SOCIAL): the login facts first, the modal closed
 * when the person is still on a login view, then the account and its chain (SPEC 4 "Connection").
 * @example userActions(state, user, null)
 */
export function userActions(state: AirlockState, user: FrameUser, social: SocialProvider | null): Action[] {
  const caipNetworkId = toCaipNetworkId(user.chainId, state.connection.activeNamespace ?? 'eip155')
  const namespace = caipNetworkId.split(':')[0] as ChainNamespace
  const accountType = user.preferredAccountType ?? 'eoa'
  // The preferred account first, then the others, each once.
  const addresses = [user.address, ...(user.accounts ?? []).map((a) => a.address)].filter((a, i, all) => all.indexOf(a) === i)
  const accounts = addresses.map((address): CaipAddress => `${caipNetworkId}:${address}`)
  const actions: Action[] = [
    { type: 'auth/userLoaded', userName: user.userName ?? null, accountType, smartAccountDeployed: user.smartAccountDeployed ?? false, social },
  ]
  if (state.modal.open && LOGIN_VIEWS.includes(state.router.view)) actions.push({ type: 'modal/closeRequested' })
  actions.push(
    { type: 'connection/accountConnected', namespace, caipAddress: accounts[0]!, connectorId: AUTH_CONNECTOR_ID, accounts },
    { type: 'network/chainChanged', namespace, caipNetworkId },
  )
  return actions
}
