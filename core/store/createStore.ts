import { createStoreWithCheck, type CreateStoreParameters, type Store } from './createStoreWithCheck.js'
import type { AnyAction, BaseDeps } from './types.js'
import { describeNonSerializable } from './serializable.js'

export { DEFAULT_EPIC_RESTARTS } from './createStoreWithCheck.js'
export type { CreateStoreParameters, Store } from './createStoreWithCheck.js'

/**
 * Creates an event-sourced store: a pure reducer folds actions into state,
 * epics turn actions into effects and more actions, and every action lands
 * in a bounded, redacted log.
 * @example const store = createStore({ reducer, epics: { ping }, deps: { scheduler: asyncScheduler }, initialState })
 */
export function createStore<S, A extends AnyAction, D extends BaseDeps>(params: CreateStoreParameters<S, A, D>): Store<S, A> {
  return createStoreWithCheck(params, describeNonSerializable)
}
