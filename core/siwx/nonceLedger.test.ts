import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { createNonceLedger } from './nonceLedger.js'
import { createSiwxVerifier } from './verifySiwx.js'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const DAY = 86_400_000
const FOREVER = Date.parse('9999-12-31T23:59:59Z')
const iso = (ms: number) => new Date(ms).toISOString()

describe('createNonceLedger', () => {
  test('default: a nonce is accepted once', () => {
    const ledger = createNonceLedger()
    expect(ledger.consume('abcdefgh1', { now: 0, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('abcdefgh1', { now: 500, expiresAt: 1_000 })).toBe(false)
    expect(ledger.size).toBe(1)
    expect(ledger.maxAgeMs).toBe(DAY + 60_000)
  })

  test('behavior: when full it evicts expired entries, and answers full (never forgets) while all are live', () => {
    const ledger = createNonceLedger({ maxEntries: 2 })
    expect(ledger.consume('n1aaaaaa', { now: 0, expiresAt: 100 })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 0, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('n3aaaaaa', { now: 50, expiresAt: 1_000 })).toBe('full')
    expect(ledger.consume('n1aaaaaa', { now: 50, expiresAt: 100 })).toBe(false)
    expect(ledger.consume('n3aaaaaa', { now: 100, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 100, expiresAt: 1_000 })).toBe(false)
    expect(ledger.size).toBe(2)
  })

  test('behavior: after making room, a full ledger next frees the entry that expires first, not only the newest', () => {
    const ledger = createNonceLedger({ maxEntries: 2 })
    expect(ledger.consume('n1aaaaaa', { now: 0, expiresAt: 100 })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 0, expiresAt: 1_000 })).toBe(true)
    // n1 goes; n2 (to 1 000) and n3 (to 5 000) are left.
    expect(ledger.consume('n3aaaaaa', { now: 100, expiresAt: 5_000 })).toBe(true)
    // At 1 000 n2 has expired: a ledger that only remembered n3's end would refuse until 5 000.
    expect(ledger.consume('n4aaaaaa', { now: 1_000, expiresAt: 2_000 })).toBe(true)
    expect(ledger.consume('n3aaaaaa', { now: 1_000, expiresAt: 5_000 })).toBe(false)
  })

  test('behavior: with room to spare nothing is forgotten, not even an expired nonce (eviction only makes room)', () => {
    const ledger = createNonceLedger({ maxEntries: 3 })
    expect(ledger.consume('n1aaaaaa', { now: 0, expiresAt: 100 })).toBe(true)
    // n1's message expired at 100; the ledger is not full, so it is still remembered as used.
    expect(ledger.consume('n2aaaaaa', { now: 200, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('n1aaaaaa', { now: 200, expiresAt: 300 })).toBe(false)
    expect(ledger.size).toBe(2)
  })

  test('behavior: a ledger full of live nonces answers full without scanning them again until one can expire', () => {
    const ledger = createNonceLedger({ maxEntries: 2 })
    expect(ledger.consume('n1aaaaaa', { now: 0, expiresAt: 1_000 })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 0, expiresAt: 2_000 })).toBe(true)
    // A flood of new nonces must cost no walk over every entry each (the scan is what 'for of' iterates).
    const scans = vi.spyOn(Map.prototype, Symbol.iterator)
    try {
      for (let now = 1; now < 1_000; now++) expect(ledger.consume(`f${String(now).padStart(7, '0')}`, { now, expiresAt: 5_000 })).toBe('full')
      expect(scans).not.toHaveBeenCalled()
      // At 1 000 n1 has expired: one scan makes room.
      expect(ledger.consume('n3aaaaaa', { now: 1_000, expiresAt: 5_000 })).toBe(true)
      expect(scans).toHaveBeenCalledTimes(1)
    } finally {
      scans.mockRestore()
    }
  })

  test('property: never forgets a live nonce, refuses a new one only when every remembered one is live, never holds more than maxEntries', () => {
    const nonce = fc.constantFrom('n0000001', 'n0000002', 'n0000003', 'n0000004', 'n0000005', 'n0000006')
    // Message lifetimes from already expired to never, and NaN (a message without a usable expiry).
    const life = fc.oneof(fc.integer({ min: -50, max: 400 }), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY))
    const steps = fc.array(fc.record({ nonce, dt: fc.integer({ min: 0, max: 100 }), life }), { maxLength: 60 })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 300 }), steps, (maxEntries, maxAgeMs, calls) => {
        const ledger = createNonceLedger({ maxEntries, maxAgeMs })
        // The model: each accepted nonce is live until its message expires, and never past maxAgeMs.
        const liveUntil = new Map<string, number>()
        let now = 0
        for (const call of calls) {
          now += call.dt
          const expiresAt = now + call.life
          const result = ledger.consume(call.nonce, { now, expiresAt })
          const until = liveUntil.get(call.nonce)
          if (until !== undefined && now < until) {
            // A replay while its message can still verify: refused, whatever else is going on.
            expect(result).toBe(false)
          } else {
            const live = [...liveUntil.values()].filter((end) => now < end).length
            const fresh = live < maxEntries ? true : 'full'
            // An expired nonce may still be remembered (refused as used); a new one gets room exactly when an entry is dead.
            if (until === undefined) expect(result).toBe(fresh)
            else expect([fresh, false]).toContain(result)
          }
          if (result === true) liveUntil.set(call.nonce, Math.min(Number.isNaN(expiresAt) ? Number.POSITIVE_INFINITY : expiresAt, now + maxAgeMs))
          expect(ledger.size).toBeLessThanOrEqual(maxEntries)
        }
      }),
      { numRuns: 500 },
    )
  })

  test('parameters: maxAgeMs bounds an entry whatever expiresAt claims', () => {
    const ledger = createNonceLedger({ maxAgeMs: 1_000, maxEntries: 2 })
    expect(ledger.consume('n1aaaaaa', { now: 0, expiresAt: FOREVER })).toBe(true)
    expect(ledger.consume('n2aaaaaa', { now: 0, expiresAt: Number.NaN })).toBe(true)
    expect(ledger.consume('n3aaaaaa', { now: 999, expiresAt: FOREVER })).toBe('full')
    expect(ledger.consume('n3aaaaaa', { now: 1_000, expiresAt: FOREVER })).toBe(true)
    expect(ledger.size).toBe(1)
  })
})

describe('createNonceLedger with createSiwxVerifier (review M-1)', () => {
  const account = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
  const sign = async (nonce: string, issuedAt: number, expirationTime?: number) => {
    const message = formatSiwxMessage({ domain: 'dapp.example', uri: 'https://dapp.example/', version: '1', chainId: 'eip155:1', accountAddress: account.address, nonce, issuedAt: iso(issuedAt), ...(expirationTime ? { expirationTime: iso(expirationTime) } : {}) })
    return { message, signature: await account.signMessage({ message }), domain: 'dapp.example', nonce, chainId: 'eip155:1' } as const
  }

  test('behavior: sign-ins claiming to never expire cannot lock honest users out', async () => {
    const verify = createSiwxVerifier({ nonces: createNonceLedger({ maxEntries: 3 }) })
    for (const nonce of ['ddddddd01', 'ddddddd02', 'ddddddd03']) expect(await verify({ ...(await sign(nonce, NOW - 1_000, FOREVER)), now: NOW })).toMatchObject({ ok: true })
    const later = NOW + DAY + 120_000
    expect(await verify({ ...(await sign('eeeeeeee1', later - 1_000)), now: later })).toMatchObject({ ok: true })
    // The default ledger, filled with 100 000 long-lived nonces, takes a sign-in the next day.
    const big = createNonceLedger()
    for (let i = 0; i < 100_000; i++) big.consume(`f${String(i).padStart(9, '0')}`, { now: NOW, expiresAt: FOREVER })
    expect(await createSiwxVerifier({ nonces: big })({ ...(await sign('gggggggg1', later - 1_000)), now: later })).toMatchObject({ ok: true })
  })

  test('behavior: a message older than maxAgeMs is refused, so an evicted nonce cannot be replayed', async () => {
    const verify = createSiwxVerifier({ nonces: createNonceLedger({ maxEntries: 1 }) })
    const first = await sign('hhhhhhhh1', NOW - 1_000, FOREVER)
    expect(await verify({ ...first, now: NOW })).toMatchObject({ ok: true })
    expect(await verify({ ...first, now: NOW + 1_000 })).toMatchObject({ ok: false, reason: 'nonce_reused' })
    const later = NOW + DAY + 120_000
    expect(await verify({ ...(await sign('iiiiiiii1', later - 1_000)), now: later })).toMatchObject({ ok: true })
    expect(await verify({ ...first, now: later })).toMatchObject({ ok: false, reason: 'expired' })
  })

  test('behavior: a ledger full of live nonces refuses as nonce_store_full, and still refuses their replay', async () => {
    const verify = createSiwxVerifier({ nonces: createNonceLedger({ maxEntries: 1 }) })
    const first = await sign('jjjjjjjj1', NOW - 1_000, NOW + 3_600_000)
    expect(await verify({ ...first, now: NOW })).toMatchObject({ ok: true })
    const second = await sign('kkkkkkkk1', NOW - 1_000)
    expect(await verify({ ...second, now: NOW })).toMatchObject({ ok: false, reason: 'nonce_store_full' })
    expect(await verify({ ...first, now: NOW + 1_000 })).toMatchObject({ ok: false, reason: 'nonce_reused' })
    // Once the first message expired its entry makes room.
    expect(await verify({ ...second, now: NOW + 3_600_000 })).toMatchObject({ ok: true })
  })
})
