import type { CaipNetworkId } from '../../chains/types.js'
import type { NonceConsumeResult, NonceStore } from '../nonceLedger.js'

/**
 * A server's nonce store: it issues each nonce with a time to live, and `consume` accepts only a
 * nonce it issued, once (`'unknown'` for one it never issued or whose time ran out, `false` for
 * one already used). Give it to `createSiwxVerifier({ nonces })`.
 */
export interface SiwxNonceStore extends NonceStore {
  /** A fresh nonce that verifies once before `ttlMs` (the store's default when absent) runs out. */
  issue(options?: { readonly ttlMs?: number }): Promise<string>
  consume(nonce: string, params: { now: number; expiresAt: number }): Promise<NonceConsumeResult>
}

/** One signed-in account of a session: who, on which chain, and the message and signature that prove it. */
export interface SiwxServerAccount {
  /** As the verifier returned it (checksummed for EVM). */
  readonly address: string
  readonly chainId: CaipNetworkId
  readonly message: string
  readonly signature: string
}

/** A session a back end keeps after a verified sign-in (one account, or several from one-click auth). */
export interface SiwxServerSession {
  /** 128 random bits, hex: the session cookie's value. */
  readonly id: string
  readonly accounts: readonly SiwxServerAccount[]
  /** Milliseconds since the epoch. */
  readonly createdAt: number
  readonly expiresAt: number
}

/**
 * Where a back end keeps sessions: create, read, list by address, revoke. Every server of a dapp
 * shares one store, so a session revoked on one is refused on all.
 */
export interface SiwxServerSessionStore {
  create(session: Omit<SiwxServerSession, 'id'>): Promise<SiwxServerSession>
  /** The session while it lives (null when unknown, revoked or expired at `now`). */
  read(id: string, now: number): Promise<SiwxServerSession | null>
  /** The live sessions holding this address (EVM addresses in any case). */
  listByAddress(address: string, now: number): Promise<SiwxServerSession[]>
  /** Ends the session; true when there was one. */
  revoke(id: string): Promise<boolean>
}
