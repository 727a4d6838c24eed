/** Where a verifier records the nonces it accepted, so each is accepted once. */
export interface NonceStore {
  /**
   * Marks the nonce used; true the first time, false when it was already used. Must be atomic
   * for back ends with several processes (a database unique key, Redis SET NX).
   */
  consume(nonce: string, params: { now: number; expiresAt: number }): boolean | Promise<boolean>
}

export interface NonceLedgerParameters {
  /** How long a used nonce is remembered when its message has no expiration time (default 24 h). */
  readonly retentionMs?: number
  /** At most this many nonces are remembered (default 100 000); beyond it new ones are refused. */
  readonly maxEntries?: number
}

export const NONCE_RETENTION_MS = 24 * 60 * 60_000
const MAX_ENTRIES = 100_000

/**
 * An in-memory NonceStore for one process. Entries are dropped once their message can no
 * longer verify anyway; when full it refuses (fails closed) instead of forgetting a live nonce.
 * @example const verify = createSiwxVerifier({ nonces: createNonceLedger() })
 */
export function createNonceLedger(parameters: NonceLedgerParameters = {}): NonceStore & { readonly size: number } {
  const { retentionMs = NONCE_RETENTION_MS, maxEntries = MAX_ENTRIES } = parameters
  const used = new Map<string, number>()
  const prune = (now: number): void => {
    for (const [nonce, until] of used) if (until <= now) used.delete(nonce)
  }
  return {
    get size() {
      return used.size
    },
    consume(nonce, { now, expiresAt }) {
      if (used.has(nonce)) return false
      if (used.size >= maxEntries) prune(now)
      if (used.size >= maxEntries) return false
      // A message that never expires stays replayable for as long as its nonce is remembered.
      used.set(nonce, Number.isFinite(expiresAt) ? Math.max(expiresAt, now) : now + retentionMs)
      return true
    },
  }
}
