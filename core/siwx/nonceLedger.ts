import { SIWX_CLOCK_TOLERANCE_MS, SIWX_MAX_AGE_MS } from '../constants/timing.js'

/**
 * What a NonceStore answers: true the first time, false when already used, 'full' when it cannot
 * remember one more, 'unknown' when it only accepts nonces it issued and never issued this one
 * (or its time ran out).
 */
export type NonceConsumeResult = boolean | 'full' | 'unknown'

/** Where a verifier records the nonces it accepted, so each is accepted once. */
export interface NonceStore {
  /**
   * Marks the nonce used; true the first time, false when it was already used, 'full' when the
   * store cannot take one more (the sign-in is then refused as `nonce_store_full`). It must keep
   * the nonce until `expiresAt`, which the verifier keeps within `maxAgeMs + clockToleranceMs` of
   * `now`. Must be atomic for back ends with several processes (a database unique key with a TTL,
   * Redis `SET key 1 NX PXAT expiresAt`).
   */
  consume(nonce: string, params: { now: number; expiresAt: number }): NonceConsumeResult | Promise<NonceConsumeResult>
  /** The longest this store remembers a nonce, when it has such a limit: a verifier refuses a store that would forget too soon. */
  readonly maxAgeMs?: number
}

export interface NonceLedgerParameters {
  /**
   * The longest a used nonce is remembered, whatever its message claims (default 24 h plus 60 s:
   * as long as a default verifier accepts a message). Give it at least the verifier's
   * `maxAgeMs + clockToleranceMs`; `createSiwxVerifier` refuses a ledger that forgets sooner.
   */
  readonly maxAgeMs?: number
  /** At most this many live nonces are remembered (default 100 000); beyond it new ones are refused as 'full'. */
  readonly maxEntries?: number
}

const MAX_ENTRIES = 100_000

/**
 * An in-memory NonceStore for one process. Each entry lives until its message can no longer
 * verify, and never longer than `maxAgeMs`; expired entries are evicted to make room, and when
 * every entry is still live it answers 'full' (fails closed) instead of forgetting one.
 * Several processes need a shared store with a TTL instead.
 * @example const verify = createSiwxVerifier({ nonces: createNonceLedger({ maxEntries: 10_000 }) })
 */
export function createNonceLedger(parameters: NonceLedgerParameters = {}): NonceStore & { readonly size: number; readonly maxAgeMs: number } {
  const { maxAgeMs = SIWX_MAX_AGE_MS + SIWX_CLOCK_TOLERANCE_MS, maxEntries = MAX_ENTRIES } = parameters
  const used = new Map<string, number>()
  /** No entry ends before this: a full ledger of live entries is not scanned again until then. */
  let nextExpiry = Number.POSITIVE_INFINITY
  const evict = (now: number): void => {
    nextExpiry = Number.POSITIVE_INFINITY
    for (const [nonce, until] of used) {
      if (until <= now) used.delete(nonce)
      else nextExpiry = Math.min(nextExpiry, until)
    }
  }
  return {
    maxAgeMs,
    get size() {
      return used.size
    },
    consume(nonce, { now, expiresAt }) {
      if (used.has(nonce)) return false
      if (used.size >= maxEntries && now >= nextExpiry) evict(now)
      if (used.size >= maxEntries) return 'full'
      // Bounded by maxAgeMs, not by the message's own claim: a far Expiration Time cannot pin an entry.
      const until = Math.max(now, Math.min(Number.isNaN(expiresAt) ? Number.POSITIVE_INFINITY : expiresAt, now + maxAgeMs))
      used.set(nonce, until)
      nextExpiry = Math.min(nextExpiry, until)
      return true
    },
  }
}
