import type { NotificationsState } from '../../state.js'

/** The toasts slice before anything happened: apart from its reducer, which loads after the first paint (core/lateSliceKeys.ts). */
export const initialNotificationsState: NotificationsState = { current: null, open: false, pending: null }
