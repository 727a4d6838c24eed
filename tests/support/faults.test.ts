import { request } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import { launchChromium } from '../e2e/chromium.js'
import { failRoutes, startFaultProxy, type FaultProxy } from './faults.js'

/** The fault harness against the real parts it is meant for: anvil behind the proxy, Chromium routes. */
let anvil: Anvil
let proxy: FaultProxy
beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort(), chainId: 31337 })
  proxy = await startFaultProxy({ port: anvil.port })
})
afterEach(() => proxy.setMode('pass'))
afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

/** eth_chainId through the proxy on a fresh connection, with a deadline: 'ok', 'failed' or 'timeout'. */
function ask(ms = 1_500): Promise<string> {
  return new Promise((resolve) => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'
    const req = request(proxy.url(), { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve(text.includes('"0x7a69"') ? 'ok' : 'bad'))
      res.on('error', () => resolve('failed'))
    })
    const timer = setTimeout(() => {
      req.destroy()
      resolve('timeout')
    }, ms)
    req.on('error', () => resolve('failed'))
    req.on('close', () => clearTimeout(timer))
    req.end(body)
  })
}

describe('fault harness', () => {
  test('behavior: the proxy passes, refuses, hangs, delays and comes back', async () => {
    const seen: string[] = []
    seen.push(await ask())
    proxy.setMode('refuse')
    seen.push(await ask())
    proxy.setMode('hang')
    seen.push(await ask(500))
    proxy.setMode('delay', { delayMs: 300 })
    const started = performance.now()
    seen.push(await ask())
    const delayed = performance.now() - started
    proxy.setMode('pass')
    seen.push(await ask())
    expect(seen).toEqual(['ok', 'failed', 'timeout', 'ok', 'ok'])
    expect(delayed).toBeGreaterThanOrEqual(250)
    expect(proxy.accepted).toBeGreaterThanOrEqual(5)
  })

  test('behavior: cut drops the open connections; new ones still pass', async () => {
    proxy.setMode('delay', { delayMs: 2_000 })
    const pending = ask(3_000)
    await new Promise((r) => setTimeout(r, 200))
    proxy.cut()
    expect(await pending).toBe('failed')
    proxy.setMode('pass')
    expect(await ask()).toBe('ok')
  })

  test('behavior: a paused anvil answers nothing until resumed', async () => {
    anvil.pause()
    try {
      expect(await ask(500)).toBe('timeout')
    } finally {
      anvil.resume()
    }
    expect(await ask()).toBe('ok')
  })

  test('behavior: routes answer 500, garbage, HTML or never, until restored', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.goto(`${proxy.url()}/`).catch(() => undefined)
      const fetchStatus = (url: string) => page.evaluate((u) => fetch(u, { method: 'POST', body: '{}' }).then((r) => r.text().then((t) => `${r.status} ${t.slice(0, 12)}`), () => 'failed'), url)
      let restore = await failRoutes(page, '**/rpc-500', 500)
      expect(await fetchStatus(`${proxy.url()}/rpc-500`)).toMatch(/^500 /)
      await restore()
      restore = await failRoutes(page, '**/garbage', 'garbage')
      expect(await fetchStatus(`${proxy.url()}/garbage`)).toBe('200 {"oops": tru')
      await restore()
      restore = await failRoutes(page, '**/hang', 'hang')
      const outcome = await page.evaluate((u) => Promise.race([fetch(u).then(() => 'answered'), new Promise((r) => setTimeout(() => r('still waiting'), 300))]), `${proxy.url()}/hang`)
      expect(outcome).toBe('still waiting')
      await restore()
    } finally {
      await browser.close()
    }
  })
})
