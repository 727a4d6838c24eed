import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { lazyEpic } from '../../store/lazyEpic.js'
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

/** One dynamic import for the whole connector (and the frame protocol with zod it needs). */
const load = () => import('./authEpics.js')

/**
 * The auth connector's epics for `createAirlock`, each loading its code when the store starts
 * (see `lazyEpic`): nothing of it, nor zod, reaches the page's entry chunk.
 * @example createStore({ …, epics: { ...lazyAuthEpics } })
 */
export const lazyAuthEpics: Readonly<Record<AuthEpicName, Epic<Action, AirlockState, AirlockDeps>>> = Object.fromEntries(
  AUTH_EPIC_NAMES.map((name) => [name, lazyEpic(() => load().then((m) => m.authEpics[name]))]),
) as Record<AuthEpicName, Epic<Action, AirlockState, AirlockDeps>>
