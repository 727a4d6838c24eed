import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { lazyEpic } from '../store/lazyEpic.js'
import type { Epic } from '../store/types.js'

// Kept in step with FRAME_EPIC_NAMES in frameEpics.ts (a test checks it); importing that list would pull zod in.
const NAMES = ['frameStart', 'frameLoad', 'frameListener', 'frameRequest', 'frameVisibility'] as const

/** One dynamic import for the whole transport: pages without email or social login never fetch it. */
const load = () => import('./frameEpics.js')

/**
 * The secure frame epics for `createAirlock`, each loading its code on start (see `lazyEpic`):
 * nothing of the frame, zod or the protocol lands in the page's entry chunk.
 * @example createStore({ …, epics: { ...lazyFrameEpics } })
 */
export const lazyFrameEpics: Readonly<Record<(typeof NAMES)[number], Epic<Action, AirlockState, AirlockDeps>>> = Object.fromEntries(
  NAMES.map((name) => [name, lazyEpic(() => load().then((m) => m.frameEpics[name]))]),
) as Record<(typeof NAMES)[number], Epic<Action, AirlockState, AirlockDeps>>
