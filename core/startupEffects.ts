/**
 * Everything Airlock runs right after the first render, in one module and so one chunk (fewer
 * files on the start-up path is faster than finer lazy loading here): the storage code, its
 * hydration and persistence, the remote project config and origin check, `app/initialized` once
 * those settled, telemetry, the modal's shake and toast timers, and the EVM adapter's epics. `lazyStartupEpics.ts`, `evmAdapter`
 * and `createLazyStorage` import it dynamically; nothing here blocks the page's first render.
 */
import type { Action } from './actions/types.js'
import type { AirlockDeps } from './deps.js'
import type { StartupEpicName } from './lazyStartupEpics.js'
import type { AirlockState } from './state.js'
import type { Epic } from './store/types.js'
import { hydrateEpic } from './slices/app/hydrateEpic.js'
import { initEpic } from './slices/app/initEpic.js'
import { originCheckEpic } from './slices/options/originCheckEpic.js'
import { remoteConfigEpic } from './slices/options/remoteConfigEpic.js'
import { analyticsConfigEpic } from './slices/options/analyticsConfigEpic.js'
import { persistenceEpic } from '../storage/persistenceEpic.js'
import { telemetryEpic } from '../telemetry/telemetryEpic.js'
import { shakeEpic } from './slices/modal/shakeEpic.js'
import { notificationsEpic } from './slices/notifications/notificationsEpic.js'
import { tabSyncEpic } from './tabs/tabSyncEpic.js'
import { localeEpic } from './i18n/localeEpic.js'


/** A start-up epic by its name (core/lazyStartupEpics.ts); the timers and the language epic are made per instance. */
export function startupEpic(name: StartupEpicName): Epic<Action, AirlockState, AirlockDeps> {
  const epics = { hydrate: hydrateEpic, init: initEpic, originCheck: originCheckEpic, remoteConfig: remoteConfigEpic, analyticsConfig: analyticsConfigEpic, persistence: persistenceEpic, telemetry: telemetryEpic, tabSync: tabSyncEpic }
  if (name === 'locale') return localeEpic()
  if (name === 'shake') return shakeEpic()
  if (name === 'notifications') return notificationsEpic()
  return epics[name] as Epic<Action, AirlockState, AirlockDeps>
}
export * from './chains/evm/evmEpics.js'
export { createStorage } from '../storage/createStorage.js'
// The error-text scrubber the store applies to every action (see createAirlock.ts).
export { scrubErrorText } from './store/scrubErrorText.js'
// rxjs's scheduler (core/startupScheduler.ts) comes here.
export { asyncScheduler } from 'rxjs/internal/scheduler/async'
// The recorded, method-checked request of getProvider()'s provider (core/connectors/wrapProvider.ts).
export { recordedRequest } from './connectors/recordedRequest.js'
// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from './sharedChunk.js'
