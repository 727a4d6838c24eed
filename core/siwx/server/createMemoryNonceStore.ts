import { BaseError } from '../../errors/BaseError.js'
import { createNonce } from '../createNonce.js'
import type { SiwxNonceStore } from './types.js'

/** How long an issued nonce waits for its signature by default: 10 minutes. */
export const NONCE_TTL_MS = 10 * 60_000
const MAX_ENTRIES = 100_000

export interface MemoryNonceStoreParameters {
  /** How long an issued nonce can be used (default 10 minutes). */
  readonly ttlMs?: number
  /** At most this many nonces (issued or used, still live) are held (default 100 000); then `issue` throws. */
  readonly maxEntries?: number
  /** The clock for issuing (default `Date.now`); `consume` takes the verifier's `now`. */
  readonly clock?: () => number
}

/** Thrown by `issue` when every slot holds a live nonce. */
export const NONCE_STORE_FULL = 'Too many sign-ins are waiting; try again in a minute.'

/**
 * A nonce store for one process: nonces issued with a time to live, each consumed once, used ones
 * remembered until their message expires, expired entries evicted to make room (never a live one).
 * Several processes need a shared store: `createRedisNonceStore`.
 * @example const nonces = createMemoryNonceStore(); const verify = createSiwxVerifier({ nonces })
 */
export function createMemoryNonceStore(parameters: MemoryNonceStoreParameters = {}): SiwxNonceStore & { readonly size: number } {
  const { ttlMs = NONCE_TTL_MS, maxEntries = MAX_ENTRIES, clock = Date.now } = parameters
  const entries = new Map<string, { used: boolean; until: number }>()
  const evict = (now: number): void => {
    for (const [nonce, entry] of entries) if (entry.until <= now) entries.delete(nonce)
  }
  return {
    get size() {
      return entries.size
    },
    async issue(options = {}) {
      const now = clock()
      if (entries.size >= maxEntries) evict(now)
      if (entries.size >= maxEntries) throw new BaseError(NONCE_STORE_FULL, { code: 'nonce_store_full' })
      let nonce = createNonce()
      // 2^95 nonces: a repeat is near impossible, but a repeat must never revive a used one.
      // Stryker disable next-line ConditionalExpression: a repeat of a 95-bit CSPRNG draw cannot be made to happen in a test
      while (entries.has(nonce)) nonce = createNonce()
      entries.set(nonce, { used: false, until: now + (options.ttlMs ?? ttlMs) })
      return nonce
    },
    async consume(nonce, { now, expiresAt }) {
      const entry = entries.get(nonce)
      // Past its time an entry is forgotten, used or not (a verifier refuses such a message as expired first).
      if (!entry || entry.until <= now) {
        entries.delete(nonce)
        return 'unknown'
      }
      if (entry.used) return false
      // Kept as used while its message could still verify, so the same message is refused, not 'unknown'.
      entries.set(nonce, { used: true, until: Math.max(now + 1, expiresAt) })
      return true
    },
  }
}
