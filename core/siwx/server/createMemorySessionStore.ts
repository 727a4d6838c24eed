import { BaseError } from '../../errors/BaseError.js'
import { addressKey, checkNewSession, createSessionId } from './sessionFields.js'
import type { SiwxServerSession, SiwxServerSessionStore } from './types.js'

const MAX_SESSIONS = 100_000

export interface MemorySessionStoreParameters {
  /** At most this many live sessions (default 100 000); then `create` throws. */
  readonly maxSessions?: number
  /** The clock for evicting expired sessions to make room (default `Date.now`). */
  readonly clock?: () => number
}

/**
 * A session store for one process (sessions vanish on restart). Expired sessions are evicted when
 * room is needed; when every one is live, `create` throws instead of dropping one.
 * Several processes need a shared store: `createRedisSessionStore`.
 * @example const sessions = createMemorySessionStore()
 */
export function createMemorySessionStore(parameters: MemorySessionStoreParameters = {}): SiwxServerSessionStore & { readonly size: number; readonly indexedAddresses: number } {
  const { maxSessions = MAX_SESSIONS, clock = Date.now } = parameters
  const sessions = new Map<string, SiwxServerSession>()
  const byAddress = new Map<string, Set<string>>()
  const drop = (session: SiwxServerSession): void => {
    sessions.delete(session.id)
    for (const account of session.accounts) {
      const key = addressKey(account.address)
      const ids = byAddress.get(key)
      // Stryker disable OptionalChaining: every account of a stored session was indexed when it was created
      ids?.delete(session.id)
      if (ids?.size === 0) byAddress.delete(key)
      // Stryker restore OptionalChaining
    }
  }
  const live = (session: SiwxServerSession | undefined, now: number): SiwxServerSession | null => {
    if (!session) return null
    if (session.expiresAt > now) return session
    drop(session)
    return null
  }
  return {
    get size() {
      return sessions.size
    },
    /** Addresses with a live index entry: it shrinks as sessions end, so memory stays bounded. */
    get indexedAddresses() {
      return byAddress.size
    },
    async create(input) {
      const now = clock()
      if (sessions.size >= maxSessions) for (const session of [...sessions.values()]) live(session, now)
      if (sessions.size >= maxSessions) throw new BaseError('Too many live sessions; try again later.', { code: 'session_store_full' })
      const session = checkNewSession(input, createSessionId())
      sessions.set(session.id, session)
      for (const account of session.accounts) {
        const key = addressKey(account.address)
        byAddress.set(key, (byAddress.get(key) ?? new Set()).add(session.id))
      }
      return session
    },
    async read(id, now) {
      return live(sessions.get(id), now)
    },
    async listByAddress(address, now) {
      // Stryker disable next-line ArrayDeclaration: an id that is not a session's finds no session and is left out either way
      const ids = [...(byAddress.get(addressKey(address)) ?? [])]
      return ids.map((id) => live(sessions.get(id), now)).filter((session): session is SiwxServerSession => session !== null)
    },
    async revoke(id) {
      const session = sessions.get(id)
      if (!session) return false
      drop(session)
      return true
    },
  }
}
