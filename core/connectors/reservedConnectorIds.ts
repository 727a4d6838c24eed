import { LEGACY_INJECTED_ID } from '../slices/connectors/selectors.js'
import { AUTH_CONNECTOR_ID } from './auth/authSession.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './walletConnect/constants.js'

/** The ids of Airlock's own connectors: the legacy `window.ethereum`, the embedded wallet, WalletConnect. */
export const RESERVED_CONNECTOR_IDS: readonly string[] = [LEGACY_INJECTED_ID, AUTH_CONNECTOR_ID, WALLET_CONNECT_CONNECTOR_ID]

const reserved = new Set(RESERVED_CONNECTOR_IDS.map((id) => id.toLowerCase()))

/**
 * True for an id one of Airlock's own connectors uses, in any case: a wallet's announcement may
 * not take it, or it would replace that connector's entry and the provider behind it (review L-5).
 * @example isReservedConnectorId('walletConnect') // true
 */
export function isReservedConnectorId(id: string): boolean {
  return reserved.has(id.toLowerCase())
}
