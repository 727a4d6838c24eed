import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { SiwxEpicName } from './lazySiwxEpics.js'
import { siwxCancelEpic } from './siwxCancelEpic.js'
import { siwxCloseGuardEpic } from './siwxCloseGuardEpic.js'
import { siwxCheckEpic } from './siwxCheckEpic.js'
import { siwxSignEpic } from './siwxSignEpic.js'
import { siwxSignOutEpic } from './siwxSignOutEpic.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The sign-in flow's epics (SPEC 4). `createAirlock` loads them lazily (`lazySiwxEpics`) when a
 * `siwx` or `siweConfig` option is set; they read the config from `deps.siwx`.
 * @example createStore({ …, epics: { ...siwxEpics } })
 */
export const siwxEpics: Readonly<Record<SiwxEpicName, Epic<Action, AirlockState, AirlockDeps>>> = {
  siwxCheck: siwxCheckEpic,
  siwxSign: siwxSignEpic,
  siwxCancel: siwxCancelEpic,
  siwxCloseGuard: siwxCloseGuardEpic,
  siwxSignOut: siwxSignOutEpic,
}
