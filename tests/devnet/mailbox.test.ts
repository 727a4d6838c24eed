import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { CODE_VOID_MESSAGE, createMailbox, LOOPBACK_ONLY_MESSAGE, mailboxAddress, MAX_CODE_ATTEMPTS } from '../../examples/devnet/mailbox.js'

let gateway: Gateway
const lines: string[] = []
let clock = 1_000

beforeAll(async () => {
  gateway = await startGateway({ port: 0, mailbox: createMailbox({ log: (line) => lines.push(line), now: () => clock }) })
})
afterAll(() => gateway?.close())

const post = (path: string, body: unknown) => fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('dev mailbox', () => {
  test('default: codes sent are listed newest first, printed, and never returned by the send call', async () => {
    const first = await post('/dev/mailbox/Ada@Example.com', { purpose: 'login' })
    expect(first.status).toBe(201)
    expect(await first.json()).toEqual({ sent: true, sentAt: 1_000 })
    clock = 2_000
    await post('/dev/mailbox/ada@example.com', { purpose: 'login' })
    const list = (await (await fetch(`${gateway.url}/dev/mailbox/ada%40example.com`)).json()) as { code: string; sentAt: number; purpose: string }[]
    expect(list.map((e) => e.sentAt)).toEqual([2_000, 1_000])
    for (const entry of list) expect(entry.code).toMatch(/^\d{6}$/)
    expect(lines).toEqual([`[mailbox] ada@example.com: login code ${list[1]!.code}`, `[mailbox] ada@example.com: login code ${list[0]!.code}`])
  })

  test('behavior: verify accepts the newest code once, for its purpose only', async () => {
    await post('/dev/mailbox/bob@example.com', { purpose: 'login' })
    const { code } = ((await (await fetch(`${gateway.url}/dev/mailbox/bob@example.com`)).json()) as { code: string }[])[0]!
    const verify = async (body: unknown) => ((await (await post('/dev/mailbox/bob@example.com/verify', body)).json()) as { valid: boolean }).valid
    expect(await verify({ code, purpose: 'updatePrimary' })).toBe(false)
    expect(await verify({ code: code === '123456' ? '654321' : '123456', purpose: 'login' })).toBe(false)
    expect(await verify({ code, purpose: 'login' })).toBe(true)
    expect(await verify({ code, purpose: 'login' })).toBe(false)
  })

  test('behavior: codes expire after 10 minutes', () => {
    let now = 0
    const mailbox = createMailbox({ now: () => now })
    const { code } = mailbox.send('c@example.com', 'login')
    now = 10 * 60_000 + 1
    expect(mailbox.verify('c@example.com', code, 'login')).toBe(false)
  })

  test.each([
    ['GET', '/dev/mailbox/not-an-email', undefined, 400],
    ['GET', '/dev/mailbox/%E0%A4%A', undefined, 400],
    ['POST', '/dev/mailbox/a@example.com', { purpose: 'root' }, 400],
    ['POST', '/dev/mailbox/a@example.com', 'garbage', 400],
    // A valid purpose past the 4 KB body limit is refused like no body at all.
    ['POST', '/dev/mailbox/a@example.com', { purpose: 'login', pad: 'x'.repeat(4096) }, 400],
    ['POST', '/dev/mailbox/a@example.com/verify', { purpose: 'login', code: '12' }, 400],
    ['DELETE', '/dev/mailbox/a@example.com', undefined, 405],
  ])('hostile: %s %s → %i', async (method, path, body, status) => {
    const response = await fetch(`${gateway.url}${path}`, { method, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) })
    expect(response.status).toBe(status)
  })

  test('behavior: addresses are normalized and bounded', () => {
    expect(mailboxAddress('  Ada@Example.COM ')).toBe('ada@example.com')
    expect(mailboxAddress('<script>@x.y')).toBeNull()
    expect(mailboxAddress(`${'a'.repeat(300)}@x.y`)).toBeNull()
  })
})

/** A raw request with the headers a browser page would send (fetch cannot set Host). */
function raw(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${gateway.url}${path}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers } }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

describe('issue L-13: only this machine may use the dev mailbox', () => {
  test('default: no Origin (Node, curl) and loopback origins read the codes, with CORS for that origin', async () => {
    await post('/dev/mailbox/dora@example.com', { purpose: 'login' })
    for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://[::1]:3000', 'https://localhost']) {
      const res = await raw('GET', '/dev/mailbox/dora@example.com', origin ? { origin } : {})
      expect(res.status, origin).toBe(200)
      expect((JSON.parse(res.body) as unknown[]).length, origin).toBe(1)
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin ?? '*')
    }
  })

  test.each<[string, Record<string, string>]>([
    ['another site', { origin: 'https://evil.example' }],
    ['a look-alike host', { origin: 'http://localhost.evil.example:5173' }],
    ['an IP that is not loopback', { origin: 'http://192.168.1.20:5173' }],
    ['an opaque origin (sandboxed frame, file)', { origin: 'null' }],
    ['a non-http scheme', { origin: 'chrome-extension://abcdefghijklmnop' }],
    ['a rebound domain (DNS rebinding: same-origin GET, no Origin)', { host: 'evil.example:8787' }],
  ])('error: %s gets a 403 without codes or CORS, for every mailbox route', async (_, headers) => {
    await post('/dev/mailbox/eve@example.com', { purpose: 'login' })
    const routes: [string, string, unknown][] = [
      ['GET', '/dev/mailbox/eve@example.com', undefined],
      ['POST', '/dev/mailbox/eve@example.com', { purpose: 'login' }],
      ['POST', '/dev/mailbox/eve@example.com/verify', { purpose: 'login', code: '123456' }],
    ]
    for (const [method, path, body] of routes) {
      const res = await raw(method, path, headers, body)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(JSON.parse(res.body)).toEqual({ message: LOOPBACK_ONLY_MESSAGE })
      if (headers.origin) expect(res.headers['access-control-allow-origin']).toBeUndefined()
    }
    // The preflight a page needs for the JSON POSTs grants nothing to another site either.
    if (headers.origin) expect((await raw('OPTIONS', '/dev/mailbox/eve@example.com/verify', { ...headers, 'access-control-request-method': 'POST' })).headers['access-control-allow-origin']).toBeUndefined()
    // Its guesses are not even counted: after more than 5 of them, the owner's code still works.
    const code = gateway.mailbox.list('eve@example.com')[0]!.code
    for (let i = 0; i <= MAX_CODE_ATTEMPTS; i++) await raw('POST', '/dev/mailbox/eve@example.com/verify', headers, { purpose: 'login', code: code === '000000' ? '000001' : '000000' })
    expect(await (await post('/dev/mailbox/eve@example.com/verify', { purpose: 'login', code })).json()).toEqual({ valid: true })
  })

  test('behavior: the rest of the gateway keeps answering any origin (the app runs on any dev host)', async () => {
    const res = await raw('GET', '/getWallets?projectId=airlock-dev&entries=1', { origin: 'https://evil.example' })
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('https://evil.example')
  })
})

describe('issue L-13: a code survives at most 5 wrong tries', () => {
  const verify = async (email: string, code: string) => {
    const res = await post(`/dev/mailbox/${email}/verify`, { code, purpose: 'login' })
    return { status: res.status, body: (await res.json()) as { valid: boolean; attemptsLeft?: number; message?: string } }
  }
  const codeOf = (email: string) => gateway.mailbox.list(email)[0]!.code
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  test('default: wrong tries count down; a right code within them still works', async () => {
    await post('/dev/mailbox/fay@example.com', { purpose: 'login' })
    const code = codeOf('fay@example.com')
    expect(MAX_CODE_ATTEMPTS).toBe(5)
    for (const left of [4, 3, 2, 1]) expect(await verify('fay@example.com', wrong(code))).toEqual({ status: 200, body: { valid: false, attemptsLeft: left } })
    expect(await verify('fay@example.com', code)).toEqual({ status: 200, body: { valid: true } })
  })

  test('error: the 5th wrong try voids the code with a clear error; even the right code fails then; a new code works', async () => {
    await post('/dev/mailbox/gus@example.com', { purpose: 'login' })
    const code = codeOf('gus@example.com')
    for (let i = 0; i < 4; i++) expect((await verify('gus@example.com', wrong(code))).body.valid).toBe(false)
    expect(await verify('gus@example.com', wrong(code))).toEqual({ status: 429, body: { valid: false, message: CODE_VOID_MESSAGE } })
    expect(await verify('gus@example.com', code)).toEqual({ status: 429, body: { valid: false, message: CODE_VOID_MESSAGE } })
    expect(gateway.mailbox.verify('gus@example.com', code, 'login')).toBe(false)
    // A new code starts afresh.
    await post('/dev/mailbox/gus@example.com', { purpose: 'login' })
    expect(await verify('gus@example.com', codeOf('gus@example.com'))).toEqual({ status: 200, body: { valid: true } })
  })

  test('unit: a million guesses at one code get 5 tries', () => {
    const mailbox = createMailbox()
    const { code } = mailbox.send('hal@example.com', 'login')
    let valid = 0
    for (let guess = 0; guess < 1_000_000; guess++) if (mailbox.verify('hal@example.com', String(guess).padStart(6, '0'), 'login')) valid += 1
    // Only a guess among the first five can hit; after that the code is void.
    expect(valid).toBe(Number(code) < MAX_CODE_ATTEMPTS ? 1 : 0)
    expect(mailbox.check('hal@example.com', code, 'login').result).toBe(Number(code) < MAX_CODE_ATTEMPTS ? 'none' : 'void')
  })
})
