import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { lazyEpics } from '../../store/lazyEpic.js'
import type { Epic } from '../../store/types.js'

export const SIWX_EPIC_NAMES = ['siwxCheck', 'siwxSign', 'siwxCancel', 'siwxCloseGuard', 'siwxSignOut'] as const
export type SiwxEpicName = (typeof SIWX_EPIC_NAMES)[number]

/**
 * The sign-in epics for `createAirlock`, each loading its code on start (see `lazyEpic`), so the
 * flow adds nothing to the entry chunk. Actions dispatched meanwhile are handed over in order. One
 * dynamic import for the whole flow: a page with sign-in fetches it once, a page without never.
 * @example createStore({ …, epics: { ...lazySiwxEpics } })
 */
export const lazySiwxEpics: Readonly<Record<SiwxEpicName, Epic<Action, AirlockState, AirlockDeps>>> = lazyEpics(SIWX_EPIC_NAMES, (name) => import('./siwxEpics.js').then((m) => m.siwxEpics[name]))
