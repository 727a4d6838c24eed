import type { Action } from './actions/types.js'
import type { AirlockAdapter } from './adapters.js'
import type { ChainNamespace } from './chains/types.js'
import type { AirlockDeps } from './deps.js'
import type { AirlockState } from './state.js'
import { lazyEpic } from './store/lazyEpic.js'
import type { Epic } from './store/types.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/**
 * An adapter whose epics live in a chunk fetched when the store starts them (after the first
 * paint): the page's entry holds only the names. `load` brings every epic at once; a failed load is
 * tried again when the store restarts an epic.
 * @example lazyAdapter('solana', ['connect'], () => import('./solanaEpics.js').then((m) => m.solanaEpics()))
 */
export function lazyAdapter<N extends string>(namespace: ChainNamespace, names: readonly N[], load: () => Promise<Record<N, AirlockEpic>>): AirlockAdapter {
  let loading: Promise<Record<N, AirlockEpic>> | undefined
  const all = (): Promise<Record<N, AirlockEpic>> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return { namespace, epics: Object.fromEntries(names.map((name) => [name, lazyEpic(() => all().then((epics) => epics[name]))])) }
}
