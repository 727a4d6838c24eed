import { isDeepStrictEqual, promisify } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { join } from 'node:path'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
// @ts-expect-error: a plain ESM helper shared with `npm start`, no declarations.
import { bundleForNode } from '../../examples/bundleForNode.mjs'
import { ROOT } from './bundle.js'
import { ignoreElements } from 'rxjs'
import { createAirlock, mainnet, ofType, replay, type Action, type Airlock, type AirlockDeps, type AirlockState, type Epic } from '../../core/index.js'
import { createStorage } from '../../storage/createStorage.js'
import { BENCH_WALLET } from './apps.js'

export interface CoreResult {
  /** Actions dispatched per second through `createAirlock` with every epic running (median of CORE_ROUNDS = 5, after WARM_UP actions). */
  readonly actionsPerSecond: number
  /** `replay()` of an exported log of 100,000 entries, JSON string in (median of 5, ms). */
  readonly replayMs: number
  readonly replayEntries: number
  /** Heap growth over the first 100,000 actions after warm-up, and over the next 100,000 (bytes, after GC). */
  readonly heapGrowth: { readonly first: number; readonly second: number; readonly logSize: number }
  /**
   * Throughput with 10, 50 and 200 extra epics, each waiting for a type nobody dispatches (median
   * of 3): flat when actions reach only the epics that asked for their type.
   */
  readonly epicScaling: readonly { readonly epics: number; readonly actionsPerSecond: number }[]
}

/** UI and wallet-list traffic that reaches reducers, the log, `state$` and every epic, with no timers. */
const CYCLE: Action[] = [
  { type: 'modal/openRequested' },
  { type: 'router/pushRequested', view: 'AllWallets' },
  { type: 'modal/loadingChanged', loading: true },
  { type: 'modal/loadingChanged', loading: false },
  { type: 'network/activeChanged', caipNetworkId: 'eip155:1' },
  { type: 'router/backRequested' },
  { type: 'modal/closeRequested' },
]

/** A page as Airlock sees it in Node, with one announced EIP-6963 wallet. */
function benchWindow() {
  const events = new EventTarget()
  const provider = { request: async () => [], on: () => {}, removeListener: () => {} }
  const announce = () => events.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { ...BENCH_WALLET }, provider } }))
  events.addEventListener('eip6963:requestProvider', announce)
  return {
    location: { origin: 'http://127.0.0.1:5173', href: 'http://127.0.0.1:5173/', pathname: '/' },
    navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) bench' },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  }
}

/** `count` epics that each listen for their own type and never emit (hosts' own epics, say). */
function idleEpics(count: number): Record<string, Epic<Action, AirlockState, AirlockDeps>> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`idle${i}`, (action$) => action$.pipe(ofType(`bench/idle${i}` as Action['type']), ignoreElements())]))
}

/** The bench's Airlock: default options (dev checks on), memory storage, a collector that says 204. */
async function startAirlock(logSize?: number, extraEpics = 0): Promise<Airlock> {
  const fetch204: typeof fetch = async () => new Response(null, { status: 204 })
  const airlock = createAirlock({
    projectId: 'bench',
    networks: [mainnet],
    ...(logSize ? { logSize } : {}),
    ...(extraEpics > 0 ? { epics: idleEpics(extraEpics) } : {}),
    deps: { window: benchWindow() as never, storage: createStorage({ backend: 'memory' }), fetch: fetch204 },
  })
  await airlock.ready()
  // The lazily loaded EVM epics are running once the announced wallet is in the list.
  for (let i = 0; i < 200 && !airlock.getState().connectors.list.some((c) => c.name === BENCH_WALLET.name); i++) await tick()
  return airlock
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

function drive(airlock: Airlock, count: number): number {
  const started = performance.now()
  for (let i = 0; i < count; i++) airlock.dispatch(CYCLE[i % CYCLE.length]!)
  return performance.now() - started
}

function exposeGc(): () => void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  return () => {
    gc()
    gc()
  }
}

/**
 * Replays the exported log in a fresh Node process, as someone replaying a bug report does. Not in
 * this process: here the reducers have just folded hundreds of thousands of live states of other
 * shapes (JIT history that would cost about a third more), and a worker thread shares this
 * process's garbage-collector threads with a heap that holds 22 stores (replays then ran at twice
 * the time of a process of their own).
 */
async function measureReplay(exported: string, runs: number): Promise<number[]> {
  const file = await bundleForNode({ entry: join(ROOT, 'tests', 'bench', 'replayWorker.ts'), cacheName: 'airlock-bench', outName: 'replayWorker.mjs' })
  const dir = await mkdtemp(join(tmpdir(), 'airlock-replay-'))
  try {
    const logFile = join(dir, 'log.json')
    await writeFile(logFile, exported)
    const { stdout } = await promisify(execFile)(process.execPath, [file, logFile, String(runs)], { maxBuffer: 1 << 20 })
    return JSON.parse(stdout) as number[]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!

/**
 * The core numbers of issue #7: store throughput with all epics running, `replay` of 100,000
 * log entries, and heap growth over 100,000 actions (the log's ring buffer must bound it).
 * @example const core = await measureCore(console.log)
 */
/**
 * Throughput rounds (median taken) and the actions each store gets first, for the JIT: with 3
 * rounds after 10,000, one slow round on this 2-core machine moved the median by a third.
 */
export const CORE_ROUNDS = 5
const WARM_UP = 30_000

export async function measureCore(log: (line: string) => void, count = 100_000): Promise<CoreResult> {
  const gc = exposeGc()

  const throughput: number[] = []
  for (let round = 0; round < CORE_ROUNDS; round++) {
    const airlock = await startAirlock()
    drive(airlock, WARM_UP) // warm-up: JIT
    await tick()
    throughput.push(count / (drive(airlock, count) / 1000))
    await tick()
    airlock.destroy()
  }
  log(`  store: ${throughput.map((t) => Math.round(t)).join(', ')} actions/s`)

  const epicScaling: { epics: number; actionsPerSecond: number }[] = []
  for (const epics of [10, 50, 200]) {
    const rounds: number[] = []
    for (let round = 0; round < CORE_ROUNDS; round++) {
      const airlock = await startAirlock(undefined, epics)
      drive(airlock, WARM_UP)
      await tick()
      rounds.push(count / (drive(airlock, count) / 1000))
      await tick()
      airlock.destroy()
    }
    epicScaling.push({ epics, actionsPerSecond: Math.round(median(rounds)) })
  }
  log(`  store with extra epics: ${epicScaling.map((e) => `${e.epics}: ${e.actionsPerSecond}`).join(', ')} actions/s`)

  const recorder = await startAirlock(count)
  drive(recorder, count)
  await tick()
  const exported = recorder.log.export()
  const entries = recorder.log.size
  if (!isDeepStrictEqual(replay(exported), recorder.getState())) throw new Error('replay(log.export()) differs from getState()')
  recorder.destroy()
  // This process's heap collected first, so its collector does not run beside the replays on this 2-core machine.
  gc()
  const replayTimes = await measureReplay(exported, 5)
  log(`  replay of ${entries} entries (fresh process): ${replayTimes.map((t) => t.toFixed(0)).join(', ')} ms`)

  const heapAirlock = await startAirlock()
  drive(heapAirlock, 20_000)
  await tick()
  gc()
  const before = process.memoryUsage().heapUsed
  drive(heapAirlock, count)
  await tick()
  gc()
  const afterFirst = process.memoryUsage().heapUsed
  drive(heapAirlock, count)
  await tick()
  gc()
  const afterSecond = process.memoryUsage().heapUsed
  const logSize = heapAirlock.log.capacity
  heapAirlock.destroy()
  log(`  heap: +${((afterFirst - before) / 1024).toFixed(0)} KB over ${count} actions, then +${((afterSecond - afterFirst) / 1024).toFixed(0)} KB over ${count} more (log of ${logSize})`)

  return {
    actionsPerSecond: Math.round(median(throughput)),
    replayMs: Math.round(median(replayTimes) * 10) / 10,
    replayEntries: entries,
    heapGrowth: { first: afterFirst - before, second: afterSecond - afterFirst, logSize },
    epicScaling,
  }
}
