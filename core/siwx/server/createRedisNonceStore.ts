import { createNonce } from '../createNonce.js'
import { NONCE_TTL_MS } from './createMemoryNonceStore.js'
import { redisCaller, type RedisStoreParameters } from './redisClient.js'
import type { SiwxNonceStore } from './types.js'

export interface RedisNonceStoreParameters extends RedisStoreParameters {
  /** How long an issued nonce can be used (default 10 minutes). */
  readonly ttlMs?: number
}

/**
 * A nonce store shared by every server of a dapp, on Redis. Each step is one atomic command, so no
 * two servers can both accept a nonce:
 * - issue: `SET <prefix>nonce:<n> issued PX <ttl> NX`
 * - consume: `SET <prefix>nonce:<n> used XX GET PX <until the message expires>`: the old value
 *   says it all (`issued`: first use; `used`: a replay; none: never issued or expired).
 * Every key expires; nothing grows without bound. Needs Redis 7.
 * @example const nonces = createRedisNonceStore({ client: await createClient({ url, disableOfflineQueue: true }).connect() })
 */
export function createRedisNonceStore(parameters: RedisNonceStoreParameters): SiwxNonceStore {
  const redis = redisCaller(parameters)
  const ttlMs = parameters.ttlMs ?? NONCE_TTL_MS
  const key = (nonce: string) => `${redis.prefix}nonce:${nonce}`
  return {
    async issue(options = {}) {
      for (;;) {
        const nonce = createNonce()
        // NX: a repeat (2^-95) never overwrites a used nonce; draw again.
        if ((await redis.call(['SET', key(nonce), 'issued', 'PX', String(Math.max(1, Math.ceil(options.ttlMs ?? ttlMs))), 'NX'])) === 'OK') return nonce
      }
    },
    async consume(nonce, { now, expiresAt }) {
      // Relative to Redis's own clock, so a skew between this server and Redis does not matter.
      const keepMs = Math.max(1, Math.ceil(Number.isFinite(expiresAt) ? expiresAt - now : ttlMs))
      const previous = await redis.call(['SET', key(nonce), 'used', 'XX', 'GET', 'PX', String(keepMs)])
      if (previous === 'issued') return true
      return previous === 'used' ? false : 'unknown'
    },
  }
}
