import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { lazyEpics } from '../store/lazyEpic.js'
import type { Epic } from '../store/types.js'

// Kept in step with FRAME_EPIC_NAMES in frameEpics.ts (a test checks it); importing that list would pull zod in.
const NAMES = ['frameStart', 'frameLoad', 'frameListener', 'frameRequest', 'frameVisibility'] as const

/**
 * The secure frame epics for `createAirlock`, each loading its code on start (see `lazyEpic`):
 * nothing of the frame, zod or the protocol lands in the page's entry chunk. One dynamic import for
 * the whole transport: pages without email or social login never fetch it.
 * @example createStore({ …, epics: { ...lazyFrameEpics } })
 */
export const lazyFrameEpics: Readonly<Record<(typeof NAMES)[number], Epic<Action, AirlockState, AirlockDeps>>> = lazyEpics(NAMES, (name) => import('./frameEpics.js').then((m) => m.frameEpics[name]))
