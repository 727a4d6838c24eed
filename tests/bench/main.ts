// `npm run bench`: sizes, browser timings and core numbers of Airlock next to AppKit, RainbowKit
// and ConnectKit (issue #7), printed as one table and written to tests/bench/results/.
//   npm run bench                       everything (installs the peers once, ~1 min)
//   npm run bench -- --check            also exit 1 when a budget fails
//   npm run bench -- --runs 7           speed runs per app (default 9, at least 7 for the results)
//   npm run bench -- --only size,core   a subset (nothing is written)
//   npm run bench -- --no-peers         Airlock and the baseline only (nothing is written)
import { cpus, loadavg } from 'node:os'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { version as esbuildVersion } from 'esbuild'
import { BENCH_APPS, type BenchApp } from './apps.js'
import { airlockSourcePlugin, BENCH_BUILD_OPTIONS, buildApp, ROOT, type BuiltApp } from './bundle.js'
import { measureCore, type CoreResult } from './core.js'
import { ensurePeer, type PeerInstall } from './peers.js'
import { budgetLines, checkBudgets, compactJson, markdown, table, textTable, type AppSize, type BenchResults } from './report.js'
import { measureSpeed, type SpeedResult } from './speed.js'

const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    runs: { type: 'string', default: '9' },
    only: { type: 'string' },
    'no-peers': { type: 'boolean', default: false },
    'hover-ms': { type: 'string', default: '100' },
  },
})
const parts = new Set((args.only ?? 'size,speed,core').split(',').map((part) => part.trim()))
const runs = Number(args.runs)
const hoverMs = Number(args['hover-ms'])
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${args.runs}`)
const log = (line: string) => console.log(line)
const started = performance.now()
const apps = BENCH_APPS.filter((app) => !args['no-peers'] || !app.packages)
const complete = !args['no-peers'] && parts.size === 3 && runs >= 7

// 1. Peers (parallel installs; reused when already there), then one build per app, same settings.
const installs = new Map<BenchApp['id'], PeerInstall>()
if (parts.has('size') || parts.has('speed')) {
  const peers = apps.filter((app) => app.packages)
  for (const [app, install] of await Promise.all(peers.map(async (app) => [app, await ensurePeer(app, log)] as const))) {
    installs.set(app.id, install)
    log(`${app.label}: ${install.reused ? 'reused' : 'installed'} in ${(install.ms / 1000).toFixed(1)} s`)
  }
}
const builds = new Map<BenchApp['id'], BuiltApp>()
if (parts.has('size') || parts.has('speed')) {
  for (const app of apps) {
    const install = installs.get(app.id)
    const built = install
      ? await buildApp({ entry: install.entry, absWorkingDir: install.dir })
      : await buildApp({ entry: join('tests', 'bench', 'apps', app.source), plugins: [airlockSourcePlugin()] })
    builds.set(app.id, built)
    log(`built ${app.label} in ${Math.round(built.buildMs)} ms: ${built.report.chunks.length} JS files`)
  }
}
const size: AppSize[] | undefined = parts.has('size') ? apps.map((app) => ({ id: app.id, report: builds.get(app.id)!.report })) : undefined

// 2. Speed in headless Chromium.
let speed: SpeedResult[] | undefined
if (parts.has('speed')) {
  log(`speed: ${runs} interleaved runs per app and variant, fresh context each`)
  const served = apps.map((app) => {
    const built = builds.get(app.id)!
    const css = [...built.files.keys()].filter((path) => path.endsWith('.css'))
    return { app, files: built.files, css }
  })
  speed = await measureSpeed(served, { runs, hoverMs, log })
}

// 3. The core.
let core: CoreResult | undefined
if (parts.has('core')) {
  log('core: store throughput, replay, heap')
  core = await measureCore(log)
}

const notes: string[] = []
for (const result of speed ?? []) {
  const app = apps.find((a) => a.id === result.app)!
  if (result.median.list === null) notes.push(`${app.label}: the announced EIP-6963 "Bench Wallet" never showed in its modal offline, so "wallet list" is not measured for it.`)
  const failed = [...result.runs.cold, ...result.runs.hover].filter((r) => r.errors.length > 0).length
  if (failed > 0) notes.push(`${app.label}: ${failed} of ${result.runs.cold.length * 2} runs reported errors (${[...new Set([...result.runs.cold, ...result.runs.hover].flatMap((r) => r.errors))].slice(0, 3).join('; ')}).`)
  if (result.blockedHosts.length > 0) notes.push(`${app.label} tried (blocked): ${result.blockedHosts.slice(0, 12).join(', ')}${result.blockedHosts.length > 12 ? ` and ${result.blockedHosts.length - 12} more` : ''}.`)
}
for (const { id, report } of size ?? []) if (report.cssGzip > 0) notes.push(`${apps.find((a) => a.id === id)!.label} also ships ${(report.cssGzip / 1024).toFixed(1)} KB gzip of CSS (not counted above).`)

const results: BenchResults = {
  date: new Date().toISOString(),
  setup: {
    esbuild: `${esbuildVersion}: ${JSON.stringify({ ...BENCH_BUILD_OPTIONS, loader: undefined, metafile: undefined, write: undefined, logLevel: undefined })}`,
    gzip: 'zlib level 9 per file; KB = 1024 bytes; initial = entry + static imports (metafile import-statement edges)',
    browser: 'Debian Chromium, headless, via playwright-core; fresh context per run; one warm-up per app; apps interleaved; 1280×800',
    network: 'each app from its own 127.0.0.1 static server; every other host failing at DNS (--host-resolver-rules); requests listened to, not intercepted',
    timing: "page clock: performance.now() (0 = navigation start) and the click event's timeStamp; visible = rendered, not visibility:hidden, non-empty box; checked after every DOM mutation batch (document and all shadow roots) and every frame",
    wallet: 'one EIP-6963 wallet ("Bench Wallet") announced by an init script in every page',
    click: `"click": pointer moves onto the button and presses at once; "hover, then click": it rests ${hoverMs} ms first (Airlock prefetches its modal on pointer enter)`,
    runs: `${runs} per app per variant (median)`,
    core: 'Node, createAirlock with default options (dev checks on) and every epic, memory storage, a 204 collector; throughput median of 3 × 100,000 actions; replay median of 5 from the JSON string',
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')} (timings move with other work on the machine)`,
  },
  apps: apps.map((app) => ({ id: app.id, label: app.label, ...(installs.get(app.id) ? { versions: installs.get(app.id)!.versions } : {}), ...(app.note ? { note: app.note } : {}) })),
  ...(size ? { size } : {}),
  ...(speed ? { speed } : {}),
  ...(core ? { core } : {}),
  budgets: checkBudgets(size, speed, core),
  notes,
}

console.log('')
console.log(textTable(table(results)))
console.log('')
for (const line of budgetLines(results.budgets)) console.log(line)
for (const note of notes) console.log(`note: ${note}`)
if (complete) {
  const dir = join(ROOT, 'tests', 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'bench.md'), markdown(results))
  writeFileSync(join(dir, 'bench.json'), `${JSON.stringify(compactJson(results), null, 2)}\n`)
  console.log(`\nwrote tests/bench/results/bench.md and bench.json (${((performance.now() - started) / 1000).toFixed(0)} s)`)
} else {
  console.log(`\npartial run (--only, --no-peers or fewer than 7 runs): results not written (${((performance.now() - started) / 1000).toFixed(0)} s)`)
}
if (args.check) {
  const failed = results.budgets.filter((b) => b.pass === false)
  if (failed.length > 0) {
    console.error(`\nbudget check failed: ${failed.map((b) => `${b.name} ${b.actual} (budget ${b.limit})`).join('; ')}`)
    process.exitCode = 1
  } else console.log('\nbudget check passed')
}
