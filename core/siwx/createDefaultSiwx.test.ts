import type { SchedulerLike } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { createDefaultSiwx, DEFAULT_SESSION_MS } from './createDefaultSiwx.js'
import { createLocalSessionStore, SIWX_SESSIONS_KEY } from './createLocalSessionStore.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { pickMessageData } from './siwxMessageSchema.js'
import type { SiwxMessageInput } from './types.js'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const account = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const stranger = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
const input: SiwxMessageInput = { accountAddress: account.address, chainId: 'eip155:31337', domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/', issuedAt: new Date(NOW).toISOString() }

function setup(parameters: Parameters<typeof createDefaultSiwx>[0] = {}) {
  const clock = { t: NOW, now: () => clock.t }
  const storage = createLocalSessionStore({ localStorage: null })
  const siwx = createDefaultSiwx({ storage, scheduler: clock as unknown as SchedulerLike, ...parameters })
  return { clock, storage, siwx }
}

async function signIn(siwx: ReturnType<typeof createDefaultSiwx>, signer = account) {
  const message = await siwx.createMessage(input)
  const text = message.toString()
  return { message, session: { data: pickMessageData(message), message: text, signature: await signer.signMessage({ message: text }) } }
}

describe('createDefaultSiwx', () => {
  test('default: a message for the page with a CSPRNG nonce and a 24 h lifetime', async () => {
    const { siwx } = setup({ statement: 'Sign in to the demo' })
    const message = await siwx.createMessage(input)
    expect(message).toMatchObject({ domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/', chainId: 'eip155:31337', version: '1', statement: 'Sign in to the demo' })
    expect(message.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(message.issuedAt).toBe('2026-03-01T12:00:00.000Z')
    expect(Date.parse(message.expirationTime!) - NOW).toBe(DEFAULT_SESSION_MS)
    expect(message.toString()).toBe(formatSiwxMessage(message))
    expect((await siwx.createMessage(input)).nonce).not.toBe(message.nonce)
    expect(siwx.getRequired()).toBe(false)
    expect(setup({ required: true }).siwx.getRequired()).toBe(true)
  })

  test('behavior: a verified session is kept and found again (EVM addresses in any case)', async () => {
    const { siwx, storage } = setup()
    const { session } = await signIn(siwx)
    await siwx.addSession(session)
    expect(await siwx.getSessions('eip155:31337', account.address.toLowerCase())).toEqual([session])
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
    expect(await storage.read()).toHaveLength(1)
  })

  test('behavior: a signature from another address, a replay or a foreign nonce stores nothing', async () => {
    const { siwx, storage } = setup()
    const forged = await signIn(siwx, stranger)
    await expect(siwx.addSession(forged.session)).rejects.toMatchObject({ code: 'invalid_signature' })
    // The nonce was spent by the failed attempt: a retry needs a new message.
    await expect(siwx.addSession({ ...forged.session, signature: await account.signMessage({ message: forged.session.message }) })).rejects.toMatchObject({ code: 'unknown_nonce' })
    const good = await signIn(siwx)
    await siwx.addSession(good.session)
    await expect(siwx.addSession(good.session)).rejects.toMatchObject({ code: 'unknown_nonce' })
    const foreign = formatSiwxMessage({ ...good.message, nonce: 'ForeignNonce99' })
    await expect(siwx.addSession({ data: { ...good.session.data, nonce: 'ForeignNonce99' }, message: foreign, signature: await account.signMessage({ message: foreign }) })).rejects.toMatchObject({ code: 'unknown_nonce' })
    expect(await storage.read()).toHaveLength(1)
  })

  test('behavior: a message for another domain is refused by the verifier', async () => {
    const { siwx } = setup()
    const message = await siwx.createMessage(input)
    const text = formatSiwxMessage({ ...message, domain: 'evil.example' })
    await expect(siwx.addSession({ data: { ...pickMessageData(message), domain: 'evil.example' }, message: text, signature: await account.signMessage({ message: text }) })).rejects.toMatchObject({ code: 'domain_mismatch' })
  })

  test('behavior: a message for another chain than the one it was issued for is refused', async () => {
    const { siwx } = setup()
    const message = await siwx.createMessage(input)
    const text = formatSiwxMessage({ ...message, chainId: 'eip155:1' })
    await expect(siwx.addSession({ data: { ...pickMessageData(message), chainId: 'eip155:1' }, message: text, signature: await account.signMessage({ message: text }) })).rejects.toMatchObject({ code: 'chain_mismatch' })
  })

  test('behavior: sessions expire with the injected clock; revoke and setSessions([]) sign out', async () => {
    const { siwx, clock } = setup({ expirationMs: 60_000 })
    await siwx.addSession((await signIn(siwx)).session)
    clock.t = NOW + 59_999
    expect(await siwx.getSessions('eip155:31337', account.address)).toHaveLength(1)
    clock.t = NOW + 60_000
    expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([])
    clock.t = NOW
    await siwx.revokeSession('eip155:31337', account.address)
    expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([])
    await siwx.addSession((await signIn(siwx)).session)
    await siwx.setSessions([])
    expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([])
  })
})

describe('createLocalSessionStore', () => {
  const fakeStorage = () => {
    const map = new Map<string, string>()
    return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
  }

  test('behavior: corrupt or wrong-shaped values read as none and are removed', async () => {
    for (const raw of ['{not json', '[]', JSON.stringify({ version: 1, sessions: [{ data: {}, message: 'x', signature: 'y' }] }), JSON.stringify({ version: 2, sessions: [] })]) {
      const storage = fakeStorage()
      storage.map.set(SIWX_SESSIONS_KEY, raw)
      expect(await createLocalSessionStore({ localStorage: storage }).read()).toEqual([])
      expect(storage.map.has(SIWX_SESSIONS_KEY)).toBe(false)
    }
  })

  test('behavior: a throwing localStorage falls back to memory', async () => {
    const storage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError') }, removeItem: () => undefined }
    const store = createLocalSessionStore({ localStorage: storage })
    const { siwx } = setup({ storage: store })
    const { session } = await signIn(siwx)
    await siwx.addSession(session)
    expect(await store.read()).toEqual([session])
  })
})
