import { privateKeyToAccount } from 'viem/accounts'
import { createClient, type RedisClientType } from 'redis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../../examples/devnet/anvil.js'
import { formatSiwxMessage } from '../formatSiwxMessage.js'
import {
  createMemoryNonceStore, createMemorySessionStore, createRedisNonceStore, createRedisSessionStore, REDIS_UNAVAILABLE,
  type SiwxNonceStore, type SiwxServerSessionStore,
} from './index.js'
import { createSiwxVerifier } from '../verifySiwx.js'
import { startRedis, type RedisServer } from '../../../tests/support/redisServer.js'

/**
 * The server-side sign-in stores (issue 19) on a real redis-server started for this file, and the
 * same contract on the in-memory ones: a nonce is accepted once across every server sharing Redis,
 * expiry is Redis's own, a restart fails clearly and accepts nothing, a revoke is seen everywhere.
 */
let redis: RedisServer
const clients: RedisClientType[] = []
async function client(): Promise<RedisClientType> {
  const c = createClient({ url: redis.url, disableOfflineQueue: true, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(20 * (retries + 1), 200) } }) as RedisClientType
  c.on('error', () => {})
  await c.connect()
  clients.push(c)
  return c
}
let prefixes = 0
const freshPrefix = () => `test${++prefixes}:`
beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => c.destroy())
  await redis?.stop()
})

const signer = privateKeyToAccount(ANVIL_ACCOUNTS[3].privateKey)
async function signedFor(nonce: string, now: number) {
  const message = formatSiwxMessage({ domain: 'dapp.example', accountAddress: signer.address, chainId: 'eip155:1', uri: 'https://dapp.example/', version: '1', nonce, issuedAt: new Date(now - 1_000).toISOString() })
  return { message, signature: await signer.signMessage({ message }), domain: 'dapp.example', nonce, chainId: 'eip155:1' as const, now }
}

type Stores = { nonces: (opts?: { ttlMs?: number }) => Promise<SiwxNonceStore>; sessions: () => Promise<SiwxServerSessionStore> }
const kinds: [string, Stores][] = [
  ['memory', { nonces: async (o) => createMemoryNonceStore(o), sessions: async () => createMemorySessionStore() }],
  ['redis', { nonces: async (o) => createRedisNonceStore({ client: await client(), prefix: freshPrefix(), ...o }), sessions: async () => createRedisSessionStore({ client: await client(), prefix: freshPrefix() }) }],
]

describe.each(kinds)('%s stores: the contract', (_kind, stores) => {
  test('behavior: an issued nonce is consumed once; a replay is false; one never issued is unknown', async () => {
    const nonces = await stores.nonces()
    const nonce = await nonces.issue()
    expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    const now = Date.now()
    expect(await nonces.consume(nonce, { now, expiresAt: now + 60_000 })).toBe(true)
    expect(await nonces.consume(nonce, { now, expiresAt: now + 60_000 })).toBe(false)
    expect(await nonces.consume('NeverIssued123', { now, expiresAt: now + 60_000 })).toBe('unknown')
    expect(await nonces.issue()).not.toBe(nonce)
  })

  test('behavior: the verifier accepts an issued nonce once and refuses one it never issued', async () => {
    const nonces = await stores.nonces()
    const verify = createSiwxVerifier({ nonces })
    const params = await signedFor(await nonces.issue(), Date.now())
    expect(await verify(params)).toMatchObject({ ok: true, address: signer.address })
    expect(await verify(params)).toMatchObject({ ok: false, reason: 'nonce_reused' })
    expect(await verify(await signedFor('MadeUpByAPage1', Date.now()))).toEqual({ ok: false, reason: 'nonce_unknown', details: 'this nonce was not issued here, or its time ran out' })
  })

  test('behavior: sessions are created, read, listed by address (any case) and revoked', async () => {
    const sessions = await stores.sessions()
    const now = Date.now()
    const account = { address: signer.address, chainId: 'eip155:1' as const, message: 'm', signature: '0x1' }
    const a = await sessions.create({ accounts: [account], createdAt: now, expiresAt: now + 60_000 })
    const b = await sessions.create({ accounts: [account], createdAt: now, expiresAt: now + 60_000 })
    expect(a.id).toMatch(/^[0-9a-f]{32}$/)
    expect(a.id).not.toBe(b.id)
    expect(await sessions.read(a.id, now)).toEqual(a)
    expect((await sessions.listByAddress(signer.address.toLowerCase(), now)).map((s) => s.id).sort()).toEqual([a.id, b.id].sort())
    expect(await sessions.revoke(a.id)).toBe(true)
    expect(await sessions.revoke(a.id)).toBe(false)
    expect(await sessions.read(a.id, now)).toBeNull()
    expect((await sessions.listByAddress(signer.address, now)).map((s) => s.id)).toEqual([b.id])
    // Past its end a session reads as none, whatever the store still holds.
    expect(await sessions.read(b.id, now + 60_000)).toBeNull()
    expect(await sessions.read('not-an-id', now)).toBeNull()
  })

  test('error: a session with no account, too many, or a bad chain is refused', async () => {
    const sessions = await stores.sessions()
    const now = Date.now()
    await expect(sessions.create({ accounts: [], createdAt: now, expiresAt: now + 1_000 })).rejects.toThrow()
    await expect(sessions.create({ accounts: [{ address: 'x', chainId: 'cosmos:1' as never, message: 'm', signature: 's' }], createdAt: now, expiresAt: now + 1_000 })).rejects.toThrow()
  })
})

describe('redis stores: several servers on one Redis', () => {
  test('behavior: two verifiers on two clients accept one signed message exactly once in 1,000 concurrent attempts', async () => {
    const prefix = freshPrefix()
    const [a, b] = [createRedisNonceStore({ client: await client(), prefix }), createRedisNonceStore({ client: await client(), prefix })]
    const servers = [createSiwxVerifier({ nonces: a }), createSiwxVerifier({ nonces: b })]
    const params = await signedFor(await a.issue(), Date.now())
    const results = await Promise.all(Array.from({ length: 1_000 }, (_, i) => servers[i % 2]!(params)))
    const accepted = results.filter((r) => r.ok)
    expect(accepted).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.reason === 'nonce_reused')).toHaveLength(999)
    console.log(`race: 1000 attempts on 2 verifiers, ${accepted.length} accepted, ${results.length - accepted.length} refused as nonce_reused`)
  })

  test('behavior: an issued nonce expires on Redis\'s clock and then reads as unknown', async () => {
    const nonces = createRedisNonceStore({ client: await client(), prefix: freshPrefix(), ttlMs: 150 })
    const nonce = await nonces.issue()
    const live = await nonces.issue({ ttlMs: 60_000 })
    await new Promise((resolve) => setTimeout(resolve, 400))
    const now = Date.now()
    expect(await nonces.consume(nonce, { now, expiresAt: now + 60_000 })).toBe('unknown')
    expect(await nonces.consume(live, { now, expiresAt: now + 60_000 })).toBe(true)
  })

  test('behavior: every key it writes expires (nothing grows without bound) and carries the prefix', async () => {
    const c = await client()
    const prefix = freshPrefix()
    const nonces = createRedisNonceStore({ client: c, prefix })
    const sessions = createRedisSessionStore({ client: c, prefix })
    const now = Date.now()
    const n = await nonces.issue()
    await nonces.consume(n, { now, expiresAt: now + 30_000 })
    await nonces.issue()
    await sessions.create({ accounts: [{ address: signer.address, chainId: 'eip155:1', message: 'm', signature: 's' }], createdAt: now, expiresAt: now + 30_000 })
    const keys = (await c.sendCommand(['KEYS', `${prefix}*`])) as string[]
    expect(keys.length).toBe(4)
    for (const key of keys) {
      const ttl = (await c.sendCommand(['PTTL', key])) as number
      expect(ttl, key).toBeGreaterThan(0)
      expect(ttl, key).toBeLessThanOrEqual(10 * 60_000)
    }
    expect(await c.sendCommand(['PTTL', `${prefix}nonce:${n}`])).toBeLessThanOrEqual(30_000)
    // A session lives in Redis exactly as long as it was made for (expiresAt - createdAt), whatever the server's clock says.
    const long = await sessions.create({ accounts: [{ address: signer.address, chainId: 'eip155:1', message: 'm', signature: 's' }], createdAt: 5, expiresAt: 5 + 45_000 })
    const ttl = (await c.sendCommand(['PTTL', `${prefix}session:${long.id}`])) as number
    expect(ttl).toBeGreaterThan(44_000)
    expect(ttl).toBeLessThanOrEqual(45_000)
  })

  test('behavior: a session revoked on one server is refused on another; a stale index entry is pruned', async () => {
    const prefix = freshPrefix()
    const [one, two] = [createRedisSessionStore({ client: await client(), prefix }), createRedisSessionStore({ client: await client(), prefix })]
    const now = Date.now()
    const session = await one.create({ accounts: [{ address: signer.address, chainId: 'eip155:1', message: 'm', signature: 's' }], createdAt: now, expiresAt: now + 60_000 })
    const c = await client()
    // Indexed under the lower-case address (checksum case is not identity).
    expect(await c.sendCommand(['EXISTS', `${prefix}address:${signer.address.toLowerCase()}`])).toBe(1)
    expect(await two.read(session.id, now)).toEqual(session)
    expect(await two.revoke(session.id)).toBe(true)
    expect(await one.read(session.id, now)).toBeNull()
    expect(await one.listByAddress(signer.address, now)).toEqual([])
    expect(await c.sendCommand(['EXISTS', `${prefix}address:${signer.address.toLowerCase()}`])).toBe(0)
  })

  test('behavior: what Redis holds is validated when read: a tampered session reads as none', async () => {
    const c = await client()
    const prefix = freshPrefix()
    const sessions = createRedisSessionStore({ client: c, prefix })
    const now = Date.now()
    const session = await sessions.create({ accounts: [{ address: signer.address, chainId: 'eip155:1', message: 'm', signature: 's' }], createdAt: now, expiresAt: now + 60_000 })
    await c.sendCommand(['SET', `${prefix}session:${session.id}`, JSON.stringify({ ...session, id: 'f'.repeat(32) })])
    expect(await sessions.read(session.id, now)).toBeNull()
    await c.sendCommand(['SET', `${prefix}session:${session.id}`, '{not json'])
    expect(await sessions.read(session.id, now)).toBeNull()
  })

  test('error: Redis killed mid-run: clear errors and no false acceptance; after its restart nonces issued before are unknown', async () => {
    const prefix = freshPrefix()
    const c = await client()
    const nonces = createRedisNonceStore({ client: c, prefix, timeoutMs: 1_000 })
    const sessions = createRedisSessionStore({ client: c, prefix, timeoutMs: 1_000 })
    const verify = createSiwxVerifier({ nonces })
    const before = await signedFor(await nonces.issue(), Date.now())
    await redis.kill()
    try {
      const down = await verify(before)
      expect(down).toMatchObject({ ok: false, reason: 'verifier_error' })
      expect(!down.ok && down.details).toContain(REDIS_UNAVAILABLE)
      await expect(nonces.issue()).rejects.toMatchObject({ shortMessage: REDIS_UNAVAILABLE, code: 'store_unavailable' })
      await expect(sessions.read('a'.repeat(32), Date.now())).rejects.toMatchObject({ code: 'store_unavailable' })
    } finally {
      await redis.restart()
    }
    // The client reconnects on its own; the restarted Redis remembers nothing, so nothing issued before verifies.
    await expect.poll(async () => (await nonces.issue().then(() => 'up', () => 'down')), { timeout: 10_000 }).toBe('up')
    expect(await verify(before)).toMatchObject({ ok: false, reason: 'nonce_unknown' })
    const after = await signedFor(await nonces.issue(), Date.now())
    expect(await verify(after)).toMatchObject({ ok: true })
  })

  test('parameters: a client without sendCommand is refused when the store is made', () => {
    expect(() => createRedisNonceStore({ client: {} as never })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
    expect(() => createRedisSessionStore({ client: null as never })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
  })
})
