import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { startStaticServer, type StaticFile, type StaticServer } from '../../examples/devnet/staticServer.js'
import { CHROMIUM_ARGS } from '../e2e/chromium.js'
import { browserPath } from '../e2e/findBrowser.js'
import { BENCH_WALLET, type BenchApp, type BenchTool } from './apps.js'
import { installProbe, type ClickTimes, type ProbeConfig } from './pageProbe.js'
import { waitForQuietMachine } from './quietMachine.js'
import { CACHE_DIR } from './peers.js'

/** One page load and one click, in a fresh browser context. */
export interface SpeedRun {
  /** Navigation start to the connect button first visible (ms). */
  readonly button: number | null
  /** Click to the modal first visible (ms). */
  readonly modal: number | null
  /** Click to the announced wallet first visible in the modal's list (ms). */
  readonly list: number | null
  /** Requests the page tried that were not to 127.0.0.1 (all failed at DNS). */
  readonly blocked: number
  /** How long the load waited for the machine to be quiet first (waitForQuietMachine), ms. */
  readonly quietMs: number
  readonly errors: readonly string[]
}

export interface SpeedResult {
  readonly app: BenchApp['id']
  /** The bundler this build of the app came from. */
  readonly tool: BenchTool
  /** `cold`: press right away, like a test runner; `hover`: the pointer rests on the button first. */
  readonly runs: { readonly cold: SpeedRun[]; readonly hover: SpeedRun[] }
  readonly median: { button: number | null; modal: number | null; list: number | null; hoverModal: number | null; hoverList: number | null }
  readonly blockedHosts: readonly string[]
}

export interface SpeedOptions {
  readonly runs: number
  /** How long the pointer rests on the button in `hover` runs. */
  readonly hoverMs: number
  readonly log: (line: string) => void
}

/** Every host but the local server fails at DNS at once, WebSockets included (no 10 s connect timeouts). */
export const RESOLVER_RULES = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'
const CLICK_TIMEOUT_MS = 5_000
/** After load, wait for the network to be quiet (failed requests are quick) at most this long. */
const IDLE_CAP_MS = 4_000

/** One build of one app: its files by URL path, `/index.html` included. */
export interface SpeedTarget {
  readonly app: BenchApp
  readonly tool: BenchTool
  readonly files: ReadonlyMap<string, Uint8Array>
  /** Cold loads per round (default 1): the extra ones run after the round's others, interleaved with the other repeated builds (main.ts PAIR_REPEAT). */
  readonly repeat?: number
}

/**
 * Loads each build in headless Chromium `runs` times per variant (interleaved: build A, B, C, A, B,
 * C, …, then the `repeat` builds' extra cold loads, A, B, A, B; a fresh context every time, one
 * untimed warm-up per build first) and times the connect button,
 * the modal and the wallet list on the page's own clock. Builds are served from 127.0.0.1 (each
 * its own server); every other host fails at DNS (resolver rules), so offline services fail fast,
 * and such requests are counted.
 * @example const results = await measureSpeed(builds, { runs: 9, hoverMs: 100, log: console.log })
 */
export async function measureSpeed(builds: readonly SpeedTarget[], options: SpeedOptions): Promise<SpeedResult[]> {
  const www = join(CACHE_DIR, 'www')
  mkdirSync(www, { recursive: true })
  const servers: StaticServer[] = []
  const launch = async () => chromium.launch({ executablePath: await browserPath(), args: [...CHROMIUM_ARGS, RESOLVER_RULES], headless: true })
  let browser = await launch()
  try {
    const targets: { key: string; app: BenchApp; tool: BenchTool; url: string; repeat: number }[] = []
    for (const { app, tool, files, repeat = 1 } of builds) {
      if (!files.has('/index.html')) throw new Error(`${app.id} (${tool}): no /index.html to serve`)
      const served = new Map<string, StaticFile>()
      for (const [path, body] of files) served.set(path, { body })
      const server = await startStaticServer({ port: 0, root: www, files: () => served })
      servers.push(server)
      targets.push({ key: `${app.id}/${tool}`, app, tool, url: `${server.url}/`, repeat })
    }
    const runs = new Map(targets.map(({ key }) => [key, { cold: [] as SpeedRun[], hover: [] as SpeedRun[] }]))
    const hosts = new Map(targets.map(({ key }) => [key, new Set<string>()]))
    for (const { app, url } of targets) await runOnce(browser, app, url, 0, new Set()) // warm-up: disk cache of Chromium, JIT of the server
    const started = performance.now()
    const repeats = Math.max(1, ...targets.map((target) => target.repeat))
    for (let round = 0; round < options.runs; round++) {
      if (round > 0) {
        // A fresh browser each round: one that had loaded a couple of hundred pages timed the
        // same builds slower and slower (Airlock's click → modal from 8 to 11 ms over a complete
        // run, AppKit's from 25 to 33, React alone's from 3.3 to 4). Part of that drift stays
        // with a fresh browser (Airlock's clicks from about 7 to 9 ms in a run on 2026-11-29).
        await browser.close()
        browser = await launch()
        // Untimed, like the first warm-up: the new browser's first page pays for its own start.
        await runOnce(browser, targets[0]!.app, targets[0]!.url, 0, new Set())
      }
      const passes = [...(['cold', 'hover'] as const).map((variant) => ({ variant, pass: 0 })), ...Array.from({ length: repeats - 1 }, (_, i) => ({ variant: 'cold' as const, pass: i + 1 }))]
      for (const { variant, pass } of passes) {
        for (const { key, app, url, repeat } of targets) {
          if (pass >= repeat) continue
          const run = await runOnce(browser, app, url, variant === 'hover' ? options.hoverMs : 0, hosts.get(key)!)
          runs.get(key)![variant].push(run)
          if (run.errors.length > 0) options.log(`  ${key} round ${round + 1} ${variant}: ${run.errors.join('; ')}`)
        }
      }
      options.log(`  speed round ${round + 1}/${options.runs} done (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    return targets.map(({ key, app, tool }) => {
      const { cold, hover } = runs.get(key)!
      return {
        app: app.id,
        tool,
        runs: { cold, hover },
        median: {
          button: median([...cold, ...hover].map((r) => r.button)),
          modal: median(cold.map((r) => r.modal)),
          list: median(cold.map((r) => r.list)),
          hoverModal: median(hover.map((r) => r.modal)),
          hoverList: median(hover.map((r) => r.list)),
        },
        blockedHosts: [...hosts.get(key)!].sort(),
      }
    })
  } finally {
    await browser.close()
    await Promise.all(servers.map((server) => server.close()))
  }
}

async function runOnce(browser: Browser, app: BenchApp, url: string, hoverMs: number, hosts: Set<string>): Promise<SpeedRun> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
  const errors: string[] = []
  let blocked = 0
  // Outside the try: a load that fails after its wait still reports the wait.
  let quietMs = 0
  try {
    const origin = new URL(url).origin
    // Listened to, not intercepted: `context.route` pauses every request (the app's own chunks
    // included) for a round trip to this Node process, which charged apps per file rather than per
    // byte. Other hosts cannot be reached anyway: the resolver rules fail them at DNS at once.
    context.on('request', (request) => {
      const target = request.url()
      if (target.startsWith(`${origin}/`) || target.startsWith('data:') || target.startsWith('blob:')) return
      blocked += 1
      hosts.add(hostOf(target))
    })
    const probe: ProbeConfig = { wallet: { ...BENCH_WALLET }, button: app.probes.button, modal: app.probes.modal }
    await context.addInitScript(installProbe, probe)
    const settled = await settledPage(context)
    const { page } = settled
    quietMs = settled.quietMs
    page.on('pageerror', (error) => errors.push(`page error: ${error.message.slice(0, 160)}`))
    await page.goto(url, { waitUntil: 'commit' })
    const button = await page.evaluate(() => window.__bench!.button)
    if (button === null) return { button, modal: null, list: null, blocked, quietMs, errors: [...errors, 'connect button never visible'] }
    // Let start-up settle (the kits fetch configs, icons, relays: all fail fast here).
    await page.waitForLoadState('networkidle', { timeout: IDLE_CAP_MS }).catch(() => {})
    const center = await page.evaluate(() => window.__bench!.center())
    if (!center) return { button, modal: null, list: null, blocked, quietMs, errors: [...errors, 'connect button gone after load'] }
    await page.mouse.move(center.x, center.y)
    if (hoverMs > 0) await page.waitForTimeout(hoverMs)
    await page.evaluate((timeout) => window.__bench!.arm(timeout), CLICK_TIMEOUT_MS)
    await page.mouse.down()
    await page.mouse.up()
    const { click, modal, list }: ClickTimes = await page.evaluate(() => window.__bench!.clicked!)
    if (click === null) errors.push('the click never reached the page')
    if (modal === null) errors.push('modal never visible')
    return {
      button: round(button),
      modal: click !== null && modal !== null ? round(modal - click) : null,
      list: click !== null && list !== null ? round(list - click) : null,
      blocked,
      quietMs,
      errors,
    }
  } catch (error) {
    return { button: null, modal: null, list: null, blocked, quietMs, errors: [...errors, error instanceof Error ? error.message.split('\n')[0]! : String(error)] }
  } finally {
    await context.close()
  }
}

/**
 * How long a new window rests on about:blank before the app's navigation. For about a second after
 * a window opens, headless Chromium loads its own browser pages for it (the omnibox pop-up, in
 * WebUI: some 40 scripts, traced on Chromium 156) in another renderer, on the same 2 cores as the
 * page. Navigating at once timed that start-up along with the app: React alone's button moved
 * from 290 to 600 ms from run to run, and it passed 1.5 s later at 170 to 200 ms. A person's
 * browser window is open long before they load a page, so the bench times the page alone.
 */
export const WINDOW_SETTLE_MS = 1_500

/**
 * A new page in `context` that has waited out Chromium's own start-up of its window (see
 * WINDOW_SETTLE_MS), then for a quiet machine (waitForQuietMachine); `quietMs` is that last wait.
 */
export async function settledPage(context: BrowserContext): Promise<{ page: Page; quietMs: number }> {
  const page = await context.newPage()
  await page.goto('about:blank')
  await page.waitForTimeout(WINDOW_SETTLE_MS)
  return { page, quietMs: Math.round(await waitForQuietMachine()) }
}

/** The host a request went to (for the notes), or the URL's start when it has none. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url.slice(0, 40)
  } catch {
    return url.slice(0, 40)
  }
}

const round = (ms: number): number => Math.round(ms * 10) / 10

/** The median of the measured values (nulls left out); null when there are none. */
export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : round((sorted[mid - 1]! + sorted[mid]!) / 2)
}
