import type { SchedulerLike } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { createDefaultSiwx, DEFAULT_SESSION_MS } from './createDefaultSiwx.js'
import { createLocalSessionStore, SIWX_SESSIONS_KEY } from './createLocalSessionStore.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { pickMessageData } from './siwxMessageSchema.js'
import type { SiwxMessage, SiwxMessageData, SiwxMessageInput, SiwxSession } from './types.js'

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

/** A session for `signer` on a message issued for it (addSession keeps one per account). */
async function signInAs(siwx: ReturnType<typeof createDefaultSiwx>, signer: typeof account): Promise<SiwxSession> {
  const message = await siwx.createMessage({ ...input, accountAddress: signer.address })
  const text = message.toString()
  return { data: pickMessageData(message), message: text, signature: await signer.signMessage({ message: text }) }
}

/** What one-click auth hands to setSessions: the template's nonce, signed for `chainId`. */
async function oneClickSession(siwx: ReturnType<typeof createDefaultSiwx>, chainId: SiwxMessageData['chainId'] = 'eip155:31337'): Promise<SiwxSession> {
  const template = await siwx.createMessage({ ...input, accountAddress: '' })
  const data = { ...pickMessageData(template), accountAddress: account.address, chainId }
  const text = formatSiwxMessage(data)
  return { data, message: text, signature: await account.signMessage({ message: text }) }
}

afterEach(() => vi.unstubAllGlobals())

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
    await expect(siwx.addSession(forged.session)).rejects.toMatchObject({ code: 'invalid_signature', shortMessage: 'The signature could not be verified' })
    // The nonce was spent by the failed attempt: a retry needs a new message.
    await expect(siwx.addSession({ ...forged.session, signature: await account.signMessage({ message: forged.session.message }) })).rejects.toMatchObject({ code: 'unknown_nonce' })
    const good = await signIn(siwx)
    await siwx.addSession(good.session)
    await expect(siwx.addSession(good.session)).rejects.toMatchObject({ code: 'unknown_nonce', shortMessage: 'This sign-in was not started here, or was already used' })
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

describe('createDefaultSiwx sessions', () => {
  test('parameters: resources are listed in every message', async () => {
    const resources = ['https://127.0.0.1:5173/terms', 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi']
    const message = await setup({ resources }).siwx.createMessage(input)
    expect(message.resources).toEqual(resources)
    expect(message.toString()).toContain(`Resources:\n- ${resources[0]}\n- ${resources[1]}`)
  })

  test("behavior: a new sign-in replaces that account's session and keeps the other accounts", async () => {
    const { siwx, storage } = setup()
    const first = await signInAs(siwx, account)
    const other = await signInAs(siwx, stranger)
    const again = await signInAs(siwx, account)
    for (const session of [first, other, again]) await siwx.addSession(session)
    expect(await storage.read()).toEqual([other, again])
  })

  test('behavior: revoking one account keeps the others signed in', async () => {
    const { siwx, storage } = setup()
    const mine = await signInAs(siwx, account)
    const theirs = await signInAs(siwx, stranger)
    await siwx.addSession(mine)
    await siwx.addSession(theirs)
    await siwx.revokeSession('eip155:31337', account.address.toLowerCase())
    expect(await storage.read()).toEqual([theirs])
  })

  test('behavior: only the 20 newest unsigned messages are remembered; an older one can no longer sign in', async () => {
    const { siwx } = setup()
    const messages: SiwxMessage[] = []
    for (let i = 0; i < 21; i++) messages.push(await siwx.createMessage(input))
    const sessionOf = async (message: SiwxMessage) => ({ data: pickMessageData(message), message: message.toString(), signature: await account.signMessage({ message: message.toString() }) })
    await expect(siwx.addSession(await sessionOf(messages[0]!))).rejects.toMatchObject({ code: 'unknown_nonce' })
    await siwx.addSession(await sessionOf(messages[1]!))
    expect(await siwx.getSessions('eip155:31337', account.address)).toHaveLength(1)
  })

  test('behavior: a session without data is refused as unknown, not a crash', async () => {
    const { siwx, storage } = setup()
    const { session } = await signIn(siwx)
    const bare = { message: session.message, signature: session.signature } as unknown as SiwxSession
    await expect(siwx.addSession(bare)).rejects.toMatchObject({ name: 'AirlockError', code: 'unknown_nonce' })
    await expect(siwx.setSessions([bare])).rejects.toMatchObject({ name: 'AirlockError', code: 'unknown_nonce' })
    expect(await storage.read()).toEqual([])
  })

  const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const SOL_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
  const stored = (data: Partial<SiwxMessageData>): SiwxSession => ({
    data: { accountAddress: SOL_ADDRESS, chainId: SOLANA, domain: input.domain, uri: input.uri, version: '1', nonce: 'StoredNonce1', issuedAt: input.issuedAt, ...data },
    message: 'signed text',
    signature: 'signature',
  })

  test('behavior: outside eip155 an address is matched exactly (base58 is case-sensitive)', async () => {
    const { siwx, storage } = setup()
    const session = stored({})
    await storage.write([session])
    expect(await siwx.getSessions(SOLANA, SOL_ADDRESS)).toEqual([session])
    expect(await siwx.getSessions(SOLANA, SOL_ADDRESS.toLowerCase())).toEqual([])
    expect(await siwx.getSessions(SOLANA, 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy')).toEqual([])
    await siwx.revokeSession(SOLANA, SOL_ADDRESS.toUpperCase())
    expect(await storage.read()).toEqual([session])
  })

  test.each([
    ['no expiration time and no not-before: live', {}, true],
    ['not-before now: live from that very millisecond', { notBefore: '2026-03-01T12:00:00.000Z' }, true],
    ['not-before passed: live', { notBefore: '2026-03-01T11:00:00Z' }, true],
    ['not-before 1 ms ahead: not yet', { notBefore: '2026-03-01T12:00:00.001Z' }, false],
    ['expiration 1 ms ahead: live', { expirationTime: '2026-03-01T12:00:00.001Z' }, true],
    ['expiration now: over', { expirationTime: '2026-03-01T12:00:00.000Z' }, false],
  ])('behavior: a stored session with %s', async (_name, data, live) => {
    const { siwx, storage } = setup()
    await storage.write([stored(data)])
    expect(await siwx.getSessions(SOLANA, SOL_ADDRESS)).toHaveLength(live ? 1 : 0)
  })

  test('behavior: a stored one-click session keeps its CACAO', async () => {
    const { siwx, storage } = setup()
    const session = await oneClickSession(siwx)
    const cacao = { h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:31337:${account.address}`, domain: input.domain, aud: input.uri, nonce: session.data.nonce, iat: input.issuedAt }, s: { t: 'eip191', s: session.signature } }
    await siwx.setSessions([{ ...session, cacao }])
    expect(await storage.read()).toEqual([{ ...session, cacao }])
  })

  test('parameters: rpcUrls are consulted for both sign-in and one-click sessions (an RPC of another chain refuses)', async () => {
    const calls: string[] = []
    // A node that says it is mainnet, for a message signed on 31337.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(url)
      const { id } = JSON.parse(String(init.body)) as { id: number }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }), { headers: { 'content-type': 'application/json' } })
    })
    const { siwx, storage } = setup({ rpcUrls: { 'eip155:31337': 'https://rpc.example/' } })
    await expect(siwx.addSession((await signIn(siwx)).session)).rejects.toMatchObject({ code: 'verifier_error' })
    await expect(siwx.setSessions([await oneClickSession(siwx)])).rejects.toMatchObject({ code: 'verifier_error' })
    expect(calls).toEqual(['https://rpc.example/', 'https://rpc.example/'])
    expect(await storage.read()).toEqual([])
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
