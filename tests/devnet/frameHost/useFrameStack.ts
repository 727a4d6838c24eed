import { join } from 'node:path'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { freePort, startAnvil, type Anvil } from '../../../examples/devnet/anvil.js'
import { startDevFrame, type DevFrame } from '../../../examples/devnet/frame/startFrameServer.js'
import { startGateway, type Gateway } from '../../../examples/devnet/gateway.js'
import { startStaticServer, type StaticServer } from '../../../examples/devnet/staticServer.js'
import { launchChromium } from '../../e2e/chromium.js'
import { startHostPage } from './buildHostPage.js'
import { startTogether } from '../../support/startTogether.js'

/** A request's terminal action, as the page's store saw it. */
export type Settled = { type: string; id: string; payload?: any; error?: { message: string; code?: number }; reason?: string }

export interface FrameStack {
  readonly anvil: Anvil
  readonly gateway: Gateway
  readonly frame: DevFrame
  /** The allowed host page (real Airlock core, real DOM frame host). */
  readonly host: StaticServer
  /** A third origin, not allowed: serves `/listen.html`, which records every message it gets in `window.got`. */
  readonly elsewhere: StaticServer
  readonly browser: Browser
  /** A new context with the host page open and the frame loaded and ready. */
  openHost(): Promise<{ page: Page; errors: string[] }>
  /** A new, empty browser context (closed after the test). */
  newContext(): Promise<BrowserContext>
}

/**
 * The secure frame across real origins, started once per test file and stopped after it: anvil
 * (31337), the gateway's mailbox, the dev frame on one 127.0.0.1 port, the host page on another
 * (the only allowed origin), a third origin for "elsewhere", and Chromium. Every browser context
 * a test opens is closed after it.
 * @example const stack = useFrameStack(); const { page } = await stack.openHost()
 */
export function useFrameStack(): FrameStack {
  const root = process.cwd()
  let anvil: Anvil | undefined
  let gateway: Gateway | undefined
  let frame: DevFrame | undefined
  let host: StaticServer | undefined
  let elsewhere: StaticServer | undefined
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    ;[anvil, gateway, browser] = await startTogether([(async () => startAnvil({ port: await freePort(), chainId: 31337 }))(), startGateway({ port: 0 }), launchChromium()])
    const [hostPort, framePort, elsewherePort] = [await freePort(), await freePort(), await freePort()]
    ;[frame, host, elsewhere] = await startTogether([
      startDevFrame({ port: framePort, root, allowedOrigins: [`http://127.0.0.1:${hostPort}`], gatewayUrl: gateway.url, chains: [{ chainId: 31337, name: 'Airlock Devnet', rpcUrl: anvil.rpcUrl }] }),
      startHostPage(root, hostPort),
      startStaticServer({
        port: elsewherePort,
        root: join(root, 'tests', 'devnet', 'frameHost'),
        files: () => new Map([['/listen.html', { body: '<!doctype html><script>window.got=[];addEventListener("message",(e)=>got.push(e.data))</script>', type: 'text/html' }]]),
      }),
    ])
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await Promise.allSettled([frame?.close(), host?.close(), elsewhere?.close(), gateway?.close(), anvil?.stop()])
  })

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close()
  })

  const newContext = async () => {
    const context = await browser!.newContext({ viewport: { width: 1000, height: 800 } })
    contexts.push(context)
    return context
  }

  return {
    get anvil() {
      return anvil!
    },
    get gateway() {
      return gateway!
    },
    get frame() {
      return frame!
    },
    get host() {
      return host!
    },
    get elsewhere() {
      return elsewhere!
    },
    get browser() {
      return browser!
    },
    newContext,
    async openHost() {
      const page = await (await newContext()).newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      const query = new URLSearchParams({ frame: frame!.url, gateway: gateway!.url, rpc: anvil!.rpcUrl })
      await page.goto(`${host!.url}/?${query}`)
      await page.waitForFunction(() => document.body.dataset.booted === 'true')
      await page.evaluate(() => (window as any).testHost.airlock.dispatch({ type: 'frame/loadRequested' }))
      await page.waitForFunction(() => (window as any).testHost.airlock.getState().frame.status === 'ready', undefined, { timeout: 15_000 })
      return { page, errors }
    },
  }
}

/** Sends one request through the page's real transport and waits for its terminal action. */
export function call(page: Page, name: string, payload?: unknown, timeoutMs: number | null = 15_000): Promise<Settled> {
  return start(page, name, payload, timeoutMs).then((id) => settled(page, id))
}

/** Starts a request through the page's real transport and returns its id without waiting. */
export function start(page: Page, name: string, payload?: unknown, timeoutMs: number | null = 60_000): Promise<string> {
  return page.evaluate(
    ({ name, payload, timeoutMs }) => {
      const id = Math.random().toString(36).slice(2)
      ;(window as any).testHost.airlock.dispatch({ type: 'frame/requestSent', id, name, message: { id, type: `@airlock-app/${name}`, ...(payload === undefined ? {} : { payload }) }, timeoutMs })
      return id
    },
    { name, payload, timeoutMs },
  )
}

/** Waits for request `id` to end (success or failure) and returns that action. */
export async function settled(page: Page, id: string, timeout = 20_000): Promise<Settled> {
  const handle = await page.waitForFunction((id) => (window as any).testHost.actions.find((a: any) => (a.type === 'frame/requestSucceeded' || a.type === 'frame/requestFailed') && a.id === id), id, { timeout, polling: 20 })
  return (await handle.jsonValue()) as Settled
}

/** Every terminal action for request `id` so far (none while it waits). */
export const settledFor = (page: Page, id: string): Promise<Settled[]> =>
  page.evaluate((id) => (window as any).testHost.actions.filter((a: any) => (a.type === 'frame/requestSucceeded' || a.type === 'frame/requestFailed') && a.id === id), id)

export const actionTypes = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).testHost.actions.map((a: any) => a.type) as string[])

/** The frame (by origin) inside `page`. */
export const frameOf = (page: Page, origin: string): Frame => page.frames().find((f) => f.url().startsWith(origin))!

/** Reveals the secure frame the way ApproveTransaction does: over a modal-sized box. */
export function revealFrame(page: Page, bounds = { top: 60, left: 320, width: 360, height: 440 }): Promise<void> {
  return page.evaluate((bounds) => (window as any).testHost.airlock.dispatch({ type: 'frame/visibilityRequested', visible: true, bounds, colorScheme: 'light' }), bounds)
}

/** Approves the request the frame shows, with a real click inside the frame (a person's click). */
export async function approveInFrame(page: Page, frameUrl: string): Promise<void> {
  await frameOf(page, frameUrl).getByRole('button', { name: 'Approve' }).click({ timeout: 10_000 })
}

/** The dev mailbox's codes for `email`, newest first. */
export async function mailbox(gatewayUrl: string, email: string): Promise<{ code: string; sentAt: number; purpose: string }[]> {
  return (await (await fetch(`${gatewayUrl}/dev/mailbox/${encodeURIComponent(email)}`)).json()) as { code: string; sentAt: number; purpose: string }[]
}

/** Email login through the page's transport with the mailbox's code. */
export async function emailLogin(page: Page, gatewayUrl: string, email: string): Promise<void> {
  const asked = await call(page, 'CONNECT_EMAIL', { email })
  if (asked.payload?.action !== 'VERIFY_OTP') throw new Error(`CONNECT_EMAIL answered ${JSON.stringify(asked)}`)
  const [latest] = await mailbox(gatewayUrl, email)
  const done = await call(page, 'CONNECT_OTP', { otp: latest!.code })
  if (done.type !== 'frame/requestSucceeded') throw new Error(`CONNECT_OTP answered ${JSON.stringify(done)}`)
}
