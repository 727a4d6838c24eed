import type { BalancesState } from '../../state.js'

/** The balances slice before anything happened: apart from its reducer, which loads after the first paint (core/lateSliceKeys.ts). */
export const initialBalancesState: BalancesState = { native: {}, failedAt: {}, loading: {} }
