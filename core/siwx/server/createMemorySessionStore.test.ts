import { describe, expect, test } from 'vitest'
import { createMemorySessionStore } from './createMemorySessionStore.js'
import { addressKey } from './sessionFields.js'

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

  test('behavior: the address index shrinks as sessions end (no growth without bound)', async () => {
    const sessions = createMemorySessionStore()
    const a = await sessions.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: 10 })
    const b = await sessions.create({ accounts: [account(EVM), account('So1anaAddr3ss')], createdAt: 0, expiresAt: 20 })
    expect(sessions.indexedAddresses).toBe(2)
    expect(await sessions.revoke(a.id)).toBe(true)
    expect(sessions.indexedAddresses).toBe(2)
    expect(await sessions.listByAddress(EVM, 0)).toEqual([b])
    expect(await sessions.listByAddress('So1anaAddr3ss', 15)).toEqual([b])
    expect(await sessions.read(b.id, 20)).toBeNull()
    expect(sessions.indexedAddresses).toBe(0)
    expect(await sessions.revoke(b.id)).toBe(false)
  })

  test('behavior: expired sessions stay until room is needed; the refusal says why', async () => {
    let now = 0
    const sessions = createMemorySessionStore({ maxSessions: 3, clock: () => now })
    await sessions.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: 10 })
    now = 10
    await sessions.create({ accounts: [account(EVM)], createdAt: 10, expiresAt: 20 })
    expect(sessions.size).toBe(2)
    const full = createMemorySessionStore({ maxSessions: 1 })
    await full.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: Number.MAX_SAFE_INTEGER })
    await expect(full.create({ accounts: [account(EVM)], createdAt: 0, expiresAt: Number.MAX_SAFE_INTEGER })).rejects.toMatchObject({ shortMessage: 'Too many live sessions; try again later.' })
  })
})

describe('addressKey', () => {
  test('behavior: only a whole EVM address is lower-cased', () => {
    expect(addressKey(EVM)).toBe(EVM.toLowerCase())
    for (const other of [`So1${EVM}`, `${EVM}Z`, 'bc1qAbCdEf', 'So1anaAddr3ss']) expect(addressKey(other)).toBe(other)
  })
})
