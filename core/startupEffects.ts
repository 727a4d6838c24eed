/**
 * Everything Airlock runs right after the first render, in one module and so one chunk (fewer
 * files on the start-up path is faster than finer lazy loading here): the storage code, its
 * hydration and persistence, the remote project config and origin check, `app/initialized` once
 * those settled, telemetry, the modal's shake and toast timers, and the EVM adapter's epics. `lazyStartupEpics.ts`, `evmAdapter`
 * and `createLazyStorage` import it dynamically; nothing here blocks the page's first render.
 */
export { hydrateEpic } from './slices/app/hydrateEpic.js'
export { initEpic } from './slices/app/initEpic.js'
export { originCheckEpic } from './slices/options/originCheckEpic.js'
export { remoteConfigEpic } from './slices/options/remoteConfigEpic.js'
export { analyticsConfigEpic } from './slices/options/analyticsConfigEpic.js'
export { persistenceEpic } from '../storage/persistenceEpic.js'
export { telemetryEpic } from '../telemetry/telemetryEpic.js'
export { shakeEpic } from './slices/modal/shakeEpic.js'
export { notificationsEpic } from './slices/notifications/notificationsEpic.js'
export { tabSyncEpic } from './tabs/tabSyncEpic.js'
export { localeEpic } from './i18n/localeEpic.js'
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
