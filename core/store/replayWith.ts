import { foldExport, parseLog, type ReplayInput } from './parseLog.js'
import type { AnyAction, Reducer } from './types.js'

export type { ReplayInput } from './parseLog.js'

/**
 * Folds a log over a reducer. An export carries its own starting state; a bare
 * entry list starts from `initialState`. The input is validated (`parseLog`).
 * @example const state = replayWith(rootReducer, defaultState)(log.export())
 */
export function replayWith<S, A extends AnyAction>(reducer: Reducer<S, A>, defaultInitialState: S) {
  return (input: ReplayInput<S, A>, initialState?: S): S => {
    // An export string in the layout log.export() writes is folded a batch at a time (foldExport); anything else is read whole.
    const folded = typeof input === 'string' ? foldExport(input, reducer, initialState) : undefined
    if (folded) return folded.state
    const log = parseLog<S, A>(input)
    // An export's own state, unless the caller gives one; a bare list starts from the default.
    let state = initialState ?? (log.bare ? defaultInitialState : (log.initialState as S))
    for (const entry of log.entries) state = reducer(state, entry.action)
    return state
  }
}
