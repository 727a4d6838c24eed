import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { lazyEpics } from '../../store/lazyEpic.js'
import type { Epic } from '../../store/types.js'

export const AUTH_EPIC_NAMES = [
  'authProvider',
  'authEmailLogin',
  'authCooldown',
  'authNotAllowed',
  'authSessionCheck',
  'authSignOut',
  'authSocial',
  'authFarcaster',
  'authUpdateEmail',
  'authAccountType',
  'authLoginLeft',
  'authSwitchNetwork',
  'authNamespace',
  'authSyncFrame',
] as const
export type AuthEpicName = (typeof AUTH_EPIC_NAMES)[number]

/**
 * The auth connector's epics for `createAirlock`, each loading its code when the store starts
 * (see `lazyEpic`): nothing of it, nor zod, reaches the page's entry chunk. One dynamic import for
 * the whole connector (and the frame protocol with zod it needs).
 * @example createStore({ …, epics: { ...lazyAuthEpics } })
 */
export const lazyAuthEpics: Readonly<Record<AuthEpicName, Epic<Action, AirlockState, AirlockDeps>>> = lazyEpics(AUTH_EPIC_NAMES, (name) => import('./authEpics.js').then((m) => m.authEpics[name]))
