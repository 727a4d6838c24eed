import { IDBFactory } from 'fake-indexeddb'
import { entries, getMany, setMany } from 'idb-keyval'
import { describe, expect, test, vi } from 'vitest'
import type { PersistedValues } from '../core/actions/types.js'
import { createKeyvalStore } from './backends/createKeyvalStore.js'
import { createStorage, CURRENT_STORAGE_VERSION } from './createStorage.js'
import { ALL_STORAGE_KEYS, STORAGE_KEYS, STORAGE_VERSION_KEY } from './keys.js'
import { MapStorage } from './testing/MapStorage.js'

const address = 'eip155:1:0x1111111111111111111111111111111111111111' as const
const persisted: PersistedValues = {
  activeNamespace: 'eip155',
  activeCaipNetworkId: 'eip155:1',
  recentWallets: [{ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }],
  connectedConnectorIds: { eip155: 'io.metamask' },
  connectionStatus: { eip155: 'connected', solana: 'disconnected' },
  connectedNamespaces: ['eip155'],
  connections: { eip155: { connectorId: 'io.metamask', caipAddress: address } },
}

describe('createStorage', () => {
  test('default: a real IndexedDB round trip (fake-indexeddb)', async () => {
    const indexedDB = new IDBFactory()
    const first = createStorage({ window: { indexedDB }, dbName: 'roundtrip' })
    await first.load()
    await first.save(persisted)
    await first.setItem('walletEmail', 'ada@example.com')
    expect(first.backend).toBe('indexeddb')

    const second = createStorage({ window: { indexedDB }, dbName: 'roundtrip' })
    await expect(second.load()).resolves.toEqual({ values: persisted, backend: 'indexeddb' })
    await expect(second.getItem('walletEmail')).resolves.toBe('ada@example.com')
    const [version] = await getMany([STORAGE_VERSION_KEY], createKeyvalStore(indexedDB, 'roundtrip'))
    expect(version).toBe(CURRENT_STORAGE_VERSION)
  })

  test('behavior: load returns only the core-managed fields', async () => {
    const storage = createStorage({ backend: 'memory' })
    await storage.setItem('connectedSocial', 'github')
    await storage.save({ activeNamespace: 'solana' })
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'solana' }, backend: 'memory' })
    await expect(storage.getItem('connectedSocial')).resolves.toBe('github')
  })

  test('behavior: save writes only the given keys, in one batch; undefined and null remove', async () => {
    const localStorage = new MapStorage()
    const storage = createStorage({ window: { localStorage } })
    await storage.save(persisted)
    const setItem = vi.spyOn(localStorage, 'setItem')
    const removeItem = vi.spyOn(localStorage, 'removeItem')
    await storage.save({ activeCaipNetworkId: 'eip155:10', connections: undefined, connectedNamespaces: null })
    expect(setItem.mock.calls).toEqual([[STORAGE_KEYS.activeCaipNetworkId.key, '"eip155:10"']])
    expect(removeItem.mock.calls).toEqual([[STORAGE_KEYS.connections.key], [STORAGE_KEYS.connectedNamespaces.key]])
    const { values } = await storage.load()
    expect(values.connections).toBeUndefined()
    expect(values.activeNamespace).toBe('eip155')
  })

  test('behavior: a wrong-shaped value is never written', async () => {
    const localStorage = new MapStorage()
    const storage = createStorage({ window: { localStorage } })
    await storage.save({ activeNamespace: 'eip155' })
    await expect(storage.save({ activeNamespace: 'solana', activeCaipNetworkId: 'nope:1' })).rejects.toThrow('Invalid storage values')
    await expect(storage.setItem('walletEmail', 'not an email')).rejects.toThrow('Invalid storage values')
    // @ts-expect-error an unknown logical name is rejected at run time too
    await expect(storage.save({ somethingElse: 1 })).rejects.toThrow('Invalid storage values')
    expect(localStorage.getItem(STORAGE_KEYS.activeNamespace.key)).toBe('"eip155"')
    expect(localStorage.getItem(STORAGE_KEYS.walletEmail.key)).toBeNull()
  })

  test('behavior: recent wallets are cut to 2 on the way in and out', async () => {
    const wallets = ['a', 'b', 'c'].map((id) => ({ id, name: id }))
    const localStorage = new MapStorage()
    localStorage.setItem(STORAGE_KEYS.recentWallets.key, JSON.stringify(wallets))
    const storage = createStorage({ window: { localStorage } })
    expect((await storage.load()).values.recentWallets).toEqual(wallets.slice(0, 2))
    await storage.save({ recentWallets: wallets })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.recentWallets.key)!)).toEqual(wallets.slice(0, 2))
  })

  test('behavior: clear removes our keys only and keeps the version', async () => {
    const localStorage = new MapStorage()
    localStorage.setItem('host-app/theme', 'dark')
    const storage = createStorage({ window: { localStorage } })
    await storage.save(persisted)
    await storage.setItem('walletEmailLoginUsed', true)
    await storage.clear()
    expect([...localStorage.map.keys()].sort()).toEqual([STORAGE_VERSION_KEY, 'host-app/theme'])
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'localStorage' })
  })

  test('behavior: clear removes each Airlock key once and nothing else, then writes only the version', async () => {
    const localStorage = new MapStorage()
    const storage = createStorage({ window: { localStorage } })
    await storage.save(persisted)
    const setItem = vi.spyOn(localStorage, 'setItem')
    const removeItem = vi.spyOn(localStorage, 'removeItem')
    await storage.clear()
    expect(removeItem.mock.calls).toEqual(ALL_STORAGE_KEYS.map((key) => [key]))
    expect(setItem.mock.calls).toEqual([[STORAGE_VERSION_KEY, String(CURRENT_STORAGE_VERSION)]])
  })

  test('behavior: clear on IndexedDB empties the database but for the version', async () => {
    const indexedDB = new IDBFactory()
    const storage = createStorage({ window: { indexedDB } })
    await storage.save(persisted)
    await storage.setItem('walletEmail', 'ada@example.com')
    await storage.clear()
    await expect(entries(createKeyvalStore(indexedDB, 'airlock'))).resolves.toEqual([[STORAGE_VERSION_KEY, CURRENT_STORAGE_VERSION]])
    await expect(createStorage({ window: { indexedDB } }).load()).resolves.toEqual({ values: {}, backend: 'indexeddb' })
  })

  test('behavior: removeItem removes one key', async () => {
    const storage = createStorage({ backend: 'memory' })
    await storage.setItem('walletSmartAccountEnabledNetworks', [1, 10, 8453])
    await expect(storage.getItem('walletSmartAccountEnabledNetworks')).resolves.toEqual([1, 10, 8453])
    await storage.removeItem('walletSmartAccountEnabledNetworks')
    await expect(storage.getItem('walletSmartAccountEnabledNetworks')).resolves.toBeUndefined()
  })
})

describe('createStorage versioning', () => {
  const seed = (version: unknown, values: Record<string, unknown>): MapStorage => {
    const localStorage = new MapStorage()
    if (version !== undefined) localStorage.setItem(STORAGE_VERSION_KEY, JSON.stringify(version))
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value))
    return localStorage
  }

  test('behavior: an older version runs migrate with its raw values, then the new version is written', async () => {
    // Version 0 kept the network as a bare chain id.
    const localStorage = seed(0, { [STORAGE_KEYS.activeCaipNetworkId.key]: 10, [STORAGE_KEYS.activeNamespace.key]: 'eip155' })
    const migrate = vi.fn((from: number, values: Record<string, unknown>) => ({ ...values, activeCaipNetworkId: `eip155:${String(values.activeCaipNetworkId)}` }))
    const storage = createStorage({ window: { localStorage }, migrate })
    await expect(storage.load()).resolves.toEqual({ values: { activeNamespace: 'eip155', activeCaipNetworkId: 'eip155:10' }, backend: 'localStorage' })
    expect(migrate).toHaveBeenCalledExactlyOnceWith(0, { activeCaipNetworkId: 10, activeNamespace: 'eip155' })
    expect(localStorage.getItem(STORAGE_VERSION_KEY)).toBe(String(CURRENT_STORAGE_VERSION))
    expect(localStorage.getItem(STORAGE_KEYS.activeCaipNetworkId.key)).toBe('"eip155:10"')
    // Migrated once: a second storage on the same data does not migrate again.
    await createStorage({ window: { localStorage }, migrate }).load()
    expect(migrate).toHaveBeenCalledTimes(1)
  })

  test('behavior: data without a version predates versioning (version 0); a fresh store is not migrated', async () => {
    const migrate = vi.fn((_: number, values: Record<string, unknown>) => values)
    await createStorage({ window: { localStorage: seed(undefined, { [STORAGE_KEYS.activeNamespace.key]: 'solana' }) }, migrate }).load()
    expect(migrate).toHaveBeenCalledWith(0, { activeNamespace: 'solana' })
    const fresh = new MapStorage()
    await createStorage({ window: { localStorage: fresh }, migrate }).load()
    expect(migrate).toHaveBeenCalledTimes(1)
    expect(fresh.getItem(STORAGE_VERSION_KEY)).toBe(String(CURRENT_STORAGE_VERSION))
  })

  test('behavior: a migration that throws leaves nothing trusted: values absent and removed', async () => {
    const localStorage = seed(0, { [STORAGE_KEYS.activeNamespace.key]: 'solana' })
    const storage = createStorage({ window: { localStorage }, migrate: () => { throw new Error('bad migration') } })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'localStorage' })
    expect(localStorage.getItem(STORAGE_KEYS.activeNamespace.key)).toBeNull()
  })

  test('behavior: a newer version is ignored, kept, and never overwritten', async () => {
    const localStorage = seed(CURRENT_STORAGE_VERSION + 1, { [STORAGE_KEYS.activeNamespace.key]: 'solana', [STORAGE_KEYS.walletEmail.key]: 'ada@example.com' })
    const before = new Map(localStorage.map)
    const onFallback = vi.fn()
    const migrate = vi.fn()
    const storage = createStorage({ window: { localStorage }, migrate, onFallback })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'memory' })
    await expect(storage.getItem('walletEmail')).resolves.toBeUndefined()
    await storage.save({ activeNamespace: 'eip155' })
    await storage.clear()
    expect(localStorage.map).toEqual(before)
    expect(migrate).not.toHaveBeenCalled()
    expect(onFallback).toHaveBeenCalledExactlyOnceWith('memory', expect.objectContaining({ message: expect.stringContaining('newer') }))
  })

  test('behavior: IndexedDB data of an older version is migrated too', async () => {
    const indexedDB = new IDBFactory()
    await setMany([[STORAGE_VERSION_KEY, 0], [STORAGE_KEYS.connectedSocial.key, 'twitter']], createKeyvalStore(indexedDB, 'airlock'))
    const storage = createStorage({ window: { indexedDB }, migrate: (_, values) => ({ ...values, connectedSocial: values.connectedSocial === 'twitter' ? 'x' : values.connectedSocial }) })
    await storage.load()
    await expect(storage.getItem('connectedSocial')).resolves.toBe('x')
    const [version] = await getMany([STORAGE_VERSION_KEY], createKeyvalStore(indexedDB, 'airlock'))
    expect(version).toBe(CURRENT_STORAGE_VERSION)
  })
})
