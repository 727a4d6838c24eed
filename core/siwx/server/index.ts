/**
 * `airlock-kit/siwx/server`: what a back end needs around `createSiwxVerifier` to run sign-in on
 * one server or many: a nonce store that issues nonces and accepts each once, and a session
 * store, each in memory (one process) or on Redis (every server of the dapp). Node only; never
 * in a page's bundle. The reference back end is `examples/siwx-server/`.
 */
export { createMemoryNonceStore, NONCE_STORE_FULL, NONCE_TTL_MS } from './createMemoryNonceStore.js'
export type { MemoryNonceStoreParameters } from './createMemoryNonceStore.js'
export { createMemorySessionStore } from './createMemorySessionStore.js'
export type { MemorySessionStoreParameters } from './createMemorySessionStore.js'
export { createRedisNonceStore } from './createRedisNonceStore.js'
export type { RedisNonceStoreParameters } from './createRedisNonceStore.js'
export { createRedisSessionStore } from './createRedisSessionStore.js'
export { DEFAULT_REDIS_PREFIX, REDIS_UNAVAILABLE } from './redisClient.js'
export type { RedisCommandClient, RedisStoreParameters } from './redisClient.js'
export { MAX_SESSION_ACCOUNTS } from './sessionFields.js'
export type { SiwxNonceStore, SiwxServerAccount, SiwxServerSession, SiwxServerSessionStore } from './types.js'
export { createSiwxVerifier } from '../verifySiwx.js'
export type { SiwxVerifier, SiwxVerifierOptions, SiwxVerifyFailureReason, SiwxVerifyResult, VerifySiwxParameters } from '../verifySiwx.js'
