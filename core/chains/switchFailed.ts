import type { Action, ErrorInfo } from '../actions/types.js'
import type { CaipNetworkId } from './types.js'

export const NETWORK_NOT_FOUND_MESSAGE = 'Network not found'
export const SWITCH_FAILED_TOAST = 'Network switch failed'

/**
 * `network/switchFailed` and the error toast that always follows it (every adapter's switch).
 * @example switchFailed('eip155:8453', { message: 'Network not found' }, deps.id())
 */
export function switchFailed(caipNetworkId: CaipNetworkId, error: ErrorInfo, toastId: string): Action[] {
  return [
    { type: 'network/switchFailed', caipNetworkId, error },
    { type: 'notifications/showRequested', notification: { id: toastId, variant: 'error', message: SWITCH_FAILED_TOAST, description: error.message } },
  ]
}
