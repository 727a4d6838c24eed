import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { listen, type Listening } from '../../examples/devnet/httpServer.js'
import { startSiwxServer, type SiwxServer } from '../../examples/siwx-server/startSiwxServer.js'
import { BaseError } from '../errors/BaseError.js'
import { createServerSiwx, SIWX_CSRF_HEADER } from './createServerSiwx.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import type { SiwxConfig, SiwxMessage, SiwxMessageInput, SiwxSession } from './types.js'

/** The page: its origin is allowed by the back end, its host is the messages' domain. */
const ORIGIN = 'http://127.0.0.1:5173'
const DOMAIN = '127.0.0.1:5173'
const signer = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const other = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
const SESSION_COOKIE = 'airlock_siwx'
/** Node's own fetch, kept before any test stubs the global one. */
const nodeFetch = globalThis.fetch

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: Headers
  readonly credentials: RequestCredentials | undefined
}

/**
 * What a browser adds to the config's fetch: the page's Origin and the back end's cookies (Node's
 * fetch keeps none). It records each request as the config made it.
 */
function pageFetch(origin = ORIGIN) {
  const jar = new Map<string, string>()
  const seen: Seen[] = []
  const doFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers)
    seen.push({ method: init.method ?? 'GET', url: String(input), headers: new Headers(headers), credentials: init.credentials })
    headers.set('origin', origin)
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await nodeFetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      if (!value || /;\s*Max-Age=0(;|$)/i.test(cookie)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
  return { fetch: doFetch, jar, seen }
}

const input = (overrides: Partial<SiwxMessageInput> = {}): SiwxMessageInput => ({
  accountAddress: signer.address, chainId: 'eip155:1', domain: DOMAIN, uri: `http://${DOMAIN}/app`, issuedAt: new Date(Date.now() - 1_000).toISOString(), ...overrides,
})

/** What the flow does after createMessage: the wallet signs the text, the config keeps the session. */
async function signedSession(message: SiwxMessage, by = signer): Promise<SiwxSession> {
  const text = message.toString()
  const { toString: _toString, ...data } = message
  return { data, message: text, signature: await by.signMessage({ message: text }) }
}

async function codeOf(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(BaseError)
  return (error as BaseError).code
}

let server: SiwxServer
beforeAll(async () => {
  server = await startSiwxServer({ port: 0, allowedOrigins: [ORIGIN] })
})
afterAll(() => server?.close())

/** A config talking to the real back end from the page. */
function config(extra: Partial<Parameters<typeof createServerSiwx>[0]> = {}) {
  const page = pageFetch()
  return { page, siwx: createServerSiwx({ url: server.url, fetch: page.fetch, ...extra }) }
}

describe('createServerSiwx: messages', () => {
  test('behavior: createMessage fetches a nonce and builds an EIP-4361 message with the input\'s domain, uri and issuedAt, expiring expirationMs later', async () => {
    const { page, siwx } = config({ expirationMs: 5 * 60_000 })
    const at = input({ issuedAt: '2026-11-23T12:00:00.000Z' })
    const message = await siwx.createMessage(at)
    expect(page.seen).toHaveLength(1)
    expect(page.seen[0]).toMatchObject({ method: 'GET', url: `${server.url}/siwx/nonce`, credentials: 'include' })
    // A read is a plain GET: no body, no JSON type, no CSRF header (those are for POSTs).
    expect([...page.seen[0]!.headers.keys()]).toEqual([])
    expect(message).toMatchObject({
      accountAddress: signer.address, chainId: 'eip155:1', domain: DOMAIN, uri: `http://${DOMAIN}/app`, version: '1',
      issuedAt: '2026-11-23T12:00:00.000Z', expirationTime: '2026-11-23T12:05:00.000Z', nonce: expect.stringMatching(/^[A-Za-z0-9]{8,128}$/),
    })
    expect(message).not.toHaveProperty('statement')
    expect(message).not.toHaveProperty('resources')
    expect(message.toString()).toBe(formatSiwxMessage(message))
    expect(message.toString().split('\n')).toEqual([
      `${DOMAIN} wants you to sign in with your Ethereum account:`, signer.address, '', '', `URI: http://${DOMAIN}/app`, 'Version: 1', 'Chain ID: 1',
      `Nonce: ${message.nonce}`, 'Issued At: 2026-11-23T12:00:00.000Z', 'Expiration Time: 2026-11-23T12:05:00.000Z',
    ])
    // Each message gets a fresh nonce from the server.
    expect((await siwx.createMessage(at)).nonce).not.toBe(message.nonce)
  })

  test('default: a message expires 24 h after it was issued and has no statement or resources', async () => {
    const { siwx } = config()
    const message = await siwx.createMessage(input({ issuedAt: '2026-11-23T12:00:00.000Z' }))
    expect(message.expirationTime).toBe('2026-11-24T12:00:00.000Z')
    expect(message.toString()).not.toContain('Resources:')
  })

  test('parameters: statement and resources go into the message', async () => {
    const { siwx } = config({ statement: 'Sign in to the dapp', resources: ['https://dapp.example/terms'] })
    const message = await siwx.createMessage(input())
    expect(message).toMatchObject({ statement: 'Sign in to the dapp', resources: ['https://dapp.example/terms'] })
    expect(message.toString()).toContain('\nSign in to the dapp\n')
    expect(message.toString()).toMatch(/\nResources:\n- https:\/\/dapp\.example\/terms$/)
  })

  test('behavior: an empty accountAddress gives a one-click template (fields and nonce, nothing to sign)', async () => {
    const { siwx } = config()
    const template = await siwx.createMessage(input({ accountAddress: '' }))
    expect(template).toMatchObject({ accountAddress: '', domain: DOMAIN, nonce: expect.stringMatching(/^[A-Za-z0-9]{8,128}$/) })
    expect(() => template.toString()).toThrow(BaseError)
  })
})

describe('createServerSiwx: sessions', () => {
  test('behavior: addSession then getSessions returns the session for that chain and address (EVM address in any case), [] for others', async () => {
    const { page, siwx } = config()
    expect(await siwx.getSessions('eip155:1', signer.address)).toEqual([])
    const session = await signedSession(await siwx.createMessage(input()))
    await siwx.addSession(session)
    const verify = page.seen.find((s) => s.url.endsWith('/siwx/verify'))!
    expect(verify.method).toBe('POST')
    expect(verify.credentials).toBe('include')
    expect(verify.headers.get(SIWX_CSRF_HEADER)).toBe('1')
    expect(verify.headers.get('content-type')).toBe('application/json')
    expect(page.jar.get(SESSION_COOKIE)).toMatch(/^[0-9a-f]{32}$/)

    for (const address of [signer.address, signer.address.toLowerCase(), `0x${signer.address.slice(2).toUpperCase()}`]) {
      const found = await siwx.getSessions('eip155:1', address)
      expect(found).toHaveLength(1)
      expect(found[0]).toEqual({ data: session.data, message: session.message, signature: session.signature })
    }
    expect(await siwx.getSessions('eip155:10', signer.address)).toEqual([])
    expect(await siwx.getSessions('eip155:1', other.address)).toEqual([])
  })

  test('behavior: revokeSession signs out on the server (the old cookie no longer works)', async () => {
    const { page, siwx } = config()
    await siwx.addSession(await signedSession(await siwx.createMessage(input())))
    const id = page.jar.get(SESSION_COOKIE)!
    expect(await siwx.getSessions('eip155:1', signer.address)).toHaveLength(1)
    await siwx.revokeSession('eip155:1', signer.address)
    expect(page.jar.has(SESSION_COOKIE)).toBe(false)
    expect(await siwx.getSessions('eip155:1', signer.address)).toEqual([])
    const replayed = await fetch(`${server.url}/siwx/session`, { headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${id}` } })
    expect(await replayed.json()).toEqual({ session: null })
  })

  test('behavior: setSessions([]) signs out', async () => {
    const { page, siwx } = config()
    await siwx.addSession(await signedSession(await siwx.createMessage(input())))
    expect(await siwx.getSessions('eip155:1', signer.address)).toHaveLength(1)
    await siwx.setSessions([])
    expect(page.seen.at(-1)).toMatchObject({ method: 'POST', url: `${server.url}/siwx/signout` })
    expect(page.jar.has(SESSION_COOKIE)).toBe(false)
    expect(await siwx.getSessions('eip155:1', signer.address)).toEqual([])
  })

  test('behavior: setSessions with one-click messages (one nonce, two chains) makes one session for both', async () => {
    const { siwx } = config()
    const template = await siwx.createMessage(input({ accountAddress: '' }))
    const { toString: _toString, ...fields } = template
    const sessions = await Promise.all(['eip155:1', 'eip155:10'].map(async (chainId) => {
      const data = { ...fields, accountAddress: signer.address, chainId: chainId as `eip155:${string}` }
      const message = formatSiwxMessage(data)
      return { data, message, signature: await signer.signMessage({ message }) }
    }))
    await siwx.setSessions(sessions)
    expect((await siwx.getSessions('eip155:1', signer.address)).map((s) => s.message)).toEqual([sessions[0]!.message])
    expect((await siwx.getSessions('eip155:10', signer.address)).map((s) => s.message)).toEqual([sessions[1]!.message])
    // The nonce is spent: the same batch again is refused.
    expect(await codeOf(config().siwx.setSessions(sessions))).toBe('nonce_reused')
  })

  test('default: without a fetch parameter the global fetch is used', async () => {
    const page = pageFetch()
    vi.stubGlobal('fetch', page.fetch)
    try {
      const siwx = createServerSiwx({ url: server.url })
      expect((await siwx.createMessage(input())).nonce).toMatch(/^[A-Za-z0-9]{8,128}$/)
      expect(page.seen).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('parameters: trailing slashes of url are ignored', async () => {
    const page = pageFetch()
    const siwx = createServerSiwx({ url: `${server.url}//`, fetch: page.fetch })
    await siwx.createMessage(input())
    expect(page.seen[0]!.url).toBe(`${server.url}/siwx/nonce`)
  })

  test('parameters: getRequired reflects required (default false)', () => {
    expect(createServerSiwx({ url: server.url }).getRequired()).toBe(false)
    expect(createServerSiwx({ url: server.url, required: true }).getRequired()).toBe(true)
    expect(createServerSiwx({ url: server.url, required: false }).getRequired()).toBe(false)
  })
})

describe('createServerSiwx: failures', () => {
  test('error: the server\'s reason becomes the error code (nonce_reused, domain_mismatch, invalid_signature) and nothing is kept', async () => {
    const { siwx } = config()
    const session = await signedSession(await siwx.createMessage(input()))
    await siwx.addSession(session)
    const replay = config()
    const error = await replay.siwx.addSession(session).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ code: 'nonce_reused', shortMessage: expect.any(String) })
    expect(replay.page.jar.size).toBe(0)
    expect(await replay.siwx.getSessions('eip155:1', signer.address)).toEqual([])

    const wrongDomain = await signedSession(await siwx.createMessage(input({ domain: 'dapp.example', uri: 'https://dapp.example/' })))
    expect(await codeOf(siwx.addSession(wrongDomain))).toBe('domain_mismatch')
    const fresh = await signedSession(await siwx.createMessage(input()))
    expect(await codeOf(siwx.addSession({ ...fresh, signature: (await signedSession(await siwx.createMessage(input()), other)).signature }))).toBe('invalid_signature')
  })

  test('error: a page whose origin the server does not allow gets code forbidden_origin', async () => {
    const page = pageFetch('https://evil.example')
    const siwx = createServerSiwx({ url: server.url, fetch: page.fetch })
    expect(await codeOf(siwx.createMessage(input()))).toBe('forbidden_origin')
    expect(await codeOf(siwx.getSessions('eip155:1', signer.address))).toBe('forbidden_origin')
  })

  test('error: an unreachable server gives code unreachable', async () => {
    // A port that was just free: nothing listens there.
    const closed = await listen(createServer(), { port: 0 })
    await closed.close()
    const siwx = createServerSiwx({ url: closed.url, fetch: pageFetch().fetch })
    expect(await codeOf(siwx.createMessage(input()))).toBe('unreachable')
    expect(await codeOf(siwx.getSessions('eip155:1', signer.address))).toBe('unreachable')
    expect(await codeOf(siwx.revokeSession('eip155:1', signer.address))).toBe('unreachable')
    const rejecting = createServerSiwx({ url: server.url, fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    const error = await rejecting.addSession({ data: input() as never, message: 'm', signature: '0x' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'unreachable', details: 'Failed to fetch', shortMessage: 'The sign-in server cannot be reached' })
  })

  describe('a server answering what Airlock cannot read', () => {
    let odd: Listening
    const answers: Record<string, (res: ServerResponse) => void> = {}
    const json = (status: number, body: unknown) => (res: ServerResponse) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    beforeAll(async () => {
      odd = await listen(createServer((req: IncomingMessage, res) => (answers[new URL(req.url ?? '/', 'http://x').pathname] ?? json(404, {}))(res)), { port: 0 })
    })
    afterAll(() => odd?.close())
    afterEach(() => {
      for (const key of Object.keys(answers)) delete answers[key]
    })
    const siwx = (): SiwxConfig => createServerSiwx({ url: odd.url, fetch: pageFetch().fetch })
    const session = (): SiwxSession => ({ data: { ...input(), version: '1', nonce: 'Abcdefgh12345678' }, message: 'm', signature: '0x' })

    test('error: malformed shapes give code invalid_answer', async () => {
      for (const nonce of [{}, { nonce: 'short' }, { nonce: 'has spaces in it' }, { nonce: 12345678 }, null, []]) {
        answers['/siwx/nonce'] = json(200, nonce)
        expect(await codeOf(siwx().createMessage(input())), JSON.stringify(nonce)).toBe('invalid_answer')
      }
      for (const body of [{}, { session: { accounts: 'all' } }, { session: { accounts: [{ address: signer.address }], expiresAt: 1 } }, { session: { accounts: [], expiresAt: 'soon' } }]) {
        answers['/siwx/session'] = json(200, body)
        expect(await codeOf(siwx().getSessions('eip155:1', signer.address)), JSON.stringify(body)).toBe('invalid_answer')
        answers['/siwx/verify'] = json(200, body)
        expect(await codeOf(siwx().addSession(session())), JSON.stringify(body)).toBe('invalid_answer')
      }
      for (const body of [{}, { ok: 'yes' }, { ok: false }]) {
        answers['/siwx/signout'] = json(200, body)
        expect(await codeOf(siwx().revokeSession('eip155:1', signer.address))).toBe('invalid_answer')
        expect(await codeOf(siwx().setSessions([]))).toBe('invalid_answer')
      }
      answers['/siwx/nonce'] = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>')
      expect(await codeOf(siwx().createMessage(input()))).toBe('invalid_answer')
      // The error says what was wrong, path by path.
      answers['/siwx/session'] = json(200, { session: { accounts: 'all' } })
      const error = await siwx().getSessions('eip155:1', signer.address).catch((e: unknown) => e)
      expect(error).toMatchObject({ shortMessage: 'The sign-in server gave an answer Airlock cannot read', details: expect.stringMatching(/^session\.accounts: .+; session\.expiresAt: .+/) })
    })

    test('error: a failure without a readable reason gives the HTTP status as code', async () => {
      answers['/siwx/nonce'] = (res) => res.writeHead(502).end('Bad Gateway')
      expect(await codeOf(siwx().createMessage(input()))).toBe(502)
      expect(await siwx().createMessage(input()).catch((e: unknown) => e)).toMatchObject({ shortMessage: 'The sign-in server answered HTTP 502' })
      answers['/siwx/nonce'] = json(500, { error: 'boom' })
      expect(await codeOf(siwx().createMessage(input()))).toBe(500)
    })

    test('behavior: a session account whose message does not parse is left out', async () => {
      const message = formatSiwxMessage({ ...input(), version: '1', nonce: 'Abcdefgh12345678' })
      const account = { address: signer.address, chainId: 'eip155:1', signature: '0x12' }
      answers['/siwx/session'] = json(200, { session: { accounts: [{ ...account, message: 'not a sign-in message' }, { ...account, message }], expiresAt: Date.now() + 60_000 } })
      const found = await siwx().getSessions('eip155:1', signer.address)
      expect(found.map((s) => s.message)).toEqual([message])
    })
  })

  test('parameters: an invalid url throws code invalid_options', () => {
    for (const url of ['', 'api.dapp.example', 'ftp://api.dapp.example', '/siwx', 'https://', 'javascript:alert(1)']) {
      let error: unknown
      try {
        createServerSiwx({ url })
      } catch (e) {
        error = e
      }
      expect(error, url).toBeInstanceOf(BaseError)
      expect(error).toMatchObject({ code: 'invalid_options', shortMessage: 'createServerSiwx needs the back end URL', details: `got ${url}` })
    }
    expect(() => createServerSiwx({ url: 'http://127.0.0.1:8790' })).not.toThrow()
    expect(() => createServerSiwx({ url: 'https://api.dapp.example/' })).not.toThrow()
  })
})
