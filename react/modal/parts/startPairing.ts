import type { Airlock } from '../../../core/createAirlock.js'
import type { AirlockState } from '../../../core/state.js'

/** WalletConnect can pair: `createAirlock` wires its connector only with a projectId and `enableWalletConnect` on. */
export function selectWalletConnectEnabled(state: AirlockState): boolean {
  return Boolean(state.options.projectId) && state.options.enableWalletConnect
}

/**
 * Starts a WalletConnect pairing (for a chosen registry wallet, or any wallet) unless one is
 * running or a session is live: StrictMode mounting twice, or a second hook, makes one pairing.
 * Its URI and expiry then arrive in `walletConnect.uriRef` / `expiresAt`.
 * @example startPairing(airlock, { id: 'rainbow', name: 'Rainbow' })
 */
export function startPairing(airlock: Airlock, wallet?: { readonly id: string; readonly name: string }): void {
  const { status } = airlock.getState().walletConnect
  if (status === 'pairing' || status === 'connected') return
  airlock.dispatch({ type: 'walletConnect/connectRequested', ...(wallet ? { wallet: { id: wallet.id, name: wallet.name } } : {}) })
}

/**
 * Starts a new pairing even while one runs (a retry, another wallet chosen): the pairing epic
 * drops the old one, and a fresh URI replaces the old as soon as it is made.
 * @example restartPairing(airlock)
 */
export function restartPairing(airlock: Airlock, wallet?: { readonly id: string; readonly name: string }): void {
  airlock.dispatch({ type: 'walletConnect/connectRequested', ...(wallet ? { wallet: { id: wallet.id, name: wallet.name } } : {}) })
}
