import type { Action } from './actions/types.js'
import { reduceAll } from './reduceAll.js'
import type { AirlockState } from './state.js'
export { createInitialState } from './createInitialState.js'

/**
 * Folds one action into the state: every slice, as `replay` does. The store of `createAirlock`
 * folds the late slices (core/lateSliceKeys.ts) when their code arrives, to the same result.
 * Unchanged slices keep their identity; an action that changes nothing returns `state` itself.
 * @example const next = rootReducer(state, { type: 'modal/openRequested' })
 */
export function rootReducer(state: AirlockState, action: Action): AirlockState {
  return reduceAll(state, action)
}
