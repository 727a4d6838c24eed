import type { Action } from './actions/types.js'
import { eagerSliceMask } from './eagerSliceTypes.js'
import { reduceEagerSlices } from './reduceEagerSlices.js'
import { reduceLateSlices } from './lateSlices.js'
import type { AirlockState } from './state.js'

/**
 * `rootReducer`'s body, in a module no entry re-exports: lazy code (the devtools) folds with it.
 * esbuild gives a module that the page's barrel (core/index.ts) re-exports to the page's own chunk
 * as soon as any lazy chunk imports it directly, so lazy code never imports a barrel's module.
 */
export function reduceAll(state: AirlockState, action: Action): AirlockState {
  return reduceLateSlices(reduceEagerSlices(state, action, eagerSliceMask(action.type)), action)
}
