import { randomBytes } from 'node:crypto'
import type { Address, Hex } from 'viem'
import type { OnrampPrice } from './onrampPricing.js'

/** A checkout link works for 30 minutes, like a provider's hosted session. */
export const ONRAMP_SESSION_TTL_MS = 30 * 60_000
/** Sessions kept at most: a page that generates links in a loop cannot grow the gateway's memory. */
export const MAX_ONRAMP_SESSIONS = 300

/** Where a session's payment stands: open until Pay claims it; `failed` once sent but not confirmed (never sent again). */
export type OnrampSessionStatus = 'open' | 'paying' | 'paid' | 'failed'

/** What a generated on-ramp URL sells: to whom, on which chain, for how much. */
export interface OnrampOrder {
  readonly destination: Address
  readonly chainId: number
  readonly networkName: string
  readonly symbol: string
  readonly price: OnrampPrice
  readonly partnerUserId: string
}

export interface OnrampSession extends OnrampOrder {
  readonly id: string
  readonly createdAt: number
  readonly status: OnrampSessionStatus
  /** The treasury's transfer, once signed. */
  readonly txHash?: Hex
}

/** What claiming a session for payment found: the session now `paying`, or why it cannot be paid. */
export type OnrampClaim = { readonly kind: 'claimed'; readonly session: OnrampSession } | { readonly kind: 'unknown' } | { readonly kind: 'taken'; readonly session: OnrampSession }

export interface OnrampSessions {
  open(order: OnrampOrder): OnrampSession
  /** The live session `id` names; undefined when unknown or expired. */
  find(id: string): OnrampSession | undefined
  /** Moves an open session to `paying`, synchronously: of two concurrent Pays only one claims it. */
  claim(id: string): OnrampClaim
  /** Records a payment's progress (a hash, then `paid`, `failed`, or `open` again when nothing was sent). */
  update(id: string, change: { status?: OnrampSessionStatus; txHash?: Hex }): void
  /** Every live session, oldest first. */
  list(): readonly OnrampSession[]
}

/**
 * The dev provider's checkout sessions, in memory: unguessable ids, single use, expiring.
 * @example const sessions = createOnrampSessions(); const { id } = sessions.open(order); sessions.claim(id)
 */
export function createOnrampSessions({ now = Date.now, ttlMs = ONRAMP_SESSION_TTL_MS, max = MAX_ONRAMP_SESSIONS }: { now?: () => number; ttlMs?: number; max?: number } = {}): OnrampSessions {
  const sessions = new Map<string, OnrampSession>()
  const expired = (session: OnrampSession) => now() - session.createdAt >= ttlMs
  const prune = () => {
    for (const [id, session] of sessions) if (expired(session)) sessions.delete(id)
    // Still full: the oldest go first, but never one whose transfer is under way (its outcome must land).
    for (const [id, session] of sessions) {
      if (sessions.size < max) break
      if (session.status !== 'paying') sessions.delete(id)
    }
  }
  const find = (id: string) => {
    const session = sessions.get(id)
    if (session && expired(session)) {
      // A transfer under way finishes and is recorded; only then is its session forgotten.
      if (session.status !== 'paying') sessions.delete(id)
      return undefined
    }
    return session
  }
  return {
    open(order) {
      prune()
      const session: OnrampSession = { ...order, id: randomBytes(16).toString('base64url'), createdAt: now(), status: 'open' }
      sessions.set(session.id, session)
      return session
    },
    find,
    claim(id) {
      const session = find(id)
      if (!session) return { kind: 'unknown' }
      if (session.status !== 'open') return { kind: 'taken', session }
      const claimed: OnrampSession = { ...session, status: 'paying' }
      sessions.set(id, claimed)
      return { kind: 'claimed', session: claimed }
    },
    update(id, change) {
      const session = sessions.get(id)
      if (session) sessions.set(id, { ...session, ...change })
    },
    list: () => [...sessions.values()].filter((session) => !expired(session)),
  }
}
