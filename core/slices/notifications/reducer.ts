import type { Action } from '../../actions/types.js'
import type { NotificationsState } from '../../state.js'

export { initialNotificationsState } from './state.js'

/**
 * One toast at a time (SPEC 4): a second one closes the first and waits in
 * `pending`; the swap epic shows it after the swap delay.
 */
export function notificationsReducer(state: NotificationsState, action: Action): NotificationsState {
  switch (action.type) {
    case 'notifications/showRequested':
      if (state.current && state.open) return { current: state.current, open: false, pending: action.notification }
      if (state.pending) return { ...state, pending: action.notification }
      return { current: action.notification, open: true, pending: null }
    case 'notifications/swapped':
      return state.pending ? { current: state.pending, open: true, pending: null } : state
    case 'notifications/dismissRequested':
      if (!state.current || (action.id !== undefined && action.id !== state.current.id)) return state
      return state.open ? { ...state, open: false } : state
    case 'notifications/expired':
      return state.current?.id === action.id && state.open ? { ...state, open: false } : state
    default:
      return state
  }
}
