import type { Action } from './actions/types.js'
import type { AirlockDeps } from './deps.js'
import type { AirlockState } from './state.js'
import { lazyEpics } from './store/lazyEpic.js'
import type { Epic } from './store/types.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/**
 * The start-up epics by the names `epic/failed` gives them, in the order the store starts them:
 * storage, remote config, the analytics switch, origin check, init (after the check: `ready()`
 * then implies it settled when it could), the modal's shake and toast timers, persistence,
 * telemetry, the other tabs (core/tabs/tabSyncEpic.ts) and the views' language (core/i18n/localeEpic.ts).
 */
export const STARTUP_EPICS = ['hydrate', 'remoteConfig', 'analyticsConfig', 'originCheck', 'init', 'shake', 'notifications', 'persistence', 'telemetry', 'tabSync', 'locale'] as const
export type StartupEpicName = (typeof STARTUP_EPICS)[number]

/**
 * One lazy epic per start-up epic: their code, startupEffects.js, is fetched after the first paint,
 * and actions dispatched while it loads (`app/started`…) are handed over first, in order (see
 * `lazyEpic`). Named in a list rather than one wrapper each: fewer bytes in the page's first file.
 * @example createStoreWithCheck({ epics: { ...lazyStartupEpics }, … })
 */
export const lazyStartupEpics: Readonly<Record<StartupEpicName, AirlockEpic>> = lazyEpics(STARTUP_EPICS, (name) => import('./startupEffects.js').then((m) => m.startupEpic(name)))
