import { describe, expect, test } from 'vitest'
import { createMemorySessionStore } from './createMemorySessionStore.js'

const account = (address: string) => ({ address, chainId: 'eip155:1' as const, message: 'signed text', signature: '0x01' })
const EVM = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'

describe('createMemorySessionStore', () => {
  test('behavior: a session of several accounts is listed under each; revoking removes it from every index', async () => {
    const sessions = createMemorySessionStore()
    const session = await sessions.create({ accounts: [account(EVM), { ...account('So1anaAddr3ss'), chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }], createdAt: 0, expiresAt: 10 })
    expect(await sessions.listByAddress(EVM.toLowerCase(), 0)).toEqual([session])
    expect(await sessions.listByAddress('So1anaAddr3ss', 0)).toEqual([session])
    expect(await sessions.listByAddress('so1anaaddr3ss', 0)).toEqual([])
    await sessions.revoke(session.id)
    expect(await sessions.listByAddress(EVM, 0)).toEqual([])
    expect(sessions.size).toBe(0)
  })

  test('behavior: an expired session reads as none and is dropped', async () => {
    const sessions = createMemorySessionStore()
    const session = await sessions.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: 10 })
    expect(await sessions.read(session.id, 9)).toEqual(session)
    expect(await sessions.listByAddress(EVM, 10)).toEqual([])
    expect(sessions.size).toBe(0)
  })

  test('error: when full of live sessions it refuses a new one; expired ones make room', async () => {
    let now = 0
    const sessions = createMemorySessionStore({ maxSessions: 1, clock: () => now })
    await sessions.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: 10 })
    await expect(sessions.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: 10 })).rejects.toMatchObject({ code: 'session_store_full' })
    now = 10
    await expect(sessions.create({ accounts: [account(EVM)], createdAt: 10, expiresAt: 20 })).resolves.toMatchObject({ expiresAt: 20 })
  })
})
