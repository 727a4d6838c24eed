// `npm run bench`: sizes, browser timings and core numbers of Airlock next to AppKit, RainbowKit
// and ConnectKit (issues 7 and 12), printed as one table and written to tests/bench/results/.
// What is measured is what users install and build: Airlock's `npm pack` tarball, installed like
// each peer kit into its own project, every app built by Vite 8 and by esbuild.
//   npm run bench                       everything: about 6 min (packs Airlock; the first run also installs each app, ~2 min more)
//   npm run bench -- --check            also exit 1 when a budget fails
//   npm run bench -- --runs 7           speed runs per build (default 9, at least 7 for the results)
//   npm run bench -- --only size,core   a subset of size, speed, core, walletconnect, siwx (nothing is written)
//   npm run bench -- --no-peers         Airlock and the baseline only (nothing is written)
//   npm run bench -- --tools vite       one bundler only (nothing is written)
//   npm run bench -- --tarball x.tgz    Airlock from that tarball instead of packing this checkout (nothing is written)
import { cpus, loadavg } from 'node:os'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { version as esbuildVersion } from 'esbuild'
import { packAirlock } from '../hosts/hostApps.js'
import { AIRLOCK_TARBALL, BENCH_APPS, TOOL_LABELS, TOOLS, VITE_PACKAGES, type BenchApp, type BenchTool } from './apps.js'
import { assertInside, assertProduction, BENCH_BUILD_OPTIONS, buildApp, buildWithVite, esbuildIndexHtml, ROOT, type BuiltApp } from './bundle.js'
import { CORE_ROUNDS, measureCore, type CoreResult } from './core.js'
import { CACHE_DIR, ensureInstall, type AppInstall } from './peers.js'
import { budgetLines, checkBudgets, compactJson, markdown, table, textTable, type AppSize, type BenchResults } from './report.js'
import { QUIET_MAX_MS, QUIET_WINDOW_MS } from './quietMachine.js'
import { measureSpeed, WINDOW_SETTLE_MS, type SpeedResult } from './speed.js'
import { measureSiwx, type SiwxBenchRow } from './siwxVerify.js'
import { measureWalletConnect, walletConnectEntry, type WalletConnectResult } from './walletConnect.js'

const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    runs: { type: 'string', default: '9' },
    only: { type: 'string' },
    tools: { type: 'string', default: TOOLS.join(',') },
    tarball: { type: 'string' },
    'no-peers': { type: 'boolean', default: false },
    'hover-ms': { type: 'string', default: '100' },
  },
})
const PARTS = ['size', 'speed', 'core', 'walletconnect', 'siwx']
const parts = new Set((args.only ?? PARTS.join(',')).split(',').map((part) => part.trim()))
const tools = TOOLS.filter((tool) => args.tools.split(',').map((t) => t.trim()).includes(tool))
const runs = Number(args.runs)
const hoverMs = Number(args['hover-ms'])
/** The WalletConnect timing's runs per build: --runs, at least 5. */
const walletConnectRuns = Math.max(runs, 5)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${args.runs}`)
if (tools.length === 0) throw new Error(`--tools must name ${TOOLS.join(' and/or ')}, got ${args.tools}`)
const log = (line: string) => console.log(line)
/**
 * Cold loads a round of React alone and Airlock (the pair the button budget compares): their
 * paired median at 18 loads a build moved by ±4 ms from one complete run to the next.
 */
const PAIR_REPEAT = 3
const started = performance.now()
const phases: Record<string, number> = {}
const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const at = performance.now()
  try {
    return await work()
  } finally {
    phases[name] = (phases[name] ?? 0) + (performance.now() - at)
  }
}
const apps = BENCH_APPS.filter((app) => !args['no-peers'] || !app.peer)
// The WalletConnect timing needs Airlock's install only.
const builtApps = parts.has('size') || parts.has('speed') ? apps : parts.has('walletconnect') ? apps.filter((app) => app.id === 'airlock') : []
const complete = !args['no-peers'] && PARTS.every((part) => parts.has(part)) && runs >= 7 && tools.length === TOOLS.length && !args.tarball

// 1. Installs: Airlock from this run's `npm pack` tarball, the baseline and the peers at their pins,
//    Vite in each (in parallel; each folder reused while its packages stay the same).
const installs = new Map<BenchApp['id'], AppInstall>()
let tarballName: string | undefined
if (builtApps.length > 0) {
  await phase('pack and install', async () => {
    const packed = (async () => {
      const at = performance.now()
      if (!args.tarball) log('packing Airlock (npm pack, which builds it)')
      const tarball = args.tarball ? resolve(args.tarball) : await packAirlock()
      // Our own copy at once: the hosts test packs into the same folder.
      mkdirSync(CACHE_DIR, { recursive: true })
      const copy = join(CACHE_DIR, AIRLOCK_TARBALL)
      copyFileSync(tarball, copy)
      tarballName = tarball.slice(tarball.lastIndexOf('/') + 1)
      if (!args.tarball) log(`packed ${tarballName} in ${((performance.now() - at) / 1000).toFixed(1)} s`)
      return copy
    })()
    // Settled, not raced: a failure (say the pack's build) must not leave other npm installs running on after we exit.
    const settled = await Promise.allSettled(
      builtApps.map(async (app) => {
        const needsTarball = app.id === 'airlock'
        const install = await ensureInstall(app, { ...(needsTarball ? { tarball: await packed } : {}), log })
        log(`${app.label}: ${install.reused ? 'reused' : 'installed'} in ${(install.ms / 1000).toFixed(1)} s`)
        installs.set(app.id, install)
      }),
    )
    const failure = settled.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
  })
}

// 2. Every app built by each tool, from its own folder: esbuild with the bench settings, Vite with a host's config.
//    The WalletConnect timing's app (tests/bench/apps/airlock-wc.tsx) is built from Airlock's folder, in no size row.
const builds = new Map<`${BenchApp['id']}/${BenchTool}`, BuiltApp>()
const walletConnectBuilds = new Map<BenchTool, BuiltApp>()
const buildOne = async (tool: BenchTool, label: string, install: AppInstall, entry: string): Promise<BuiltApp> => {
  let app: BuiltApp
  if (tool === 'esbuild') {
    app = await buildApp({ entry, absWorkingDir: install.dir })
    app.files.set('/index.html', new TextEncoder().encode(esbuildIndexHtml(label, app.files)))
  } else {
    app = await buildWithVite({ dir: install.dir, entry, title: label })
  }
  assertProduction(`${label} (${TOOL_LABELS[tool]})`, app.files)
  assertInside(`${label} (${TOOL_LABELS[tool]})`, install.dir, app)
  log(`built ${label} with ${TOOL_LABELS[tool]} in ${Math.round(app.buildMs)} ms: ${app.report.chunks.length} JS files`)
  return app
}
if (builtApps.length > 0) {
  await phase('builds', async () => {
    for (const tool of tools) {
      if (parts.has('size') || parts.has('speed')) for (const app of apps) builds.set(`${app.id}/${tool}`, await buildOne(tool, app.label, installs.get(app.id)!, installs.get(app.id)!.entry))
      if (parts.has('walletconnect')) {
        const install = installs.get('airlock')!
        walletConnectBuilds.set(tool, await buildOne(tool, 'Airlock (WalletConnect relay on 127.0.0.1)', install, walletConnectEntry(install.dir)))
      }
    }
  })
}
const size: AppSize[] | undefined = parts.has('size') ? tools.flatMap((tool) => apps.map((app) => ({ id: app.id, tool, report: builds.get(`${app.id}/${tool}`)!.report }))) : undefined

// 3. The core, before the browser: right after Chromium's processes exit, this 2-core machine
//    measured the first throughput rounds a third lower.
let core: CoreResult | undefined
if (parts.has('core')) {
  log('core: store throughput, replay, heap')
  core = await phase('core', () => measureCore(log))
}

// 3b. Sign-in verifications on the server (issue 19), also before the browser.
let siwx: SiwxBenchRow[] | undefined
if (parts.has('siwx')) {
  log('siwx: sign-in verifications per second, memory and Redis nonce stores')
  siwx = await phase('siwx', () => measureSiwx(log))
}

// 4. Speed in headless Chromium: every build of every app, interleaved.
let speed: SpeedResult[] | undefined
if (parts.has('speed')) {
  log(`speed: ${runs} interleaved runs per build and variant (${apps.length} apps × ${tools.length} tools; React alone and Airlock ${PAIR_REPEAT - 1} more cold loads a round), fresh context each`)
  const targets = tools.flatMap((tool) => apps.map((app) => ({ app, tool, files: builds.get(`${app.id}/${tool}`)!.files, ...(app.peer ? {} : { repeat: PAIR_REPEAT }) })))
  speed = await phase('speed', () => measureSpeed(targets, { runs, hoverMs, log }))
}

// 5. WalletConnect in headless Chromium: press → QR code with the dev stack's relay on 127.0.0.1.
let walletConnect: WalletConnectResult[] | undefined
if (parts.has('walletconnect')) {
  log(`walletconnect: ${walletConnectRuns} interleaved runs per build (Airlock × ${tools.length} tools), fresh context each, a relay on 127.0.0.1`)
  walletConnect = await phase('walletconnect', () => measureWalletConnect(tools.map((tool) => ({ tool, files: walletConnectBuilds.get(tool)!.files })), { runs: walletConnectRuns, log }))
}

const notes: string[] = []
for (const result of speed ?? []) {
  const app = apps.find((a) => a.id === result.app)!
  const name = `${app.label} (${TOOL_LABELS[result.tool]})`
  if (result.median.list === null) notes.push(`${name}: the announced EIP-6963 "Bench Wallet" never showed in its modal offline, so "wallet list" is not measured for it.`)
  const all = [...result.runs.cold, ...result.runs.hover]
  const failed = all.filter((r) => r.errors.length > 0).length
  // The first window is always waited (plus a timer's slack); only longer waits say the machine was busy.
  const waits = all.map((r) => r.quietMs).filter((ms) => ms > QUIET_WINDOW_MS + 50)
  if (waits.length > 0) notes.push(`${name}: ${waits.length} of ${all.length} loads waited past the first ${QUIET_WINDOW_MS} ms for a quiet machine (the longest ${Math.max(...waits)} ms${waits.some((ms) => ms >= QUIET_MAX_MS) ? `, at the ${QUIET_MAX_MS / 1000} s cap` : ''}).`)
  if (failed > 0) notes.push(`${name}: ${failed} of ${all.length} runs reported errors (${[...new Set(all.flatMap((r) => r.errors))].slice(0, 3).join('; ')}).`)
  if (result.blockedHosts.length > 0) notes.push(`${name} tried (blocked): ${result.blockedHosts.slice(0, 12).join(', ')}${result.blockedHosts.length > 12 ? ` and ${result.blockedHosts.length - 12} more` : ''}.`)
}
for (const result of walletConnect ?? []) {
  const name = `Airlock (${TOOL_LABELS[result.tool]}), WalletConnect`
  const failed = result.runs.filter((r) => r.errors.length > 0)
  if (failed.length > 0) notes.push(`${name}: ${failed.length} of ${result.runs.length} runs reported errors (${[...new Set(failed.flatMap((r) => r.errors))].slice(0, 3).join('; ')}).`)
  if (result.blockedHosts.length > 0) notes.push(`${name} tried (blocked): ${result.blockedHosts.slice(0, 12).join(', ')}${result.blockedHosts.length > 12 ? ` and ${result.blockedHosts.length - 12} more` : ''}.`)
}
for (const { id, tool, report } of size ?? []) if (report.cssGzip > 0) notes.push(`${apps.find((a) => a.id === id)!.label} (${TOOL_LABELS[tool]}) also ships ${(report.cssGzip / 1024).toFixed(1)} KB gzip of CSS (not counted above).`)
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`

const results: BenchResults = {
  date: new Date().toISOString(),
  setup: {
    packages: `each app is its own npm project under .cache/bench/apps/ (exact versions, no lockfile; versions below): the baseline React 19.3.1 alone; Airlock the \`npm pack\` tarball of this checkout (${tarballName ?? 'airlock-kit'}, built by prepack) as file:./${AIRLOCK_TARBALL}, with React 19.3.1, imported as \`airlock-kit\` and \`airlock-kit/react\`; each peer its kit at its pins. Every project also has ${Object.entries(VITE_PACKAGES).map(([n, v]) => `${n}@${v}`).join(' and ')}`,
    tools: `every app built by each of ${tools.map((tool) => TOOL_LABELS[tool]).join(' and ')} from its own project; child builds and installs run without NODE_ENV (production), and a build holding React's development code is refused`,
    vite: `${VITE_PACKAGES.vite}, @vitejs/plugin-react ${VITE_PACKAGES['@vitejs/plugin-react']}: a generated index.html (one module script: the app) and vite.config.mjs { plugins: [react()] } (plus a plugin that only records each chunk's modules), \`vite build\`, all else Vite's defaults (production, minified, its own chunking and module preloads)`,
    esbuild: `${esbuildVersion} (the project's, JS API): ${JSON.stringify({ ...BENCH_BUILD_OPTIONS, loader: undefined, metafile: undefined, write: undefined, logLevel: undefined })}`,
    gzip: "zlib level 9 per file; KB = 1024 bytes; JavaScript only. Initial: esbuild, the entry + static imports (metafile import-statement edges); Vite, the built index.html's entry script + its modulepreload links (as tests/hosts/hostApps.ts)",
    browser: `Debian Chromium, headless, via playwright-core; a fresh browser each round (its first load untimed), a fresh context per run, its new window left ${WINDOW_SETTLE_MS / 1000} s on about:blank (Chromium loads the window's own omnibox pages meanwhile, on the same cores), then the navigation waits until the machine was quiet for ${QUIET_WINDOW_MS} ms (at most 10% of all cores busy; at most ${QUIET_MAX_MS / 1000} s: Chromium tears the last page down after its context closed); one warm-up per build; builds interleaved; 1280×800`,
    network: "each build from its own 127.0.0.1 static server (esbuild's with a generated index.html, Vite's with its own); every other host failing at DNS (--host-resolver-rules); requests listened to, not intercepted",
    timing: "page clock: performance.now() (0 = navigation start) and the click event's timeStamp; visible = rendered, not visibility:hidden, non-empty box; checked after every DOM mutation batch (document and all shadow roots) and every frame",
    wallet: 'one EIP-6963 wallet ("Bench Wallet") announced by an init script in every page',
    click: `"click": pointer moves onto the button and presses at once; "hover, then click": it rests ${hoverMs} ms first (Airlock prefetches its modal on pointer enter)`,
    runs: `${runs} per build per variant, and for React alone and Airlock ${PAIR_REPEAT - 1} more cold loads a round (${runs * (PAIR_REPEAT + 1)} loads a build, ${runs * PAIR_REPEAT} cold); medians, navigation → button over every load; Airlock's button over React alone: the median of each Airlock load minus React alone's in the same round, variant and pass`,
    walletconnect: `Airlock only, tests/bench/apps/airlock-wc.tsx (airlock.tsx with \`relayUrl\` from the page's ?relay=), built from Airlock's project by each tool; the dev stack's relay (examples/devnet/relay.ts) on 127.0.0.1; per run, a fresh context: click "Connect Wallet", wait for "WalletConnect QR code", 1.5 s of reading (the pairing is made ahead 300 ms after the modal opens), press it; pointerdown's timeStamp to [data-airlock="walletconnect-qr"][data-uri] in the modal's shadow root (checked after every DOM mutation batch and every frame); median of ${walletConnectRuns} per build after one warm-up`,
    siwx: 'Node, one thread: createSiwxVerifier({ nonces }) from source; per chain (EVM personal_sign, Solana ed25519, Bitcoin BIP-322 P2WPKH) and nonce store (createMemoryNonceStore; createRedisNonceStore on a redis-server on 127.0.0.1, node-redis client), 1,000 messages signed ahead, each with a nonce the store issued, verified 16 in flight after 20 warm-up; every one accepted',
    core: `Node, createAirlock (from source) with default options (dev checks on) and every epic, memory storage, a 204 collector; throughput median of ${CORE_ROUNDS} × 100,000 actions after 30,000 of warm-up (and of ${CORE_ROUNDS} with 10, 50, 200 more idle epics); replay median of 5 from the JSON string, in a fresh Node process`,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')} (timings move with other work on the machine)`,
    duration: `${seconds(performance.now() - started)} in all: ${Object.entries(phases).map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')}`,
  },
  apps: apps.map((app) => ({ id: app.id, label: app.label, ...(installs.get(app.id) ? { versions: installs.get(app.id)!.versions } : {}), ...(app.note ? { note: app.note } : {}) })),
  ...(size ? { size } : {}),
  ...(speed ? { speed } : {}),
  ...(core ? { core } : {}),
  ...(walletConnect ? { walletConnect } : {}),
  ...(siwx ? { siwx } : {}),
  budgets: checkBudgets(size, speed, core, walletConnect),
  notes,
}

console.log('')
console.log(textTable(table(results)))
console.log('')
for (const line of budgetLines(results.budgets)) console.log(line)
for (const note of notes) console.log(`note: ${note}`)
console.log(`\n${results.setup.duration as string}`)
if (complete) {
  const dir = join(ROOT, 'tests', 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'bench.md'), markdown(results))
  writeFileSync(join(dir, 'bench.json'), `${JSON.stringify(compactJson(results), null, 2)}\n`)
  console.log(`\nwrote tests/bench/results/bench.md and bench.json (${seconds(performance.now() - started)})`)
} else {
  console.log(`\npartial run (--only, --no-peers, --tools, --tarball or fewer than 7 runs): results not written (${seconds(performance.now() - started)})`)
}
if (args.check) {
  const failed = results.budgets.filter((b) => b.pass === false)
  if (failed.length > 0) {
    console.error(`\nbudget check failed: ${failed.map((b) => `${b.name} ${b.actual} (budget ${b.limit})`).join('; ')}`)
    process.exitCode = 1
  } else console.log('\nbudget check passed')
}
