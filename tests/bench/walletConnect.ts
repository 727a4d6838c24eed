import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { startRelay } from '../../examples/devnet/relay.js'
import { startStaticServer, type StaticFile, type StaticServer } from '../../examples/devnet/staticServer.js'
import { CHROMIUM_ARGS } from '../e2e/chromium.js'
import { browserPath } from '../e2e/findBrowser.js'
import { BENCH_APPS, BENCH_WALLET, type BenchTool } from './apps.js'
import { ROOT } from './bundle.js'
import { installProbe, type ProbeConfig } from './pageProbe.js'
import { CACHE_DIR } from './peers.js'
import { hostOf, median, RESOLVER_RULES } from './speed.js'

/** The Airlock app with `?relay=` (tests/bench/apps/), built from Airlock's install folder beside its own app. */
export const WALLETCONNECT_APP = 'airlock-wc.tsx'
/** The QR view's code once it holds a pairing URI (react/modal/views/ConnectingWalletConnect.tsx). */
const QR_SELECTOR = '[data-airlock="walletconnect-qr"][data-uri]'
/** The Connect view's WalletConnect row (its accessible name). */
const WALLETCONNECT_OPTION = 'WalletConnect QR code'
/** A person reads the list before pressing; meanwhile the app makes a pairing ahead (300 ms after the modal opens). */
const READING_MS = 1_500
const STEP_TIMEOUT_MS = 10_000

/** One page load, one press on WalletConnect, in a fresh browser context. */
export interface WalletConnectRun {
  /** Pointerdown on "WalletConnect" to the QR code with its URI in the modal (ms, page clock). */
  readonly qr: number | null
  readonly errors: readonly string[]
}

export interface WalletConnectResult {
  /** The bundler this build of the app came from. */
  readonly tool: BenchTool
  readonly runs: readonly WalletConnectRun[]
  /** Median press → QR code, ms. */
  readonly median: number | null
  /** Hosts other than 127.0.0.1 the page tried (all failed at DNS). */
  readonly blockedHosts: readonly string[]
}

/**
 * Copies the app into Airlock's install folder (src/, next to its app.tsx and constants.ts) so it
 * resolves the same packed package; returns its entry.
 * @example const entry = walletConnectEntry(install.dir)
 */
export function walletConnectEntry(dir: string): string {
  const entry = join(dir, 'src', 'wc.tsx')
  copyFileSync(join(ROOT, 'tests', 'bench', 'apps', WALLETCONNECT_APP), entry)
  return entry
}

/**
 * Times WalletConnect's QR code as a visitor gets it, `runs` times per build (interleaved, a fresh
 * context each, one untimed warm-up per build): the dev stack's relay on 127.0.0.1 (passed as
 * `?relay=`), open the modal, wait for the WalletConnect row, read for 1.5 s, press it; from the
 * pointerdown to the QR code's element holding its URI, on the page's own clock.
 * @example const results = await measureWalletConnect([{ tool: 'vite', files }], { runs: 9, log: console.log })
 */
export async function measureWalletConnect(builds: readonly { tool: BenchTool; files: ReadonlyMap<string, Uint8Array> }[], options: { runs: number; log: (line: string) => void }): Promise<WalletConnectResult[]> {
  const www = join(CACHE_DIR, 'www')
  mkdirSync(www, { recursive: true })
  const relay = await startRelay({ port: 0, host: '127.0.0.1' })
  const servers: StaticServer[] = []
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: await browserPath(), args: [...CHROMIUM_ARGS, RESOLVER_RULES], headless: true })
    const targets: { tool: BenchTool; url: string; runs: WalletConnectRun[]; hosts: Set<string> }[] = []
    for (const { tool, files } of builds) {
      const served = new Map<string, StaticFile>()
      for (const [path, body] of files) served.set(path, { body })
      const server = await startStaticServer({ port: 0, root: www, files: () => served })
      servers.push(server)
      targets.push({ tool, url: `${server.url}/?relay=${encodeURIComponent(relay.url)}`, runs: [], hosts: new Set() })
    }
    for (const { url } of targets) await runOnce(browser, url, new Set()) // warm-up
    for (let round = 0; round < options.runs; round++) {
      for (const { tool, url, runs, hosts } of targets) {
        const run = await runOnce(browser, url, hosts)
        runs.push(run)
        if (run.errors.length > 0) options.log(`  airlock-wc/${tool} round ${round + 1}: ${run.errors.join('; ')}`)
      }
      options.log(`  walletconnect round ${round + 1}/${options.runs}: ${targets.map(({ tool, runs }) => `${tool} ${runs[round]!.qr ?? '—'} ms`).join(', ')}`)
    }
    return targets.map(({ tool, runs, hosts }) => ({ tool, runs, median: median(runs.map((r) => r.qr)), blockedHosts: [...hosts].sort() }))
  } finally {
    await browser?.close()
    await Promise.all(servers.map((server) => server.close()))
    await relay.close()
  }
}

async function runOnce(browser: Browser, url: string, hosts: Set<string>): Promise<WalletConnectRun> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
  const errors: string[] = []
  const failed = (error: string): WalletConnectRun => ({ qr: null, errors: [...errors, error] })
  try {
    const origin = new URL(url).origin
    context.on('request', (request) => {
      const target = request.url()
      if (!target.startsWith(`${origin}/`) && !target.startsWith('data:') && !target.startsWith('blob:')) hosts.add(hostOf(target))
    })
    const { probes } = BENCH_APPS.find((app) => app.id === 'airlock')!
    const probe: ProbeConfig = { wallet: { ...BENCH_WALLET }, button: probes.button, modal: probes.modal }
    await context.addInitScript(installProbe, probe)
    const page = await context.newPage()
    page.on('pageerror', (error) => errors.push(`page error: ${error.message.slice(0, 160)}`))
    await page.goto(url)
    if ((await page.evaluate(() => window.__bench!.button)) === null) return failed('connect button never visible')
    const button = await page.evaluate(() => window.__bench!.center())
    if (!button) return failed('connect button gone after load')
    await page.mouse.click(button.x, button.y)
    const option = page.getByRole('button', { name: WALLETCONNECT_OPTION, exact: true })
    await option.waitFor({ timeout: STEP_TIMEOUT_MS })
    await page.waitForTimeout(READING_MS)
    const box = await option.boundingBox()
    if (!box) return failed(`"${WALLETCONNECT_OPTION}" gone after reading`)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.evaluate(([selector, timeout]) => window.__bench!.armPress(selector, timeout), [QR_SELECTOR, STEP_TIMEOUT_MS] as const)
    await page.mouse.down()
    await page.mouse.up()
    const { press, found } = await page.evaluate(() => window.__bench!.pressed!)
    if (press === null) return failed('the press never reached the page')
    if (found === null) return failed(`no QR code within ${STEP_TIMEOUT_MS / 1000} s of the press`)
    return { qr: Math.round((found - press) * 10) / 10, errors }
  } catch (error) {
    return failed(error instanceof Error ? error.message.split('\n')[0]! : String(error))
  } finally {
    await context.close()
  }
}
