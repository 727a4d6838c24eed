import type { FrameFailureReason } from '../../actions/frame.js'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { alertFor, alertForServerMessage, type AlertCode } from '../../errors/alerts.js'

/**
 * The alert a failed frame request raises, if any: SPEC 8 server message mapping (origin not
 * allowed, JWT not yet valid, invalid key), a request timeout, or a frame that never loaded.
 * @example alertActions({ message: 'Unauthorized: origin not allowed' }, 'error') // [{ type: 'alerts/raised', … }]
 */
export function alertActions(error: ErrorInfo, reason: FrameFailureReason = 'error'): Action[] {
  const code: AlertCode | null =
    reason === 'timeout' ? 'IFRAME_REQUEST_TIMEOUT' : reason === 'notLoaded' ? 'IFRAME_LOAD_FAILED' : alertForServerMessage(error.message)
  return code ? [{ type: 'alerts/raised', alert: alertFor(code) }] : []
}

/** A failed login step: the view shows the message, and a known server message raises its alert. */
export function loginFailedActions(error: ErrorInfo, reason?: FrameFailureReason): Action[] {
  return [{ type: 'auth/loginFailed', error: { message: error.message, ...(error.code === undefined ? {} : { code: error.code }) } }, ...alertActions(error, reason)]
}
