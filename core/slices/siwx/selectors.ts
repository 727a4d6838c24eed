import type { CaipAddress } from '../../chains/types.js'
import { isSupported } from '../connection/isSupported.js'
import { selectCaipAddress } from '../connection/selectors.js'
import { selectConnector } from '../connectors/selectors.js'
import type { AirlockState } from '../../state.js'

/** Views the person cannot close while a required sign-in has no session (SPEC 4). */
const GUARDED_VIEWS: readonly string[] = ['ApproveTransaction', 'SIWXSignMessage']

/**
 * SPEC 4: closing is disabled when sign-in is required, there are zero sessions, and the view
 * is ApproveTransaction or SIWXSignMessage.
 * @example if (selectSiwxCloseDisabled(state)) dispatch({ type: 'modal/shakeRequested' })
 */
export function selectSiwxCloseDisabled(state: AirlockState): boolean {
  return state.options.siwxEnabled && state.siwx.required && state.siwx.sessions.length === 0 && GUARDED_VIEWS.includes(state.router.view)
}

/**
 * The account sign-in should cover now: the active, wallet-confirmed address on one of the
 * app's networks; undefined while disconnected, connecting or on an unsupported chain.
 * @example state$.pipe(map(selectSiwxAccount), distinctUntilChanged())
 */
export function selectSiwxAccount(state: AirlockState): CaipAddress | undefined {
  if (!state.options.siwxEnabled) return undefined
  const caipAddress = selectCaipAddress(state)
  if (!caipAddress) return undefined
  const caipNetworkId = caipAddress.slice(0, caipAddress.lastIndexOf(':'))
  return isSupported(state.options, caipNetworkId) ? caipAddress : undefined
}

/**
 * SPEC 8: a smart account was in use, so a failure reads 'This application might not support
 * Smart Accounts'. Only embedded (auth) wallets hand out smart accounts, when the namespace's
 * default account type is one.
 */
export function selectIsSmartAccount(state: AirlockState): boolean {
  const namespace = state.connection.activeNamespace
  const connection = namespace ? state.connection.namespaces[namespace] : undefined
  const connector = selectConnector(state, connection?.connectorId)
  const embedded = connector?.type === 'AUTH' || connector?.type === 'ID_AUTH'
  return embedded && namespace !== null && state.options.defaultAccountTypes[namespace] === 'smartAccount'
}
