// A diagnostic, not part of `npm run bench`: where navigation → visible connect button goes, for
// React alone and Airlock, per bundler, in the bench's own page (same installs, builds, probe,
// browser flags and settled window as tests/bench/speed.ts).
//   node examples/run.mjs tests/bench/buttonPath.ts                 packs this checkout
//   node examples/run.mjs tests/bench/buttonPath.ts --tarball x.tgz --runs 9
// Each load is traced (Chromium's timeline categories). Per build it prints medians of:
//   button        navigation start → the probe sees the button (tracing slows the page: compare
//                 the builds with each other, not with `npm run bench`)
//   scripts       the last initial script's response end (resource timing): the fetch waterfall
//   then the renderer main thread's self time between navigation start and the button, by trace
//   event: compile (v8.compile + v8.compileModule + parse), evaluate (module evaluation and
//   function calls: the app's code), style/layout/paint, and idle (nothing running on the thread:
//   waiting for the network or a timer)
import { parseArgs } from 'node:util'
import { join, resolve } from 'node:path'
import { copyFileSync, mkdirSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS } from '../e2e/chromium.js'
import { browserPath } from '../e2e/findBrowser.js'
import { packAirlock } from '../hosts/hostApps.js'
import { AIRLOCK_TARBALL, BENCH_APPS, BENCH_WALLET, TOOL_LABELS, TOOLS } from './apps.js'
import { serveBuild } from './serveBuild.js'
import { installProbe, type ProbeConfig } from './pageProbe.js'
import { CACHE_DIR, ensureInstall } from './peers.js'
import { median, RESOLVER_RULES, settledPage } from './speed.js'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' }, tarball: { type: 'string' }, top: { type: 'string', default: '14' }, tools: { type: 'string', default: TOOLS.join(',') } } })
const runs = Number(args.runs)
mkdirSync(CACHE_DIR, { recursive: true })

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: { frame?: string }; frame?: string }
}

/** Self time (ms) per event name on the page's main thread between `from` and `to` (trace µs). */
function selfTimes(events: TraceEvent[], pid: number, tid: number, from: number, to: number): Map<string, number> {
  const inside = events
    .filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.dur !== undefined && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const times = new Map<string, number>()
  const stack: { end: number; name: string; self: number }[] = []
  let busyTop = 0
  const pop = () => {
    const done = stack.pop()!
    times.set(done.name, (times.get(done.name) ?? 0) + done.self / 1000)
  }
  for (const e of inside) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) pop()
    const end = Math.min(e.ts + e.dur!, to)
    if (stack.length > 0) stack[stack.length - 1]!.self -= end - e.ts
    else busyTop += end - e.ts
    stack.push({ end, name: e.name, self: end - e.ts })
  }
  while (stack.length > 0) pop()
  times.set('(idle)', (to - from - busyTop) / 1000)
  return times
}

const GROUPS: Record<string, string[]> = {
  compile: ['v8.compile', 'v8.compileModule', 'v8.parseOnBackground', 'V8.ParseFunction', 'v8.produceModuleCache', 'v8.produceCache'],
  evaluate: ['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'v8.callFunction', 'RunMicrotasks', 'TimerFire', 'EventDispatch', 'V8.GC_SCAVENGER', 'MinorGC', 'MajorGC', 'V8.GCScavenger'],
  render: ['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation'],
}

async function load(browser: Browser, url: string): Promise<{ button: number; scripts: number; times: Map<string, number> } | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
  try {
    const app = BENCH_APPS.find((a) => a.id === 'airlock')!
    const probe: ProbeConfig = { wallet: { ...BENCH_WALLET }, button: app.probes.button, modal: app.probes.modal }
    await context.addInitScript(installProbe, probe)
    await context.addInitScript(() => {
      const ready = setInterval(() => {
        if (!window.__bench) return
        clearInterval(ready)
        void window.__bench.button.then((at) => at !== null && performance.mark('bench-button', { startTime: at }))
      }, 0)
    })
    const { page } = await settledPage(context)
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'loading'] })
    await page.goto(url, { waitUntil: 'commit' })
    const button = await page.evaluate(() => window.__bench!.button)
    if (button === null) return null
    await page.waitForTimeout(300)
    const scripts = await page.evaluate(() =>
      Math.max(0, ...performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js') && r.startTime < (performance.getEntriesByName('bench-button')[0]?.startTime ?? Infinity)).map((r) => (r as PerformanceResourceTiming).responseEnd)),
    )
    const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
    const mark = events.find((e) => e.name === 'bench-button')
    const nav = events.filter((e) => e.name === 'navigationStart' && mark && e.pid === mark.pid).sort((a, b) => b.ts - a.ts).find((e) => e.ts <= mark!.ts)
    if (!mark || !nav) return null
    const main = events.find((e) => e.name === 'thread_name' && e.pid === mark.pid && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain')
    const times = selfTimes(events, mark.pid, main?.tid ?? mark.tid, nav.ts, mark.ts)
    return { button, scripts, times }
  } finally {
    await context.close()
  }
}

const browser = await chromium.launch({ executablePath: await browserPath(), args: [...CHROMIUM_ARGS, RESOLVER_RULES], headless: true })
try {
  const tarball = join(CACHE_DIR, AIRLOCK_TARBALL)
  copyFileSync(args.tarball ? resolve(args.tarball) : await packAirlock(), tarball)
  const targets: { key: string; url: string; close: () => Promise<void> }[] = []
  for (const app of BENCH_APPS.filter((a) => !a.peer)) {
    const install = await ensureInstall(app, { tarball, log: console.log })
    for (const tool of TOOLS.filter((t) => args.tools.split(',').includes(t))) {
      const { url, server } = await serveBuild(app, install, tool)
      targets.push({ key: `${app.label}, ${TOOL_LABELS[tool]}`, url, close: () => server.close() })
    }
  }
  const results = new Map(targets.map(({ key }) => [key, [] as { button: number; scripts: number; times: Map<string, number> }[]]))
  for (const { url } of targets) await load(browser, url) // warm-up
  for (let round = 0; round < runs; round++) {
    for (const { key, url } of targets) {
      const run = await load(browser, url)
      if (run) results.get(key)!.push(run)
      else console.log(`  ${key} round ${round + 1}: no button`)
    }
  }
  const m = (values: number[]) => median(values.map((v) => Math.round(v * 10) / 10)) ?? NaN
  console.log(`\nNavigation → visible button, traced, medians of ${runs} runs (ms)`)
  console.log(['', 'button', 'scripts', 'compile', 'evaluate', 'render', 'idle'].map((k, i) => (i === 0 ? k.padEnd(22) : k.padStart(9))).join(''))
  for (const { key } of targets) {
    const list = results.get(key)!
    const group = (names: string[]) => m(list.map((r) => names.reduce((sum, name) => sum + (r.times.get(name) ?? 0), 0)))
    console.log([key.padEnd(22), m(list.map((r) => r.button)), m(list.map((r) => r.scripts)), group(GROUPS.compile!), group(GROUPS.evaluate!), group(GROUPS.render!), group(['(idle)'])].map((v, i) => (i === 0 ? v : String(v).padStart(9))).join(''))
  }
  for (const { key } of targets) {
    const names = new Map<string, number>()
    const list = results.get(key)!
    for (const run of list) for (const [name, ms] of run.times) names.set(name, (names.get(name) ?? 0) + ms / list.length)
    console.log(`\n${key}: mean self time per trace event before the button (ms)`)
    for (const [name, ms] of [...names].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) console.log(`  ${ms.toFixed(2).padStart(7)}  ${name}`)
  }
  await Promise.all(targets.map((t) => t.close()))
} finally {
  await browser.close()
}
