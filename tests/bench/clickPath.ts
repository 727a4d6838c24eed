// A diagnostic, not part of `npm run bench`: where Airlock's click → visible modal goes, per
// bundler, in the bench's own page (same install, builds, probe, browser flags and click).
//   node examples/run.mjs tests/bench/clickPath.ts                 packs this checkout
//   node examples/run.mjs tests/bench/clickPath.ts --tarball x.tgz --runs 15
//   node examples/run.mjs tests/bench/clickPath.ts --tarball a.tgz --tarball b.tgz --runs 15
//                  A/B: each tarball installed and built in turn, then measured interleaved
//                  (a/vite, a/esbuild, b/vite, b/esbuild, a/vite, …) in one browser
// The click path is split on the page's clock by an init script that runs before the app:
//   event          click event created (its timeStamp) → the first window capture listener
//   handler        → React's render starts (the first queueMicrotask callback after the click:
//                    React schedules its sync render there): React's event dispatch, onClick,
//                    airlock.open(), the store's dispatch and the epics it reaches synchronously
//   react          → the first DOM mutation batch is delivered (a MutationObserver made before the
//                    app's): React's render and commit (the dialog's <Activity> turns visible, its
//                    layout and passive effects run), split into
//     commit         → the first HTMLElement#focus call: render, DOM mutations, layout effects before it
//     focus          time inside focus() (the dialog's focus on open: it forces style and layout of the
//                    just-revealed dialog, work a paint would otherwise do after the click)
//     effects        → the mutation batch: layout effects after focus, passive effects, other
//                    microtasks; "fetch" is the synchronous part of fetch() calls made in "react"
//   probe          → the bench probe sees the dialog visible (its own checks)
// Each run also closes the modal (Escape) and opens it again after 1 s: "reopen" is that second
// click → visible, with the same split.
//   --trace        also records a Chromium trace of each first click and prints, averaged over the
//                  runs, the self time per trace event in the task that dispatches the click (style
//                  recalc, layout, scripts, …): where "react" goes. Tracing slows the page: its
//                  totals are not comparable with untraced runs
//   --warm-fonts   an experiment: before the first click, lay out text off-screen in the modal's
//                  font stack (system-ui …) at weights 400 to 700, so the first open no longer pays
//                  for the first use of those faces (the page itself never uses them before)
import { parseArgs } from 'node:util'
import { join, resolve } from 'node:path'
import { copyFileSync, mkdirSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS } from '../e2e/chromium.js'
import { browserPath } from '../e2e/findBrowser.js'
import { packAirlock } from '../hosts/hostApps.js'
import { AIRLOCK_TARBALL, BENCH_APPS, BENCH_WALLET, TOOL_LABELS, TOOLS, type BenchTool } from './apps.js'
import { serveBuild } from './serveBuild.js'
import { installProbe, type ProbeConfig } from './pageProbe.js'
import { CACHE_DIR, ensureInstall } from './peers.js'
import { median, settledPage } from './speed.js'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '11' }, tarball: { type: 'string', multiple: true }, 'warm-fonts': { type: 'boolean', default: false }, trace: { type: 'boolean', default: false } } })
const runs = Number(args.runs)
const app = BENCH_APPS.find((a) => a.id === 'airlock')!
mkdirSync(CACHE_DIR, { recursive: true })
const tarball = join(CACHE_DIR, AIRLOCK_TARBALL)
const sources = args.tarball?.length ? args.tarball.map((t) => resolve(t)) : [await packAirlock()]
const variantOf = (source: string) => (sources.length > 1 ? source.slice(source.lastIndexOf('/') + 1).replace(/\.tgz$/, '') : '')

interface Split {
  total: number
  event: number
  handler: number
  fetch: number
  react: number
  commit: number
  focus: number
  effects: number
  probe: number
}

declare global {
  interface Window {
    __path?: { armed: boolean; click: number | null; capture: number | null; microtask: number | null; focusAt: number | null; mutation: number | null; focus: number; fetch: number; fetches: string[] }
  }
}

/** Runs before the app and before the probe: timings of the click path (see the top of this file). */
function instrument(): void {
  const path = { armed: false, click: null as number | null, capture: null as number | null, microtask: null as number | null, focusAt: null as number | null, mutation: null as number | null, focus: 0, fetch: 0, fetches: [] as string[] }
  window.__path = path
  window.addEventListener('click', (event) => {
    if (!path.armed || path.capture !== null) return
    path.click = event.timeStamp
    path.capture = performance.now()
  }, { capture: true })
  const queue = window.queueMicrotask.bind(window)
  window.queueMicrotask = (callback) =>
    queue(() => {
      if (path.armed && path.capture !== null && path.microtask === null) path.microtask = performance.now()
      callback()
    })
  const observer = new MutationObserver(() => {
    if (path.armed && path.capture !== null && path.mutation === null) path.mutation = performance.now()
  })
  const observe = (node: Node) => observer.observe(node, { subtree: true, childList: true, attributes: true, characterData: true })
  observe(document)
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init)
    observe(root)
    return root
  }
  const focus = HTMLElement.prototype.focus
  HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
    const at = performance.now()
    if (path.armed && path.microtask !== null && path.focusAt === null) path.focusAt = at
    try {
      focus.call(this, options)
    } finally {
      if (path.armed && path.capture !== null) path.focus += performance.now() - at
    }
  }
  const fetch = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const at = performance.now()
    try {
      return fetch(input, init)
    } finally {
      // Only those made while React renders and commits the open modal.
      if (path.armed && path.microtask !== null && path.mutation === null) {
        path.fetch += performance.now() - at
        path.fetches.push(String(input instanceof Request ? input.url : input).slice(0, 80))
      }
    }
  }
}

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: { type?: string } }
}

/** Self time (ms) per event name in the renderer task that dispatched the click. */
function clickTaskSelfTimes(trace: Buffer): Map<string, number> {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')
  const times = new Map<string, number>()
  if (!click) return times
  const thread = events.filter((e) => e.ph === 'X' && e.pid === click.pid && e.tid === click.tid && e.dur !== undefined)
  const task = thread.filter((e) => e.ts <= click.ts && e.ts + e.dur! >= click.ts).sort((a, b) => b.dur! - a.dur!)[0]
  if (!task) return times
  const inside = thread.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const stack: { end: number; name: string; self: number }[] = []
  const pop = () => {
    const done = stack.pop()!
    times.set(done.name, (times.get(done.name) ?? 0) + done.self / 1000)
  }
  for (const e of inside) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) pop()
    if (stack.length > 0) stack[stack.length - 1]!.self -= e.dur!
    stack.push({ end: e.ts + e.dur!, name: e.name, self: e.dur! })
  }
  while (stack.length > 0) pop()
  times.set('(task total)', task.dur! / 1000)
  return times
}

const traced: Map<string, number>[] = []

async function measure(browser: Browser, url: string): Promise<{ first: Split; again: Split; fetches: string[] } | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
  try {
    await context.addInitScript(instrument)
    const probe: ProbeConfig = { wallet: { ...BENCH_WALLET }, button: app.probes.button, modal: app.probes.modal }
    await context.addInitScript(installProbe, probe)
    const { page } = await settledPage(context)
    await page.goto(url, { waitUntil: 'commit' })
    if ((await page.evaluate(() => window.__bench!.button)) === null) return null
    await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => {})
    let first: { split: Split; fetches: string[] } | null = null
    const click = async (): Promise<{ split: Split; fetches: string[] } | null> => {
      const center = await page.evaluate(() => window.__bench!.center())
      if (!center) return null
      await page.mouse.move(center.x, center.y)
      await page.evaluate(() => Object.assign(window.__path!, { armed: true, click: null, capture: null, microtask: null, focusAt: null, mutation: null, focus: 0, fetch: 0, fetches: [] }))
      await page.evaluate((timeout) => window.__bench!.arm(timeout), 5_000)
      const tracing = args.trace && !first
      if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'fonts'] })
      await page.mouse.down()
      await page.mouse.up()
      const { modal } = await page.evaluate(() => window.__bench!.clicked!)
      if (tracing) traced.push(clickTaskSelfTimes(await browser.stopTracing()))
      const p = await page.evaluate(() => ({ ...window.__path!, armed: false }))
      await page.evaluate(() => void (window.__path!.armed = false))
      if (modal === null || p.click === null || p.capture === null || p.microtask === null || p.mutation === null) return null
      const focusAt = p.focusAt ?? p.mutation
      return {
        split: {
          total: modal - p.click,
          event: p.capture - p.click,
          handler: p.microtask - p.capture,
          fetch: p.fetch,
          react: p.mutation - p.microtask,
          commit: focusAt - p.microtask,
          focus: p.focus,
          effects: p.mutation - focusAt - p.focus,
          probe: modal - p.mutation,
        },
        fetches: p.fetches,
      }
    }
    if (args['warm-fonts']) {
      await page.evaluate(() => {
        const stack = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" // react/modal/styles.ts
        const warm = document.createElement('div')
        warm.style.cssText = 'position:absolute;left:-9999px;top:0'
        warm.innerHTML = ['400', '500', '600', '700'].flatMap((weight) => ['12px', '14px', '16px'].map((size) => `<p style="font:${weight} ${size}/1.4 ${stack}">Connect Wallet 0123</p>`)).join('')
        document.body.appendChild(warm)
        warm.getBoundingClientRect()
      })
      await page.waitForTimeout(200)
    }
    first = await click()
    if (!first) return null
    await page.keyboard.press('Escape')
    await page.mouse.move(10, 10)
    await page.waitForTimeout(1_000)
    const again = await click()
    if (!again) return null
    return { first: first.split, again: again.split, fetches: first.fetches }
  } finally {
    await context.close()
  }
}

const browser = await chromium.launch({ executablePath: await browserPath(), args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'], headless: true })
try {
  const targets: { key: string; tool: BenchTool; url: string; close: () => Promise<void> }[] = []
  for (const source of sources) {
    copyFileSync(source, tarball)
    const install = await ensureInstall(app, { tarball, log: console.log })
    for (const tool of TOOLS) {
      const { url, server } = await serveBuild(app, install, tool)
      targets.push({ key: [variantOf(source), TOOL_LABELS[tool]].filter(Boolean).join(' '), tool, url, close: () => server.close() })
    }
  }
  const results = new Map(targets.map(({ key }) => [key, { first: [] as Split[], again: [] as Split[], fetches: new Set<string>() }]))
  for (const { url } of targets) await measure(browser, url) // warm-up
  for (let round = 0; round < runs; round++) {
    for (const { key, url } of targets) {
      const run = await measure(browser, url)
      if (!run) {
        console.log(`  ${key} round ${round + 1}: no modal`)
        continue
      }
      results.get(key)!.first.push(run.first)
      results.get(key)!.again.push(run.again)
      for (const f of run.fetches) results.get(key)!.fetches.add(f)
    }
  }
  const keys: (keyof Split)[] = ['total', 'event', 'handler', 'react', 'commit', 'focus', 'effects', 'fetch', 'probe']
  console.log(`\nAirlock, click → visible modal, medians of ${runs} runs${args['warm-fonts'] ? ', fonts warmed first' : ''} (ms; commit + focus + effects = react; "fetch" is inside "react")`)
  const width = Math.max(22, ...targets.map(({ key }) => key.length + 13))
  console.log(['', ...keys].map((k, i) => (i === 0 ? k.padEnd(width) : k.padStart(8))).join(''))
  for (const { key } of targets) {
    const { first, again, fetches } = results.get(key)!
    for (const [label, list] of [['first open', first], ['reopen', again]] as const) {
      console.log([`${key}, ${label}`.padEnd(width), ...keys.map((k) => `${median(list.map((s) => Math.round(s[k] * 10) / 10))}`.padStart(8))].join(''))
    }
    console.log(`  fetch() calls while React renders the first open (${key}): ${[...fetches].join(', ') || 'none'}`)
  }
  if (traced.length > 0) {
    // Runs go round the targets, so with several targets this mixes them: trace one at a time.
    const names = new Map<string, number>()
    for (const times of traced) for (const [name, ms] of times) names.set(name, (names.get(name) ?? 0) + ms / traced.length)
    console.log(`\nThe click's task in ${traced.length} traced first opens, mean self time per event (ms):`)
    for (const [name, ms] of [...names].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${ms.toFixed(2).padStart(7)}  ${name}`)
  }
  await Promise.all(targets.map((t) => t.close()))
} finally {
  await browser.close()
}
