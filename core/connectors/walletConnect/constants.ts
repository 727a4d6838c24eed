/** The connector id every WalletConnect namespace connection carries (state, storage, `deps.providers`). */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'
export const WALLET_CONNECT_NAME = 'WalletConnect'

/** SPEC 8 wording. */
export const SIGN_CLIENT_NOT_INITIALIZED = 'Sign Client not initialized'
export const CONNECTOR_NOT_FOUND = 'WalletConnectConnector not found'
export const CONNECT_BEFORE_REQUEST = 'Please call connect() before request()'
/** Shown when the wallet declines the session proposal (WalletConnect 5000-5002, EIP-1193 4001). */
export const CONNECTION_DECLINED = 'User rejected the request.'
// Lives with the other timings; still exported here, where its tests import it from.
export { RELAY_UNREACHABLE_AFTER_MS } from '../../constants/timing.js'
/** Shown when the relay cannot be reached or the SDK fails before a URI appears. */
export const PAIRING_FAILED = 'Could not reach WalletConnect. Check your connection and try again.'
