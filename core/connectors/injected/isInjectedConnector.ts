import type { AirlockState } from '../../state.js'
import { selectConnector } from '../../slices/connectors/selectors.js'

/**
 * True when the EVM adapter speaks to this connector's provider itself: an EIP-6963 or legacy
 * injected wallet, or an id with no announced connector (a provider the host registered).
 * WalletConnect, auth and other connectors are left to their own adapters.
 * @example isInjectedConnector(state, 'io.metamask') // true
 */
export function isInjectedConnector(state: AirlockState, connectorId: string): boolean {
  const connector = selectConnector(state, connectorId)
  if (!connector) return true
  return connector.namespace === 'eip155' && (connector.type === 'ANNOUNCED' || connector.type === 'INJECTED')
}
