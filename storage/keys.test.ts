import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ALL_STORAGE_KEYS, PERSISTED_NAMES, STORAGE_KEYS, STORAGE_VERSION_KEY } from './keys.js'
import { readCooldownStart } from './readCooldownStart.js'

describe('STORAGE_KEYS', () => {
  test('default: every key is prefixed, unique, and the core names are the PersistedValues fields', () => {
    const keys = Object.values(STORAGE_KEYS).map((entry) => entry.key)
    expect(new Set(ALL_STORAGE_KEYS).size).toBe(ALL_STORAGE_KEYS.length)
    for (const [name, { key }] of Object.entries(STORAGE_KEYS)) {
      expect(key, name).toMatch(name.startsWith('wallet') ? /^@airlock-wallet\/[a-z_]+$/ : /^@airlock\/[a-z_]+$/)
    }
    expect(keys).toContain('@airlock/active_caip_network_id')
    expect(keys).toContain('@airlock-wallet/last_email_login_time')
    expect(STORAGE_VERSION_KEY).toBe('@airlock/storage_version')
    expect(PERSISTED_NAMES).toEqual(['activeNamespace', 'activeCaipNetworkId', 'recentWallets', 'connectedConnectorIds', 'connectionStatus', 'connectedNamespaces', 'connections'])
  })

  test('behavior: CAIP ids go through the core schemas', () => {
    const { activeCaipNetworkId, connections } = STORAGE_KEYS
    expect(activeCaipNetworkId.schema.safeParse('bip122:000000000019d6689c085ae165831e93').success).toBe(true)
    expect(activeCaipNetworkId.schema.safeParse('eip155:1:0xabc').success).toBe(false)
    expect(connections.schema.safeParse({ solana: { connectorId: 'phantom', caipAddress: 'solana:x:abc' } }).success).toBe(true)
    expect(connections.schema.safeParse({ solana: { connectorId: 'phantom', caipAddress: 'eip155:1:0xabc' } }).success).toBe(false)
  })

  test('behavior: schemas never throw on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const { schema } of Object.values(STORAGE_KEYS)) schema.safeParse(value)
      }),
    )
  })
})

describe('readCooldownStart', () => {
  test('default: a valid past time is the start', () => {
    expect(readCooldownStart(1_000, 5_000)).toBe(1_000)
    expect(readCooldownStart(5_000, 5_000)).toBe(5_000)
    // The epoch itself is a valid (if old) start.
    expect(readCooldownStart(0, 5_000)).toBe(0)
  })

  test('behavior: absent means no cooldown', () => {
    expect(readCooldownStart(undefined, 5_000)).toBeNull()
    expect(readCooldownStart(null, 5_000)).toBeNull()
  })

  test('behavior: garbage and future times fail closed (the cooldown starts now)', () => {
    for (const value of ['1000', '0', Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, 5_001, 5_000n, {}, [], true, '']) {
      expect(readCooldownStart(value, 5_000), String(value)).toBe(5_000)
    }
  })

  test('behavior: never earlier than a valid start, for any input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.nat(), (value, now) => {
        const start = readCooldownStart(value, now)
        if (value === undefined || value === null) expect(start).toBeNull()
        else expect(start === value || start === now).toBe(true)
      }),
    )
  })
})
