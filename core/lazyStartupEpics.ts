import type { Action } from './actions/types.js'
import type { AirlockDeps } from './deps.js'
import type { AirlockState } from './state.js'
import { lazyEpic } from './store/lazyEpic.js'
import type { Epic } from './store/types.js'

type StartupEpics = typeof import('./startupEffects.js')
type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/** One dynamic import, so they share one chunk that is fetched once. */
const load = (): Promise<StartupEpics> => import('./startupEffects.js')
const lazy = (pick: (epics: StartupEpics) => AirlockEpic): AirlockEpic => lazyEpic(() => load().then(pick))

// Same names as the eager epics, so `createAirlock` wires them unchanged. Actions dispatched while
// the chunk loads (`app/started`…) are handed over first, in order (see `lazyEpic`).
export const hydrateEpic = lazy((m) => m.hydrateEpic)
export const remoteConfigEpic = lazy((m) => m.remoteConfigEpic)
export const analyticsConfigEpic = lazy((m) => m.analyticsConfigEpic)
export const originCheckEpic = lazy((m) => m.originCheckEpic)
// Lazy too, so it still subscribes after the origin check: `ready()` then implies the check settled when it could.
export const initEpic = lazy((m) => m.initEpic)
export const persistenceEpic = lazy((m) => m.persistenceEpic)
export const telemetryEpic = lazy((m) => m.telemetryEpic)
// The other tabs of this site hear about disconnects and account changes (core/tabs/tabSyncEpic.ts).
export const tabSyncEpic = lazy((m) => m.tabSyncEpic)
// The views' language: its catalogue chunk, when the page shows one other than English (core/i18n/localeEpic.ts).
export const localeEpic = lazy((m) => m.localeEpic())
// The shake and toast timers: no rxjs operator is needed before the first render (issue 12).
export const shakeEpic = lazy((m) => m.shakeEpic())
export const notificationsEpic = lazy((m) => m.notificationsEpic())
