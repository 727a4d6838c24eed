import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { lazyEpics } from '../store/lazyEpic.js'
import type { Epic } from '../store/types.js'
import type { REGISTRY_EPIC_NAMES } from './registryEpics.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>
type Name = (typeof REGISTRY_EPIC_NAMES)[number]
const NAMES: readonly Name[] = ['registryLists', 'registryPages', 'registrySearch', 'registryPreload']

/** The modal's first open, or a headless wallet list (`useWalletList`) mounting. */
const TRIGGERS: readonly Action['type'][] = ['modal/openRequested', 'registry/loadRequested']

/**
 * The registry epics for `createAirlock`: their code (one dynamic import for all four) and their
 * first request wait for the first `modal/openRequested` or `registry/loadRequested`, so a page
 * whose visitor never opens the modal never calls the registry (the chunk itself comes with the
 * modal's at idle, see react/modal/Modal.tsx); then actions flow to them in order.
 * @example createStore({ …, epics: { ...lazyRegistryEpics } })
 */
export const lazyRegistryEpics: Readonly<Record<Name, AirlockEpic>> = lazyEpics(NAMES, (name) => import('./registryEpics.js').then((m) => m.registryEpics[name]), TRIGGERS)
