import type { Action } from '../../actions/types.js'
import type { AirlockState } from '../../state.js'

/**
 * What shows ApproveTransaction from here: open the modal on it, push it onto an open modal, or
 * nothing when it is already showing (a second request queues behind the first).
 * @example of(...openApproval(state$.value))
 */
export function openApproval({ modal, router }: Pick<AirlockState, 'modal' | 'router'>): Action[] {
  if (!modal.open) return [{ type: 'modal/openRequested', view: 'ApproveTransaction' }]
  return router.view === 'ApproveTransaction' ? [] : [{ type: 'router/pushRequested', view: 'ApproveTransaction' }]
}
