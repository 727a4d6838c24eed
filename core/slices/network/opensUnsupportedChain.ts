import type { Action } from '../../actions/types.js'
import type { AirlockState } from '../../state.js'
import { isSupported } from '../connection/isSupported.js'

/**
 * SPEC 4: the UnsupportedChain view opens when the wallet moves to a network
 * the app does not support, switching is enabled and unsupported chains are
 * not allowed.
 */
export function opensUnsupportedChain(action: Action, root: AirlockState): boolean {
  if (action.type !== 'network/chainChanged') return false
  const { options } = root
  return !isSupported(options, action.caipNetworkId) && options.enableNetworkSwitch && !options.allowUnsupportedChain
}

/** The wallet came back to a supported network while UnsupportedChain was showing. */
export function leavesUnsupportedChain(action: Action, root: AirlockState): boolean {
  if (root.router.view !== 'UnsupportedChain' || !root.modal.open) return false
  if (action.type === 'network/chainChanged' || action.type === 'network/activeChanged') return isSupported(root.options, action.caipNetworkId)
  return action.type === 'connection/disconnected'
}
