import type { Action } from './actions/types.js'
import { resolveOptions } from './options/resolveOptions.js'
import { createInitialState } from './createInitialState.js'
import { rootReducer } from './rootReducer.js'
import type { AirlockState } from './state.js'
import { replayWith, type ReplayInput } from './store/replayWith.js'

/**
 * Rebuilds Airlock state from an event log alone: `log.export()`, its parsed
 * object, or a bare entry list (then from `initialState`, or the defaults).
 * @example const state = replay(airlock.log.export()) // deep-equals airlock.getState()
 */
export function replay(input: ReplayInput<AirlockState, Action>, initialState?: AirlockState): AirlockState {
  return replayWith<AirlockState, Action>(rootReducer, initialState ?? createInitialState(resolveOptions({}).options))(input, initialState)
}
