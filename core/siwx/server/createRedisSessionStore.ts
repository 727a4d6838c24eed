import { serverSessionSchema, addressKey, checkNewSession, createSessionId } from './sessionFields.js'
import { redisCaller, type RedisStoreParameters } from './redisClient.js'
import type { SiwxServerSession, SiwxServerSessionStore } from './types.js'

/**
 * Stores the session and adds its id to each address's index, atomically; an index lives as long
 * as its longest session (PTTL is -2/-1 for a new set, so the first session sets it).
 * KEYS: the session key, then the index keys. ARGV: the session JSON, its lifetime in ms, its id.
 */
const CREATE = `redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for i = 2, #KEYS do
  redis.call('SADD', KEYS[i], ARGV[3])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
return 1`

/**
 * A session store shared by every server of a dapp, on Redis: `<prefix>session:<id>` holds the
 * session (JSON, expiring with it), `<prefix>address:<address>` the ids of an address's sessions
 * (pruned of ended ones when listed, expiring with its longest session). Revoking is one `DEL`, so
 * every server refuses the session from that moment. What is read back is validated.
 * @example const sessions = createRedisSessionStore({ client, prefix: 'mydapp:siwx:' })
 */
export function createRedisSessionStore(parameters: RedisStoreParameters): SiwxServerSessionStore {
  const redis = redisCaller(parameters)
  const sessionKey = (id: string) => `${redis.prefix}session:${id}`
  const indexKey = (address: string) => `${redis.prefix}address:${addressKey(address)}`
  const parse = (raw: unknown, id: string, now: number): SiwxServerSession | null => {
    // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: JSON.parse of a non-string (null, a number) gives no object the schema takes
    if (typeof raw !== 'string') return null
    let json: unknown
    try {
      json = JSON.parse(raw)
    }
    // Stryker disable next-line BlockStatement: equivalent, an empty catch leaves json undefined, which the schema below refuses as well
    catch {
      return null
    }
    const parsed = serverSessionSchema.safeParse(json)
    return parsed.success && parsed.data.id === id && parsed.data.expiresAt > now ? parsed.data : null
  }
  return {
    async create(input) {
      const session = checkNewSession(input, createSessionId())
      const lifetimeMs = Math.max(1, Math.ceil(session.expiresAt - session.createdAt))
      const indexes = [...new Set(session.accounts.map((account) => indexKey(account.address)))]
      await redis.call(['EVAL', CREATE, String(1 + indexes.length), sessionKey(session.id), ...indexes, JSON.stringify(session), String(lifetimeMs), session.id])
      return session
    },
    async read(id, now) {
      if (!/^[0-9a-f]{32}$/.test(id)) return null
      return parse(await redis.call(['GET', sessionKey(id)]), id, now)
    },
    async listByAddress(address, now) {
      const ids = (await redis.call(['SMEMBERS', indexKey(address)])) as unknown
      // Stryker disable next-line ConditionalExpression: `ids.length === 0 → false` is equivalent: an empty index sends nothing more either way (no MGET, no SREM)
      if (!Array.isArray(ids) || ids.length === 0) return []
      // Stryker disable next-line ConditionalExpression: `typeof → true` is equivalent: the pattern refuses a non-string member anyway (7 reads as '7')
      const valid = ids.filter((id): id is string => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id))
      // Stryker disable next-line ArrayDeclaration: equivalent, with no valid id nothing reads raws
      const raws = valid.length ? ((await redis.call(['MGET', ...valid.map(sessionKey)])) as unknown[]) : []
      const sessions = valid.map((id, i) => parse(raws[i], id, now))
      const ended = [...ids.filter((id) => !valid.includes(id as string)), ...valid.filter((_, i) => sessions[i] === null)] as string[]
      if (ended.length) await redis.call(['SREM', indexKey(address), ...ended])
      return sessions.filter((session): session is SiwxServerSession => session !== null)
    },
    async revoke(id) {
      if (!/^[0-9a-f]{32}$/.test(id)) return false
      return (await redis.call(['DEL', sessionKey(id)])) === 1
    },
  }
}
