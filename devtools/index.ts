/**
 * `airlock-kit/devtools`: tools over the event log for development (issue 16). Its own entry, so
 * it is never in a host's initial JavaScript; import it lazily, or only in development builds.
 */
export { AirlockDevtools, DEVTOOLS_STORAGE_KEY } from './AirlockDevtools.js'
export type { AirlockDevtoolsProps } from './AirlockDevtools.js'
export { NOT_A_LOG } from './DevtoolsPanel.js'
export { createReadOnlyAirlock, READ_ONLY_PREVIEW } from './createReadOnlyAirlock.js'
export type { ReadOnlyAirlock } from './createReadOnlyAirlock.js'
export { createTimeline } from './timeline.js'
export type { Timeline } from './timeline.js'
export { MAX_CHANGES, stateDiff } from './stateDiff.js'
export type { StateChange } from './stateDiff.js'
export { connectDevtools, DEFAULT_MAX_AGE } from './connectDevtools.js'
export type { ConnectDevtoolsOptions, DevtoolsConnection, ReduxDevtoolsConnection, ReduxDevtoolsConnectOptions, ReduxDevtoolsExtension } from './connectDevtools.js'
export { createTimeTravel } from './createTimeTravel.js'
export type { TimeTravel } from './createTimeTravel.js'
// A lazy entry: re-export the shared start-up chunk (see core/sharedChunk.ts). Without it esbuild
// split the page's start-up modules into one more initial file once a host imported the devtools
// lazily (measured in tests/hosts: 5 initial files and +1.3 KB gzip; with it, 4 and the host's glue only).
export { SHARED_CHUNK } from '../react/sharedChunk.js'
