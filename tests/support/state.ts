import { BehaviorSubject } from 'rxjs'
import type { Action } from '../../core/actions/types.js'
import { resolveOptions, type AirlockOptions } from '../../core/options/resolveOptions.js'
import { createInitialState, rootReducer } from '../../core/rootReducer.js'
import type { AirlockState } from '../../core/state.js'
import type { StateObservable } from '../../core/store/types.js'

/** A fresh initial state for the given options. */
export function initialState(options: AirlockOptions = {}): AirlockState {
  return createInitialState(resolveOptions(options).options)
}

/** Folds actions over a state with the real root reducer. */
export function reduce(state: AirlockState, ...actions: Action[]): AirlockState {
  return actions.reduce(rootReducer, state)
}

/**
 * A `state$` for calling an epic as a plain function: it follows the given
 * actions through the real reducer, the way the store does.
 */
export function stateFollowing(initial: AirlockState): { state$: StateObservable<AirlockState>; apply(action: Action): void } {
  const subject = new BehaviorSubject(initial)
  const state$ = Object.defineProperty(subject.asObservable(), 'value', { get: () => subject.value }) as StateObservable<AirlockState>
  return { state$, apply: (action) => subject.next(rootReducer(subject.value, action)) }
}
