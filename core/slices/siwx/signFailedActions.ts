import type { Action, ErrorInfo } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError, toErrorInfo } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import { selectIsSmartAccount } from './selectors.js'
import { SIWX_ERRORS } from './siwxErrors.js'

/**
 * SPEC 4 step 4: after a failed sign-in, reopen the sign view (unless it is already open on
 * something other than ApproveTransaction) and show 'Signature declined', or the smart-account
 * message when one was in use. `cause` keeps the internal reason for the log.
 * @example catchError((error) => from(signFailedActions(state$.value, error, deps)))
 */
export function signFailedActions(state: AirlockState, error: unknown, deps: Pick<AirlockDeps, 'id'>): Action[] {
  const message = selectIsSmartAccount(state) ? SIWX_ERRORS.smartAccount : SIWX_ERRORS.declined
  const actions: Action[] = [{ type: 'siwx/signFailed', error: { message }, cause: causeOf(error) }]
  if (!state.modal.open || state.router.view === 'ApproveTransaction') actions.push({ type: 'modal/openRequested', view: 'SIWXSignMessage' })
  actions.push({ type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message } })
  return actions
}

/** An error as plain data, with a BaseError's details kept: they say which field or check failed. */
export function causeOf(error: unknown): ErrorInfo {
  const info = toErrorInfo(error, 'Unknown error')
  const details = error instanceof BaseError ? error.details : undefined
  return details ? { ...info, message: `${info.message}: ${details.slice(0, 300)}` } : info
}
