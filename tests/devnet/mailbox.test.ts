import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { createMailbox, mailboxAddress } from '../../examples/devnet/mailbox.js'

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
