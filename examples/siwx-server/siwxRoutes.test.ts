import { createServer, request } from 'node:http'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatSiwxMessage } from '../../core/siwx/formatSiwxMessage.js'
import { createMemoryNonceStore, createMemorySessionStore, type SiwxNonceStore, type SiwxServerSessionStore } from '../../core/siwx/server/index.js'
import type { SiwxMessageData } from '../../core/siwx/types.js'
import { ANVIL_ACCOUNTS } from '../devnet/anvil.js'
import { listen, type Listening } from '../devnet/httpServer.js'
import { createSiwxRoutes, readCookie, SESSION_COOKIE, type SiwxRoutesOptions } from './siwxRoutes.js'
import { startSiwxServer, type SiwxServer } from './startSiwxServer.js'

/** The page that signs in (an allowed origin) and the host its messages name. */
const ORIGIN = 'http://127.0.0.1:5173'
const DOMAIN = '127.0.0.1:5173'
/** Another allowed page: a message made for ORIGIN must not be accepted from it. */
const OTHER_ORIGIN = 'http://127.0.0.1:5174'
const PUBLIC_ORIGIN = 'https://dapp.example'
const ALLOWED = [ORIGIN, OTHER_ORIGIN, PUBLIC_ORIGIN]
const EVIL = 'https://evil.example'
const signer = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const stranger = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)

/** A JSON answer, read field by field in the assertions. */
type Json = Record<string, any>
interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly body: Json
  readonly setCookie: string | undefined
}
interface CallOptions {
  readonly body?: unknown
  /** Raw text instead of JSON. */
  readonly text?: string
  /** Added to (or, as undefined, removed from) the default headers: origin, and for POST the JSON type and the CSRF header. */
  readonly headers?: Record<string, string | undefined>
  /** Skip the jar: send this Cookie header as is (and keep nothing from the answer). */
  readonly cookie?: string
}

/** A browser stand-in on Node's fetch: it sends the page's Origin and keeps the session cookie. */
function browser(base: string, origin: string = ORIGIN) {
  const jar = new Map<string, string>()
  const keep = (setCookie: string | undefined) => {
    if (!setCookie) return
    const [pair] = setCookie.split(';')
    const eq = pair!.indexOf('=')
    const name = pair!.slice(0, eq).trim()
    const value = pair!.slice(eq + 1).trim()
    if (!value || /;\s*Max-Age=0(;|$)/i.test(setCookie)) jar.delete(name)
    else jar.set(name, value)
  }
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
    const post = method === 'POST'
    const cookie = options.cookie ?? [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const merged: Record<string, string | undefined> = { origin, ...(post ? { 'content-type': 'application/json', 'x-airlock-csrf': '1' } : {}), ...(cookie ? { cookie } : {}), ...options.headers }
    const headers = Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined))
    const body = options.text ?? (options.body === undefined ? (post ? '{}' : undefined) : JSON.stringify(options.body))
    const response = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
    const raw = await response.text()
    const setCookie = response.headers.getSetCookie()[0]
    // A call with a Cookie header of its own stands for another client: this jar is left alone.
    if (options.cookie === undefined) keep(setCookie)
    return { status: response.status, headers: response.headers, body: raw ? (JSON.parse(raw) as Json) : {}, setCookie }
  }
  return {
    jar,
    call,
    get: (path: string, options?: CallOptions) => call('GET', path, options),
    post: (path: string, body?: unknown, options?: CallOptions) => call('POST', path, { ...options, body }),
    nonce: async (): Promise<string> => {
      const { status, body } = await call('GET', '/siwx/nonce')
      expect(status).toBe(200)
      return body.nonce as string
    },
  }
}

/** A message for the page and its signature (the first Anvil account unless told). */
async function sign(nonce: string, overrides: Partial<SiwxMessageData> = {}, by = signer): Promise<{ message: string; signature: string }> {
  const message = formatSiwxMessage({
    domain: DOMAIN, accountAddress: by.address, chainId: 'eip155:1', uri: `http://${DOMAIN}/`, version: '1', nonce, issuedAt: new Date(Date.now() - 1_000).toISOString(), ...overrides,
  })
  return { message, signature: await by.signMessage({ message }) }
}

/** A cookie's attributes, by lower-case name (flags map to true). */
function attributes(setCookie: string): Record<string, string | true> {
  return Object.fromEntries(setCookie.split(';').slice(1).map((part) => {
    const [name, ...value] = part.trim().split('=')
    return [name!.toLowerCase(), value.length ? value.join('=') : true]
  }))
}

/** One request through node:http, which (unlike fetch) sends the Host header it is given. */
function rawRequest(url: string, { method, headers, body }: { method: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; setCookie: string | undefined; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie']?.[0], body: text ? (JSON.parse(text) as Json) : {} }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

let server: SiwxServer
beforeAll(async () => {
  server = await startSiwxServer({ port: 0, allowedOrigins: ALLOWED, name: 'routes-test' })
})
afterAll(() => server?.close())

describe('siwx routes: sign-in round trip', () => {
  test('behavior: nonce → sign → verify sets an HttpOnly Lax cookie (not Secure on 127.0.0.1); the session shows the account; signout ends it on the server', async () => {
    const page = browser(server.url)
    expect((await page.get('/siwx/session')).body).toEqual({ session: null })
    const nonce = await page.nonce()
    expect(nonce).toMatch(/^[A-Za-z0-9]{8,128}$/)
    const signed = await sign(nonce)
    const verified = await page.post('/siwx/verify', signed)
    expect(verified.status).toBe(200)
    expect(verified.headers.get('x-siwx-server')).toBe('routes-test')
    expect(verified.body.session.accounts).toEqual([{ address: signer.address, chainId: 'eip155:1', ...signed }])
    expect(verified.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[0-9a-f]{32};`))
    const flags = attributes(verified.setCookie!)
    expect(flags).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' })
    expect(flags).not.toHaveProperty('secure')
    // No Expiration Time in the message: the default 24 h session.
    expect(Number(flags['max-age'])).toBeGreaterThanOrEqual(24 * 3600 - 5)
    expect(Number(flags['max-age'])).toBeLessThanOrEqual(24 * 3600)
    const id = page.jar.get(SESSION_COOKIE)!
    // The page sees its accounts and the end, never the session id.
    expect(JSON.stringify(verified.body)).not.toContain(id)

    const session = await page.get('/siwx/session')
    expect(session.status).toBe(200)
    expect(session.body).toEqual(verified.body)
    expect(session.body.session.expiresAt).toBeGreaterThan(Date.now())

    const out = await page.post('/siwx/signout')
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ ok: true })
    expect(out.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`))
    expect(attributes(out.setCookie!)).toMatchObject({ 'max-age': '0', httponly: true, samesite: 'Lax' })
    expect(page.jar.has(SESSION_COOKIE)).toBe(false)
    expect((await page.get('/siwx/session')).body).toEqual({ session: null })
    // Revoked on the server: the old cookie, kept by someone, no longer works (and is cleared).
    const stolen = await page.get('/siwx/session', { cookie: `${SESSION_COOKIE}=${id}` })
    expect(stolen.body).toEqual({ session: null })
    expect(stolen.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`))
  })

  test('behavior: the cookie is Secure when the request names a non-loopback host (api.dapp.example)', async () => {
    const headers = { host: 'api.dapp.example', origin: PUBLIC_ORIGIN }
    const nonce = (await rawRequest(`${server.url}/siwx/nonce`, { method: 'GET', headers })).body.nonce as string
    const signed = await sign(nonce, { domain: 'dapp.example', uri: 'https://dapp.example/login' })
    const post = { ...headers, 'content-type': 'application/json', 'x-airlock-csrf': '1' }
    const verified = await rawRequest(`${server.url}/siwx/verify`, { method: 'POST', headers: post, body: JSON.stringify(signed) })
    expect(verified.status).toBe(200)
    expect(attributes(verified.setCookie!)).toMatchObject({ secure: true, httponly: true, samesite: 'Lax' })
    const id = readCookie(verified.setCookie, SESSION_COOKIE)!
    const out = await rawRequest(`${server.url}/siwx/signout`, { method: 'POST', headers: { ...post, cookie: `${SESSION_COOKIE}=${id}` }, body: '{}' })
    expect(out.status).toBe(200)
    expect(attributes(out.setCookie!)).toMatchObject({ secure: true, 'max-age': '0' })
    // The same calls on a loopback Host (localhost) give no Secure flag.
    const local = await rawRequest(`${server.url}/siwx/signout`, { method: 'POST', headers: { ...post, host: `localhost:${server.port}` }, body: '{}' })
    expect(attributes(local.setCookie!)).not.toHaveProperty('secure')
  })

  test('behavior: a new sign-in replaces the browser\'s old session', async () => {
    const page = browser(server.url)
    await page.post('/siwx/verify', await sign(await page.nonce()))
    const first = page.jar.get(SESSION_COOKIE)!
    const again = await page.post('/siwx/verify', await sign(await page.nonce()))
    expect(again.status).toBe(200)
    const second = page.jar.get(SESSION_COOKIE)!
    expect(second).not.toBe(first)
    expect((await page.get('/siwx/session', { cookie: `${SESSION_COOKIE}=${first}` })).body).toEqual({ session: null })
    expect((await page.get('/siwx/session')).body.session.accounts).toHaveLength(1)
  })

  test('behavior: the session ends no later than the message\'s own Expiration Time', async () => {
    const page = browser(server.url)
    const expirationTime = new Date(Date.now() + 120_000).toISOString()
    const verified = await page.post('/siwx/verify', await sign(await page.nonce(), { expirationTime }))
    expect(verified.status).toBe(200)
    expect(verified.body.session.expiresAt).toBe(Date.parse(expirationTime))
    expect(Number(attributes(verified.setCookie!)['max-age'])).toBeLessThanOrEqual(120)
    expect(Number(attributes(verified.setCookie!)['max-age'])).toBeGreaterThanOrEqual(110)
  })
})

describe('siwx routes: refused sign-ins', () => {
  test('error: the same signed message twice is refused (401 nonce_reused), and no session comes of it', async () => {
    const first = browser(server.url)
    const signed = await sign(await first.nonce())
    expect((await first.post('/siwx/verify', signed)).status).toBe(200)
    const replay = browser(server.url)
    const again = await replay.post('/siwx/verify', signed)
    expect(again.status).toBe(401)
    expect(again.body).toMatchObject({ reason: 'nonce_reused' })
    expect(again.setCookie).toBeUndefined()
    expect((await replay.get('/siwx/session')).body).toEqual({ session: null })
  })

  test('error: a nonce the server never issued is refused (401 nonce_unknown)', async () => {
    const page = browser(server.url)
    const answer = await page.post('/siwx/verify', await sign('NeverIssued12345'))
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ reason: 'nonce_unknown' })
    expect(answer.setCookie).toBeUndefined()
  })

  test('error: the message\'s domain must be the Origin\'s host (domain_mismatch); the nonce is not burned by it', async () => {
    const other = browser(server.url, OTHER_ORIGIN)
    const nonce = await other.nonce()
    // A message made for 127.0.0.1:5173, sent by another (allowed) page.
    const forOther = await other.post('/siwx/verify', await sign(nonce))
    expect(forOther.status).toBe(401)
    expect(forOther.body).toMatchObject({ reason: 'domain_mismatch' })
    const elsewhere = await other.post('/siwx/verify', await sign(nonce, { domain: 'dapp.example', uri: 'https://dapp.example/' }))
    expect(elsewhere.body).toMatchObject({ reason: 'domain_mismatch' })
    expect(other.jar.size).toBe(0)
    // The right page can still use it.
    const page = browser(server.url)
    expect((await page.post('/siwx/verify', await sign(nonce))).status).toBe(200)
  })

  test('error: a signature by someone else is refused (401 invalid_signature) without burning the nonce', async () => {
    const page = browser(server.url)
    const nonce = await page.nonce()
    const honest = await sign(nonce)
    const forged = { message: honest.message, signature: (await sign(nonce, { accountAddress: signer.address }, stranger)).signature }
    const refused = await page.post('/siwx/verify', forged)
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ reason: 'invalid_signature' })
    expect((await page.post('/siwx/verify', honest)).status).toBe(200)
  })

  test('parameters: chainIds limits the chains accepted (chain_mismatch)', async () => {
    const only = await startSiwxServer({ port: 0, allowedOrigins: [ORIGIN], chainIds: ['eip155:1'] })
    try {
      const page = browser(only.url)
      const refused = await page.post('/siwx/verify', await sign(await page.nonce(), { chainId: 'eip155:10' }))
      expect(refused.status).toBe(401)
      expect(refused.body).toMatchObject({ reason: 'chain_mismatch' })
      expect((await page.post('/siwx/verify', await sign(await page.nonce(), { chainId: 'eip155:1' }))).status).toBe(200)
    } finally {
      await only.close()
    }
  })
})

describe('siwx routes: origins, CORS and CSRF', () => {
  test('behavior: an allowed origin gets CORS with credentials on every answer', async () => {
    const answer = await browser(server.url).get('/siwx/session')
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true')
    expect(answer.headers.get('vary')).toBe('Origin')
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  test('error: a disallowed Origin is answered 403 with no CORS grant, on GET and POST alike', async () => {
    for (const origin of [EVIL, 'null', 'http://127.0.0.1:5175', 'https://dapp.example.evil.example']) {
      const evil = browser(server.url, origin)
      for (const answer of [await evil.get('/siwx/nonce'), await evil.get('/siwx/session'), await evil.post('/siwx/verify', await sign('Abcdefgh12345678'))]) {
        expect(answer.status).toBe(403)
        expect(answer.body).toMatchObject({ reason: 'forbidden_origin' })
        expect(answer.headers.get('access-control-allow-origin')).toBeNull()
        expect(answer.headers.get('access-control-allow-credentials')).toBeNull()
        expect(answer.setCookie).toBeUndefined()
      }
    }
  })

  test('behavior: an OPTIONS preflight from an allowed origin grants credentials, the CSRF header and POST; from another origin nothing', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/siwx/verify`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-airlock-csrf' } })
    const ok = await preflight(ORIGIN)
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true')
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST')
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-airlock-csrf')
    expect(ok.headers.get('access-control-allow-headers')).toContain('content-type')
    const refused = await preflight(EVIL)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    expect(refused.headers.get('access-control-allow-credentials')).toBeNull()
    expect(refused.headers.get('access-control-allow-headers')).toBeNull()
  })

  test('error: a POST without the CSRF header, with another value, or with a non-JSON content type is refused (403 csrf)', async () => {
    const page = browser(server.url)
    const nonce = await page.nonce()
    const signed = await sign(nonce)
    for (const headers of [
      { 'x-airlock-csrf': undefined },
      { 'x-airlock-csrf': 'true' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      { 'content-type': undefined },
    ]) {
      const answer = await page.post('/siwx/verify', signed, { headers })
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(answer.body).toMatchObject({ reason: 'csrf' })
      expect(answer.setCookie).toBeUndefined()
    }
    // Signout is guarded the same way: a cross-site form cannot sign anyone out.
    expect((await page.post('/siwx/signout', {}, { headers: { 'x-airlock-csrf': undefined } })).status).toBe(403)
    // The nonce was never consumed by those refusals.
    expect((await page.post('/siwx/verify', signed, { headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(200)
  })

  test('error: a POST without an Origin header is refused (403 forbidden_origin)', async () => {
    const page = browser(server.url)
    const signed = await sign(await page.nonce())
    const answer = await page.post('/siwx/verify', signed, { headers: { origin: undefined } })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ reason: 'forbidden_origin' })
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    expect((await page.post('/siwx/signout', {}, { headers: { origin: undefined } })).status).toBe(403)
  })
})

describe('siwx routes: input', () => {
  test('error: malformed JSON and wrong shapes are refused (400 invalid_input)', async () => {
    const page = browser(server.url)
    const signed = await sign(await page.nonce())
    const texts = ['{', '', 'nul', '{"message":"a","signature":"b",}']
    for (const text of texts) {
      const answer = await page.call('POST', '/siwx/verify', { text })
      expect(answer.status, text).toBe(400)
      expect(answer.body).toMatchObject({ reason: 'invalid_input' })
    }
    const shapes: unknown[] = [
      null, [], 'text', 42, {}, { message: signed.message }, { signature: signed.signature }, { message: 1, signature: signed.signature },
      { ...signed, extra: true }, { message: '', signature: signed.signature }, { message: 'x'.repeat(16_385), signature: signed.signature },
      { sessions: [] }, { sessions: [signed], message: signed.message }, { sessions: [{ message: signed.message }] }, { sessions: Array.from({ length: 17 }, () => signed) }, { sessions: signed },
    ]
    for (const body of shapes) {
      const answer = await page.post('/siwx/verify', body)
      expect(answer.status, JSON.stringify(body)?.slice(0, 80)).toBe(400)
      expect(answer.body).toMatchObject({ reason: 'invalid_input', message: expect.any(String) })
      expect(answer.setCookie).toBeUndefined()
    }
    // None of that consumed the nonce.
    expect((await page.post('/siwx/verify', signed)).status).toBe(200)
  })

  test('error: a body over 64 KB is refused (413 too_large)', async () => {
    const page = browser(server.url)
    const signed = await sign(await page.nonce())
    const answer = await page.call('POST', '/siwx/verify', { text: JSON.stringify({ ...signed, padding: 'x'.repeat(64 * 1024) }) })
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ reason: 'too_large' })
    expect(answer.setCookie).toBeUndefined()
    // Just under the limit is read (and refused for its shape, not its size).
    const under = await page.call('POST', '/siwx/verify', { text: JSON.stringify({ ...signed, padding: 'x'.repeat(60 * 1024) }) })
    expect(under.status).toBe(400)
    // The server still serves.
    expect((await page.post('/siwx/verify', signed)).status).toBe(200)
  })

  test('error: a wrong method is 405, an unknown /siwx/ path 404, any other path 404', async () => {
    const page = browser(server.url)
    const wrong = await page.get('/siwx/verify')
    expect(wrong.status).toBe(405)
    expect(wrong.body).toMatchObject({ reason: 'method_not_allowed' })
    expect((await page.post('/siwx/nonce')).status).toBe(405)
    const unknown = await page.get('/siwx/whoami')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ reason: 'not_found' })
    expect((await page.get('/elsewhere')).status).toBe(404)
  })
})

describe('siwx routes: one-click auth (several messages, one nonce)', () => {
  test('behavior: two chains signed with one nonce make one session with two accounts; the nonce cannot be used again', async () => {
    const page = browser(server.url)
    const nonce = await page.nonce()
    const sessions = [await sign(nonce, { chainId: 'eip155:1' }), await sign(nonce, { chainId: 'eip155:10' })]
    const verified = await page.post('/siwx/verify', { sessions })
    expect(verified.status).toBe(200)
    expect(verified.body.session.accounts).toEqual([
      { address: signer.address, chainId: 'eip155:1', ...sessions[0] },
      { address: signer.address, chainId: 'eip155:10', ...sessions[1] },
    ])
    expect(page.jar.has(SESSION_COOKIE)).toBe(true)
    expect((await page.get('/siwx/session')).body.session.accounts.map((a: Json) => a.chainId)).toEqual(['eip155:1', 'eip155:10'])

    const replay = browser(server.url)
    const batchAgain = await replay.post('/siwx/verify', { sessions })
    expect(batchAgain.status).toBe(401)
    expect(batchAgain.body).toMatchObject({ reason: 'nonce_reused' })
    for (const one of sessions) {
      const single = await replay.post('/siwx/verify', one)
      expect(single.status).toBe(401)
      expect(single.body).toMatchObject({ reason: 'nonce_reused' })
    }
    expect(replay.jar.size).toBe(0)
  })

  test('error: a batch whose messages carry different nonces is refused (400), and neither nonce is consumed', async () => {
    const page = browser(server.url)
    const [a, b] = [await page.nonce(), await page.nonce()]
    const first = await sign(a, { chainId: 'eip155:1' })
    const answer = await page.post('/siwx/verify', { sessions: [first, await sign(b, { chainId: 'eip155:10' })] })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ reason: 'invalid_input' })
    expect(answer.setCookie).toBeUndefined()
    expect((await page.post('/siwx/verify', first)).status).toBe(200)
  })

  test('error: one bad signature in a batch refuses the whole batch and leaves its nonce usable', async () => {
    const page = browser(server.url)
    const nonce = await page.nonce()
    const good = [await sign(nonce, { chainId: 'eip155:1' }), await sign(nonce, { chainId: 'eip155:10' })]
    const bad = [good[0], { message: good[1]!.message, signature: good[0]!.signature }]
    const refused = await page.post('/siwx/verify', { sessions: bad })
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ reason: 'invalid_signature' })
    expect(page.jar.size).toBe(0)
    expect((await page.post('/siwx/verify', { sessions: good })).status).toBe(200)
  })
})

describe('siwx routes: stores and time (createSiwxRoutes on node:http)', () => {
  /** createSiwxRoutes on a bare node:http server, as a back end would mount it. */
  async function mount(options: Partial<SiwxRoutesOptions>): Promise<Listening> {
    const routes = createSiwxRoutes({ nonces: createMemoryNonceStore(), sessions: createMemorySessionStore(), allowedOrigins: [ORIGIN], ...options })
    return listen(createServer((req, res) => void routes(req, res).then((handled) => handled || res.writeHead(404).end())), { port: 0 })
  }
  const down = () => Promise.reject(new Error('store is down'))

  test('error: a nonce store that throws gives 503 unavailable, never a session', async () => {
    const sessions = createMemorySessionStore()
    const nonces: SiwxNonceStore = { issue: down, consume: down }
    const mounted = await mount({ nonces, sessions })
    try {
      const page = browser(mounted.url)
      const nonce = await page.get('/siwx/nonce')
      expect(nonce.status).toBe(503)
      expect(nonce.body).toMatchObject({ reason: 'unavailable', message: expect.any(String) })
      expect(nonce.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      const single = await page.post('/siwx/verify', await sign('Abcdefgh12345678'))
      expect(single.status).toBe(503)
      expect(single.body).toMatchObject({ reason: 'unavailable' })
      const batch = await page.post('/siwx/verify', { sessions: [await sign('Abcdefgh12345678'), await sign('Abcdefgh12345678', { chainId: 'eip155:10' })] })
      expect(batch.status).toBe(503)
      expect(batch.body).toMatchObject({ reason: 'unavailable' })
      expect(single.setCookie).toBeUndefined()
      expect(batch.setCookie).toBeUndefined()
      expect(sessions.size).toBe(0)
      expect((await page.get('/siwx/session')).body).toEqual({ session: null })
    } finally {
      await mounted.close()
    }
  })

  test('error: a session store that throws gives 503 unavailable on verify, session and signout, and no cookie', async () => {
    const sessions: SiwxServerSessionStore = { create: down, read: down, listByAddress: down, revoke: down }
    const mounted = await mount({ sessions })
    try {
      const page = browser(mounted.url)
      const verified = await page.post('/siwx/verify', await sign(await page.nonce()))
      expect(verified.status).toBe(503)
      expect(verified.body).toMatchObject({ reason: 'unavailable' })
      expect(verified.setCookie).toBeUndefined()
      const cookie = `${SESSION_COOKIE}=${'a'.repeat(32)}`
      const read = await page.get('/siwx/session', { cookie })
      expect(read.status).toBe(503)
      expect(read.setCookie).toBeUndefined()
      // Signing out while the store is down does not pretend to have ended the session.
      const out = await page.post('/siwx/signout', {}, { cookie })
      expect(out.status).toBe(503)
      expect(out.setCookie).toBeUndefined()
    } finally {
      await mounted.close()
    }
  })

  test('parameters: sessionMs bounds a session; once the clock passes its end it reads as null and the cookie is cleared', async () => {
    let now = Date.now()
    const mounted = await mount({ sessionMs: 60_000, clock: () => now })
    try {
      const page = browser(mounted.url)
      const verified = await page.post('/siwx/verify', await sign(await page.nonce()))
      expect(verified.status).toBe(200)
      expect(verified.body.session.expiresAt).toBe(now + 60_000)
      expect(attributes(verified.setCookie!)['max-age']).toBe('60')
      now += 59_000
      expect((await page.get('/siwx/session')).body.session.accounts).toHaveLength(1)
      now += 1_000
      const ended = await page.get('/siwx/session')
      expect(ended.body).toEqual({ session: null })
      expect(attributes(ended.setCookie!)['max-age']).toBe('0')
      expect(page.jar.has(SESSION_COOKIE)).toBe(false)
    } finally {
      await mounted.close()
    }
  })

  test('error: a nonce whose time to live ran out is refused (nonce_unknown)', async () => {
    const mounted = await mount({ nonces: createMemoryNonceStore({ ttlMs: 50 }) })
    try {
      const page = browser(mounted.url)
      const signed = await sign(await page.nonce())
      await new Promise((resolve) => setTimeout(resolve, 120)) // the nonce's TTL must really pass
      const answer = await page.post('/siwx/verify', signed)
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({ reason: 'nonce_unknown' })
    } finally {
      await mounted.close()
    }
  })

  test('default: paths outside /siwx/ are left to the host server (false)', async () => {
    const routes = createSiwxRoutes({ nonces: createMemoryNonceStore(), sessions: createMemorySessionStore(), allowedOrigins: [ORIGIN] })
    const seen: boolean[] = []
    const listening = await listen(createServer((req, res) => void routes(req, res).then((handled) => {
      seen.push(handled)
      if (!handled) res.writeHead(418).end()
    })), { port: 0 })
    try {
      expect((await fetch(`${listening.url}/health`)).status).toBe(418)
      expect((await fetch(`${listening.url}/siwxnonce`)).status).toBe(418)
      expect((await fetch(`${listening.url}/siwx/nonce`)).status).toBe(200)
      expect(seen).toEqual([false, false, true])
    } finally {
      await listening.close()
    }
  })
})

describe('readCookie', () => {
  test('behavior: reads one cookie among others; the last wins; empty is absent', () => {
    expect(readCookie('a=1; airlock_siwx=abc; b=2', SESSION_COOKIE)).toBe('abc')
    expect(readCookie('airlock_siwx=old; airlock_siwx=new', SESSION_COOKIE)).toBe('new')
    expect(readCookie('airlock_siwx=', SESSION_COOKIE)).toBeUndefined()
    expect(readCookie(undefined, SESSION_COOKIE)).toBeUndefined()
    expect(readCookie('xairlock_siwx=1', SESSION_COOKIE)).toBeUndefined()
  })
})
