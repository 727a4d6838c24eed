import { describe, expect, test } from 'vitest'
import { createMemoryNonceStore, NONCE_STORE_FULL, NONCE_TTL_MS } from './createMemoryNonceStore.js'

describe('createMemoryNonceStore', () => {
  test('default: an issued nonce lives 10 minutes on the store clock', async () => {
    let now = 1_000_000
    const nonces = createMemoryNonceStore({ clock: () => now })
    const nonce = await nonces.issue()
    expect(NONCE_TTL_MS).toBe(600_000)
    expect(await nonces.consume(nonce, { now: now + NONCE_TTL_MS, expiresAt: now + 2 * NONCE_TTL_MS })).toBe('unknown')
    const fresh = await nonces.issue()
    now += NONCE_TTL_MS - 1
    expect(await nonces.consume(fresh, { now, expiresAt: now + 60_000 })).toBe(true)
  })

  test('behavior: a used nonce stays used until its message expires, then is forgotten', async () => {
    const nonces = createMemoryNonceStore({ clock: () => 0, ttlMs: 1_000 })
    const nonce = await nonces.issue({ ttlMs: 5_000 })
    expect(await nonces.consume(nonce, { now: 4_000, expiresAt: 90_000 })).toBe(true)
    // Past the issue TTL it is still a replay, not unknown: the message is still live.
    expect(await nonces.consume(nonce, { now: 80_000, expiresAt: 90_000 })).toBe(false)
    expect(nonces.size).toBe(1)
  })

  test('behavior: when full, expired entries make room; live ones are never dropped', async () => {
    let now = 0
    const nonces = createMemoryNonceStore({ clock: () => now, ttlMs: 100, maxEntries: 2 })
    const first = await nonces.issue()
    await nonces.issue()
    await expect(nonces.issue()).rejects.toMatchObject({ shortMessage: NONCE_STORE_FULL, code: 'nonce_store_full' })
    expect(await nonces.consume(first, { now, expiresAt: 50 })).toBe(true)
    now = 100
    // Both issued ones ran out at 100 and the used one at 50: room again.
    await nonces.issue()
    expect(nonces.size).toBe(1)
  })

  test('behavior: a used nonce is remembered at least past now, even for a message that says it expired', async () => {
    const nonces = createMemoryNonceStore({ clock: () => 0 })
    const nonce = await nonces.issue()
    expect(await nonces.consume(nonce, { now: 10, expiresAt: 5 })).toBe(true)
    expect(await nonces.consume(nonce, { now: 10, expiresAt: 5 })).toBe(false)
    expect(await nonces.consume(nonce, { now: 11, expiresAt: 5 })).toBe('unknown')
  })

  test('behavior: expired entries stay until room is needed (issuing does not scan a store with room)', async () => {
    let now = 0
    const nonces = createMemoryNonceStore({ clock: () => now, ttlMs: 100, maxEntries: 10 })
    await nonces.issue()
    await nonces.issue()
    now = 200
    await nonces.issue()
    expect(nonces.size).toBe(3)
  })
})
