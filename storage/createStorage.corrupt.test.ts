import fc from 'fast-check'
import { IDBFactory } from 'fake-indexeddb'
import { getMany, setMany } from 'idb-keyval'
import { describe, expect, test } from 'vitest'
import { initialState, reduce } from '../tests/support/state.js'
import { createKeyvalStore } from './backends/createKeyvalStore.js'
import { createStorage } from './createStorage.js'
import { STORAGE_KEYS, STORAGE_VERSION_KEY, type StorageName } from './keys.js'
import { readCooldownStart } from './readCooldownStart.js'
import { MapStorage } from './testing/MapStorage.js'

const NAMES = Object.keys(STORAGE_KEYS) as StorageName[]
const COOLDOWN: StorageName = 'walletLastEmailLoginTime'
const wallet = { id: 'io.metamask', name: 'MetaMask' }
const connection = { connectorId: 'io.metamask', caipAddress: 'eip155:1:0xabc' }

/** JSON texts that no schema accepts: unparsable, wrong types, huge, prototype tricks. */
const GARBAGE: readonly string[] = [
  '',
  'garbage',
  '{"unterminated": ',
  'undefined',
  'NaN',
  'null',
  '-1',
  '1e400',
  `"${'x'.repeat(100_000)}"`,
  JSON.stringify(Array.from({ length: 100_000 }, () => wallet)),
  JSON.stringify(Array.from({ length: 1_000 }, (_, index) => index)),
  '{"__proto__": {"polluted": true}, "eip155": "connected"}',
  '{"constructor": {"prototype": {"polluted": true}}}',
]

const json = (value: unknown): string => JSON.stringify(value)
const many = (count: number, make: (index: number) => unknown) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`name${index}`, make(index)]))
const identity = { name: null, avatar: null }

/** Near misses per key: the right type, a wrong detail. */
const WRONG_SHAPED: Record<StorageName, readonly string[]> = {
  activeNamespace: ['"cosmic"', '"EIP155"', '1', 'true'],
  activeCaipNetworkId: ['"eip155"', '"eip155:"', '"cosmic:1"', '":::"', '"eip155:1:0xabc"', '"eip155:1:0xabc:extra"', '{}'],
  recentWallets: [json([{ id: 'a' }]), json([{ id: '', name: 'x' }]), '[1]', json({ 0: wallet }), json(Array(21).fill(wallet)), json([{ ...wallet, extra: 1 }])],
  connectedConnectorIds: ['{"cosmic":"x"}', '{"eip155":1}', '{"eip155":""}', '["x"]', '"x"'],
  connectionStatus: ['{"eip155":"maybe"}', '{"eip155":"connected","cosmic":"connected"}', '"connected"', '[]'],
  connectedNamespaces: ['["eip155","eip155"]', '["cosmic"]', '"eip155"', json(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'eip155'])],
  connections: [
    json({ eip155: { ...connection, caipAddress: 'solana:x:abc' } }),
    json({ eip155: { ...connection, caipAddress: 'eip155:1' } }),
    json({ eip155: { ...connection, extra: true } }),
    json({ eip155: { caipAddress: connection.caipAddress } }),
    json({ cosmic: connection }),
  ],
  deeplinkChoice: [
    json({ href: 'javascript:alert(1)', name: 'x' }),
    json({ href: 'data:text/html,hi', name: 'x' }),
    json({ href: 'not a url', name: 'x' }),
    json({ href: 'https://a.example' }),
    // Plain http only to localhost: elsewhere anyone on the network could swap the wallet page.
    json({ href: 'http://wallet.example/wc', name: 'x' }),
    json({ href: 'http://localhost.evil.example/wc', name: 'x' }),
  ],
  connectedSocial: ['"twitter"', '"Google"', 'true'],
  socialUsername: ['""', '1', json('x'.repeat(300))],
  telegramSocialProvider: ['"telegram"', '[]'],
  portfolioCache: [
    json({ 'eip155:1': { timestamp: 1, value: [] } }),
    json({ 'eip155:1:0xabc': { timestamp: -5, value: [] } }),
    json({ 'eip155:1:0xabc': { timestamp: 1, value: {} } }),
    json({ 'eip155:1:0xabc': { timestamp: 1, value: [{ name: 'E', symbol: 'E', chainId: 'eip155:1', price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: 'javascript:x' }] } }),
  ],
  nativeBalanceCache: [
    json({ 'eip155:1:0xabc': { timestamp: 1, value: { balance: '1e18', symbol: 'ETH' } } }),
    json({ 'eip155:1:0xabc': { timestamp: 1, value: { balance: '1' } } }),
    json({ 'eip155:1:0xabc': { timestamp: '1', value: { balance: '1', symbol: 'ETH' } } }),
  ],
  nameCache: [json({ 'a.eth': { timestamp: 1, value: Array(21).fill({ name: 'a.eth', addresses: {} }) } }), json({ 'a.eth': { timestamp: 1, value: [{ name: 'a.eth', addresses: { abc: '0x1' } }] } })],
  identityCache: [json({ '0xabc': { timestamp: 1, value: { name: null, avatar: 'javascript:alert(1)' } } }), json(many(101, () => ({ timestamp: 1, value: identity })))],
  preferredAccountTypes: ['{"eip155":"EOA"}', '{"cosmic":"eoa"}'],
  walletLastUsedChain: ['1.5', '"eip155"', '"1"', 'true'],
  walletEmail: ['"not an email"', '"a@b"', '1'],
  walletSocialUsername: ['""', '{}'],
  walletEmailLoginUsed: ['"true"', '1'],
  walletLastEmailLoginTime: ['"123"', 'true', '{}'],
  walletSocialLoginStarted: [
    json({ state: 'abc', provider: 'farcaster', expiresAt: 1 }),
    json({ state: '', provider: 'github', expiresAt: 1 }),
    json({ state: 'a b', provider: 'github', expiresAt: 1 }),
    json({ state: 'abc', provider: 'github', expiresAt: -1 }),
    json({ state: 'abc', provider: 'github' }),
    json({ state: 'abc', provider: 'github', expiresAt: 1, extra: true }),
    '"abc"',
  ],
  walletSmartAccountEnabledNetworks: ['[1,1]', '[-1]', '[1.5]', '["1"]', json(Array.from({ length: 257 }, (_, index) => index))],
}

/** One valid value per key, so the near misses above are not rejected for some unrelated reason. */
const VALID: Record<StorageName, string> = {
  activeNamespace: '"eip155"',
  activeCaipNetworkId: '"eip155:1"',
  recentWallets: json([wallet]),
  connectedConnectorIds: '{"eip155":"io.metamask"}',
  connectionStatus: '{"eip155":"connected"}',
  connectedNamespaces: '["eip155"]',
  connections: json({ eip155: connection }),
  deeplinkChoice: json({ href: 'metamask://wc?uri=x', name: 'MetaMask' }),
  connectedSocial: '"x"',
  socialUsername: '"ada"',
  telegramSocialProvider: '"google"',
  portfolioCache: json({ 'eip155:1:0xabc': { timestamp: 1, value: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 1, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: 'https://a.example/e.png' }] } }),
  nativeBalanceCache: json({ 'eip155:1:0xabc': { timestamp: 1, value: { balance: '1.25', symbol: 'ETH' } } }),
  nameCache: json({ 'a.eth': { timestamp: 1, value: [{ name: 'a.eth', addresses: { 60: '0xabc' } }] } }),
  identityCache: json(many(100, () => ({ timestamp: 1, value: identity }))),
  preferredAccountTypes: '{"eip155":"smartAccount","bip122":"payment"}',
  walletLastUsedChain: '"eip155:8453"',
  walletEmail: '"ada@example.com"',
  walletSocialUsername: '"ada"',
  walletEmailLoginUsed: 'true',
  walletLastEmailLoginTime: '1700000000000',
  walletSocialLoginStarted: json({ state: '7f3a9c', provider: 'github', expiresAt: 1700000600000 }),
  walletSmartAccountEnabledNetworks: '[1, 10, 8453]',
}

/** Every key holds `text`; everything the schemas reject must read as absent and be gone. */
async function loadWithEveryKey(text: (name: StorageName) => string) {
  const localStorage = new MapStorage()
  localStorage.setItem(STORAGE_VERSION_KEY, '1')
  for (const name of NAMES) localStorage.setItem(STORAGE_KEYS[name].key, text(name))
  const storage = createStorage({ window: { localStorage } })
  const loaded = await storage.load()
  const items = Object.fromEntries(await Promise.all(NAMES.map(async (name) => [name, await storage.getItem(name)] as const)))
  return { localStorage, loaded, items }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return Symbol('unparsable')
  }
}

describe('createStorage with corrupt values', () => {
  test.each(GARBAGE.map((text) => [text.slice(0, 60), text]))('behavior: %s under every key is absent and removed', async (_, text) => {
    const { localStorage, loaded, items } = await loadWithEveryKey(() => text)
    expect(loaded).toEqual({ values: {}, backend: 'localStorage' })
    for (const name of NAMES) {
      // The cooldown fails closed instead: garbage reads as a start in the future.
      expect(items[name], name).toBe(name === COOLDOWN ? Number.POSITIVE_INFINITY : undefined)
    }
    expect([...localStorage.map.keys()]).toEqual([STORAGE_VERSION_KEY])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test.each(NAMES.flatMap((name) => WRONG_SHAPED[name].map((text) => [name, text.slice(0, 60), text] as const)))(
    'behavior: %s holding %s is absent and removed',
    async (name, _, text) => {
      const { localStorage, items } = await loadWithEveryKey((other) => (other === name ? text : VALID[other]))
      expect(items[name]).toBe(name === COOLDOWN ? Number.POSITIVE_INFINITY : undefined)
      expect(localStorage.getItem(STORAGE_KEYS[name].key)).toBeNull()
    },
  )

  test('default: a valid value under every key is kept', async () => {
    const { localStorage, loaded, items } = await loadWithEveryKey((name) => VALID[name])
    for (const name of NAMES) expect(items[name], name).toEqual(JSON.parse(VALID[name]))
    expect(Object.keys(loaded.values).sort()).toEqual(['activeCaipNetworkId', 'activeNamespace', 'connectedConnectorIds', 'connectedNamespaces', 'connectionStatus', 'connections', 'recentWallets'])
    expect(localStorage.map.size).toBe(NAMES.length + 1)
  })

  test('behavior: a stored deep link over plain http is kept for localhost only', async () => {
    // The counterpart of the http://wallet.example near miss above: local development still works.
    const local = json({ href: 'http://localhost:3000/wc', name: 'Dev wallet' })
    const { localStorage, items } = await loadWithEveryKey((name) => (name === 'deeplinkChoice' ? local : VALID[name]))
    expect(items.deeplinkChoice).toEqual({ href: 'http://localhost:3000/wc', name: 'Dev wallet' })
    expect(localStorage.getItem(STORAGE_KEYS.deeplinkChoice.key)).toBe(local)
  })

  test('behavior: a garbage cooldown time fails closed (the cooldown starts now)', async () => {
    const { items } = await loadWithEveryKey(() => '"yesterday"')
    expect(readCooldownStart(items[COOLDOWN], 5_000)).toBe(5_000)
  })

  test('behavior: any JSON under any key: load never throws, returns only valid values, removes the rest', async () => {
    await fc.assert(
      // Each key gets a JSON text of any value, or any string at all (mostly not JSON).
      fc.asyncProperty(fc.record(Object.fromEntries(NAMES.map((name) => [name, fc.oneof(fc.jsonValue().map(json), fc.string())])) as Record<StorageName, fc.Arbitrary<string>>), async (texts) => {
        const { localStorage, loaded, items } = await loadWithEveryKey((name) => texts[name])
        for (const name of NAMES) {
          const result = STORAGE_KEYS[name].schema.safeParse(parse(texts[name]))
          if (result.success) {
            expect(items[name]).toEqual(result.data)
          } else {
            expect(items[name]).toBe(name === COOLDOWN ? Number.POSITIVE_INFINITY : undefined)
            expect(localStorage.getItem(STORAGE_KEYS[name].key)).toBeNull()
          }
        }
        // Whatever was loaded hydrates the real reducer without throwing.
        reduce(initialState(), { type: 'storage/hydrated', values: loaded.values, backend: loaded.backend })
      }),
      { numRuns: 200 },
    )
  })

  test('behavior: IndexedDB values of the wrong type (Dates, Maps, arrays, prototype tricks) are absent and removed', async () => {
    const indexedDB = new IDBFactory()
    const store = createKeyvalStore(indexedDB, 'airlock')
    const values: unknown[] = [new Date(0), new Map([['eip155', 'connected']]), [['eip155', 'connected']], JSON.parse('{"__proto__": {"eip155": "connected"}}'), 12n, new Uint8Array(4)]
    await setMany([[STORAGE_VERSION_KEY, 1], ...NAMES.map((name, index): [string, unknown] => [STORAGE_KEYS[name].key, values[index % values.length]])], store)
    const storage = createStorage({ window: { indexedDB } })
    await expect(storage.load()).resolves.toEqual({ values: {}, backend: 'indexeddb' })
    for (const name of NAMES) await storage.getItem(name)
    expect((await getMany(NAMES.map((name) => STORAGE_KEYS[name].key), store)).every((value) => value === undefined)).toBe(true)
  })

  test('behavior: a corrupt store boots disconnected', async () => {
    const { loaded } = await loadWithEveryKey((name) => (name === 'connectionStatus' ? '{"eip155":"connected"}' : 'garbage'))
    const state = reduce(initialState(), { type: 'storage/hydrated', values: loaded.values, backend: loaded.backend })
    expect(state.connection.namespaces).toEqual({})
    // The garbage network is ignored: the default network stays active.
    expect(state.connection.activeCaipNetworkId).toBe(state.options.defaultNetwork.caipNetworkId)
  })
})
