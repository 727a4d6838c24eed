import type { Action } from './actions/types.js'
import type { ChainNamespace } from './chains/types.js'
import type { AirlockDeps } from './deps.js'
import type { AirlockState } from './state.js'
import type { Epic } from './store/types.js'

/**
 * A chain adapter: the epics that speak to one chain family's wallets. They
 * share the store's deps (providers, scheduler, http) like every other epic.
 * @example createAirlock({ networks: [mainnet], adapters: [evmAdapter()] })
 */
export interface AirlockAdapter {
  readonly namespace: ChainNamespace
  readonly epics: Readonly<Record<string, Epic<Action, AirlockState, AirlockDeps>>>
}
