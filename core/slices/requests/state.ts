import type { RequestsState } from '../../state.js'

/** The wallet requests slice before anything happened: apart from its reducer, which loads after the first paint (core/lateSliceKeys.ts). */
export const initialRequestsState: RequestsState = { pending: {} }
