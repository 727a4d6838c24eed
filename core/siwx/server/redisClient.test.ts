import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, test } from 'vitest'
import { createRedisNonceStore } from './createRedisNonceStore.js'
import { createRedisSessionStore } from './createRedisSessionStore.js'
import { REDIS_UNAVAILABLE } from './redisClient.js'

/** A client that records commands and answers from a script (the Redis tests run on a real server: stores.test.ts). */
function scripted(answer: (args: string[]) => Promise<unknown>) {
  const sent: string[][] = []
  return { sent, client: { sendCommand: (args: string[]) => (sent.push(args), answer(args)) } }
}

describe('Redis stores: the client edge', () => {
  test('error: a command that never answers fails after timeoutMs with one clear error', async () => {
    const { client } = scripted(() => new Promise(() => {}))
    const scheduler = new VirtualTimeScheduler()
    const nonces = createRedisNonceStore({ client, timeoutMs: 30, scheduler })
    let settled = false
    const result = nonces.issue().catch((e: unknown) => e).finally(() => { settled = true })
    scheduler.maxFrames = 29
    scheduler.flush()
    await Promise.resolve()
    expect(settled).toBe(false)
    scheduler.maxFrames = Infinity
    scheduler.flush()
    const error = await result
    expect(scheduler.now()).toBe(30)
    expect(error).toMatchObject({ shortMessage: REDIS_UNAVAILABLE, code: 'store_unavailable', details: 'SET: no answer within 30 ms' })
  })

  test('error: a client error is wrapped with the command that failed; the cause is kept', async () => {
    const cause = new Error('The client is closed')
    const { client } = scripted(() => Promise.reject(cause))
    const error = await createRedisSessionStore({ client }).read('a'.repeat(32), 0).catch((e: unknown) => e)
    expect(error).toMatchObject({ shortMessage: REDIS_UNAVAILABLE, details: 'GET: The client is closed', cause })
  })

  test('behavior: a command that answers in time is not failed later by its timer', async () => {
    const { client } = scripted(async () => 'OK')
    const scheduler = new VirtualTimeScheduler()
    const nonces = createRedisNonceStore({ client, timeoutMs: 20, scheduler })
    await expect(nonces.issue()).resolves.toMatch(/^[A-Za-z0-9]{16}$/)
    // The timer is cancelled once the answer came: nothing is left to fire (and reject unhandled) later.
    expect(scheduler.actions).toHaveLength(0)
  })

  test('parameters: a client without sendCommand is refused in words', () => {
    expect(() => createRedisNonceStore({ client: {} as never })).toThrow('A Redis store needs a client with sendCommand (node-redis), or an adapter for yours')
  })

  test('behavior: an id that is not 32 hex digits reads as no session and is never sent to Redis', async () => {
    const { client, sent } = scripted(async () => null)
    const sessions = createRedisSessionStore({ client })
    for (const id of [`zz${'a'.repeat(32)}`, `${'a'.repeat(32)}zz`, 'A'.repeat(32), '']) {
      expect(await sessions.read(id, 0)).toBeNull()
      expect(await sessions.revoke(id)).toBe(false)
    }
    expect(sent).toEqual([])
  })

  test('behavior: an address index holding junk is pruned and lists only sessions', async () => {
    const id = 'b'.repeat(32)
    const session = { id, accounts: [{ address: 'x', chainId: 'eip155:1', message: 'm', signature: 's' }], createdAt: 0, expiresAt: 100 }
    const { client, sent } = scripted(async (args) => {
      if (args[0] === 'SMEMBERS') return [id, 'junk', `zz${'c'.repeat(32)}`, `${'d'.repeat(32)}zz`, 7]
      if (args[0] === 'MGET') return [JSON.stringify(session)]
      return 1
    })
    expect(await createRedisSessionStore({ client }).listByAddress('x', 0)).toEqual([session])
    expect(sent.find((args) => args[0] === 'MGET')).toEqual(['MGET', `airlock:siwx:session:${id}`])
    expect(sent.find((args) => args[0] === 'SREM')).toEqual(['SREM', 'airlock:siwx:address:x', 'junk', `zz${'c'.repeat(32)}`, `${'d'.repeat(32)}zz`, 7])
  })

  test('behavior: an empty or odd SMEMBERS answer lists nothing and sends nothing more', async () => {
    for (const answer of [[], null, 'x']) {
      const { client, sent } = scripted(async () => answer)
      expect(await createRedisSessionStore({ client }).listByAddress('x', 0)).toEqual([])
      expect(sent.map((args) => args[0])).toEqual(['SMEMBERS'])
    }
  })

  test('behavior: a stored value that is not a string, or not JSON, reads as no session', async () => {
    for (const raw of [42, '{nope', JSON.stringify({ id: 'b'.repeat(32) })]) {
      const { client } = scripted(async () => raw)
      expect(await createRedisSessionStore({ client }).read('b'.repeat(32), 0)).toBeNull()
    }
  })
})
