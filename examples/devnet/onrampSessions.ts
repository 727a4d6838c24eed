import { randomBytes } from 'node:crypto'
import type { Address } from 'viem'
import type { OnrampPrice, PaymentMethod } from './onrampPricing.js'

/** A checkout link works for 30 minutes, like a provider's hosted session. */
export const ONRAMP_SESSION_TTL_MS = 30 * 60_000
/** Sessions kept at most: a page that generates links in a loop cannot grow the gateway's memory. */
export const MAX_ONRAMP_SESSIONS = 300

/** Where a session's payment stands: open until Pay claims it; `failed` once sent but not confirmed (never sent again). */
export type OnrampSessionStatus = 'open' | 'paying' | 'paid' | 'failed'

interface OrderTerms {
  readonly networkName: string
  readonly symbol: string
  readonly price: OnrampPrice
  readonly partnerUserId: string
  /** Which dev provider sold it: the card provider's (absent) or the aggregator's, whose pages say so. */
  readonly provider?: 'aggregator'
  /** How the buyer pays, as the aggregator's URL says; the card provider's checkout is always by card. */
  readonly paymentMethod?: PaymentMethod
}

/** ETH on a dev EVM chain; `family` is absent on the card provider's orders, which are all EVM. */
export interface EvmOnrampOrder extends OrderTerms {
  readonly family?: 'eip155'
  readonly destination: Address
  readonly chainId: number
}

/** SOL on the local Solana cluster, to a base58 public key. */
export interface SolanaOnrampOrder extends OrderTerms {
  readonly family: 'solana'
  readonly destination: string
  readonly caipNetworkId: string
}

/** What an on-ramp URL sells: to whom, on which chain, for how much. */
export type OnrampOrder = EvmOnrampOrder | SolanaOnrampOrder

export type OnrampSession = OnrampOrder & {
  readonly id: string
  readonly createdAt: number
  readonly status: OnrampSessionStatus
  /** The treasury's transfer once signed: a 0x hash on EVM, a base58 signature on Solana. */
  readonly txHash?: string
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
  update(id: string, change: { status?: OnrampSessionStatus; txHash?: string }): void
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
