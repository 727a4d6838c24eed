// What createLazyHttpClient imports on the first request: the client, and SHARED_CHUNK so the
// start-up modules it shares with the page stay in one chunk (see core/sharedChunk.ts).
export { createHttpClient } from './createHttpClient.js'
export { SHARED_CHUNK } from '../sharedChunk.js'
