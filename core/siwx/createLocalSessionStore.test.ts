import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { createLocalSessionStore, MAX_STORED_SESSIONS, SIWX_SESSIONS_KEY } from './createLocalSessionStore.js'
import type { SiwxSession } from './types.js'

const account = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)

/** A localStorage over a Map, with its calls recorded. */
function mapStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: vi.fn((key: string) => map.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void map.set(key, value)),
    removeItem: vi.fn((key: string) => void map.delete(key)),
  }
}

/** A session the store's schema accepts; `i` makes each one distinct. */
const session = (i: number): SiwxSession => ({
  data: { accountAddress: account.address, chainId: 'eip155:1', domain: 'dapp.example', uri: 'https://dapp.example/', version: '1', nonce: `Nonce${String(i).padStart(6, '0')}`, issuedAt: '2026-03-01T12:00:00.000Z' },
  message: `signed text ${i}`,
  signature: `0x${String(i).padStart(130, '0')}`,
})

afterEach(() => vi.unstubAllGlobals())

describe('createLocalSessionStore', () => {
  test("default: the page's localStorage under @airlock/siwx_sessions, read back after a reload", async () => {
    const storage = mapStorage()
    vi.stubGlobal('localStorage', storage)
    const sessions = [session(1), session(2)]
    await createLocalSessionStore().write(sessions)
    expect(JSON.parse(storage.map.get(SIWX_SESSIONS_KEY)!)).toEqual({ version: 1, sessions })
    // A new store (the page reloaded) finds them in localStorage, not in its own memory.
    expect(await createLocalSessionStore().read()).toEqual(sessions)
    expect(storage.removeItem).not.toHaveBeenCalled()
  })

  test('parameters: key and localStorage', async () => {
    const storage = mapStorage()
    await createLocalSessionStore({ key: 'my-app/sessions', localStorage: storage }).write([session(1)])
    expect([...storage.map.keys()]).toEqual(['my-app/sessions'])
    expect(await createLocalSessionStore({ key: 'my-app/sessions', localStorage: storage }).read()).toEqual([session(1)])
    expect(await createLocalSessionStore({ localStorage: storage }).read()).toEqual([])
  })

  test('behavior: reading when nothing is stored finds none and writes nothing', async () => {
    const storage = mapStorage()
    expect(await createLocalSessionStore({ localStorage: storage }).read()).toEqual([])
    expect(storage.removeItem).not.toHaveBeenCalled()
    expect(storage.setItem).not.toHaveBeenCalled()
  })

  test('behavior: writing no sessions (sign out) removes the key', async () => {
    const storage = mapStorage()
    const store = createLocalSessionStore({ localStorage: storage })
    await store.write([session(1)])
    await store.write([])
    expect(storage.map.has(SIWX_SESSIONS_KEY)).toBe(false)
    expect(storage.setItem).toHaveBeenCalledTimes(1)
    expect(await store.read()).toEqual([])
  })

  test(`behavior: only the newest ${MAX_STORED_SESSIONS} sessions are kept`, async () => {
    const storage = mapStorage()
    const sessions = Array.from({ length: MAX_STORED_SESSIONS + 1 }, (_, i) => session(i))
    await createLocalSessionStore({ localStorage: storage }).write(sessions)
    expect(await createLocalSessionStore({ localStorage: storage }).read()).toEqual(sessions.slice(1))
    // The same cap in memory.
    const memory = createLocalSessionStore({ localStorage: null })
    await memory.write(sessions)
    expect(await memory.read()).toEqual(sessions.slice(1))
  })

  test('behavior: a localStorage whose getItem throws (revoked permission) is dropped for memory', async () => {
    const storage = { ...mapStorage(), getItem: () => { throw new Error('SecurityError') } }
    const store = createLocalSessionStore({ localStorage: storage })
    await store.write([session(1)])
    expect(await store.read()).toEqual([session(1)])
  })

  test.each([
    ['no localStorage', undefined],
    ['a localStorage without getItem', { getItem: 'not a function', setItem: vi.fn(), removeItem: vi.fn() }],
  ])('behavior: with %s sessions live in memory for the page', async (_name, localStorage) => {
    vi.stubGlobal('localStorage', localStorage)
    const store = createLocalSessionStore()
    await store.write([session(1)])
    expect(await store.read()).toEqual([session(1)])
    if (localStorage) expect(localStorage.setItem).not.toHaveBeenCalled()
    expect(await createLocalSessionStore().read()).toEqual([])
  })

  test('behavior: a localStorage that throws on access (sandboxed frame) means memory', async () => {
    vi.stubGlobal('localStorage', undefined)
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new Error('SecurityError') } })
    const store = createLocalSessionStore()
    await store.write([session(1)])
    expect(await store.read()).toEqual([session(1)])
  })
})
