import { isDeepStrictEqual } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { replay } from '../../core/index.js'

/**
 * Issue 16 part 5: replay of any exported log from the e2e suites equals the live state. The
 * Chromium tests check it on every page of every context made from `stack.browser`, before the
 * context closes or after the test, whichever comes first (useDevStack, useDappHarness and
 * `checkReplaysOnClose`).
 */

/** How long a page's `airlock.ready()` is waited for (lazily loaded reducers fold in on arrival). */
export const READY_WAIT_MS = 5_000
/** How long the page may take to answer at all: the wait for `ready()`, then one read. */
const ANSWER_WAIT_MS = READY_WAIT_MS + 10_000
/** A navigation under way when the check asks: tried again this many times in all, after the load. */
const ATTEMPTS = 3
/** Differing paths named in a failure. */
const MAX_PATHS = 8

export type ReplayCheck =
  | { readonly url: string; readonly checked: true; readonly entries: number; readonly ms: number }
  | { readonly url: string; readonly checked: false; readonly skipped: string }

/** What the page answers: no Airlock there, a destroyed one, or its log and state read in one task. */
type PageAnswer = { kind: 'none' } | { kind: 'destroyed' } | { kind: 'read'; ready: string; log: string; state: string }

/**
 * Runs in the page: waits (bounded) for `airlock.ready()`, then reads the exported log and the
 * state in the same task, so no action can land between them (tests/devnet/browser.test.ts).
 */
async function readAirlock(readyWaitMs: number): Promise<PageAnswer> {
  interface PageAirlock {
    log: { export(): string }
    getState(): unknown
    ready(): Promise<unknown>
    state$: { subscribe(observer: { complete(): void }): { unsubscribe(): void } }
  }
  const airlock = (window as unknown as { airlock?: Partial<PageAirlock> }).airlock
  if (!airlock || typeof airlock.log?.export !== 'function' || typeof airlock.getState !== 'function') return { kind: 'none' }
  const found = airlock as PageAirlock
  // A destroyed store's state stream completes on subscribe, at once (core/store/stateStream.ts).
  const destroyed = (): boolean => {
    let completed = false
    found.state$.subscribe({ complete: () => void (completed = true) }).unsubscribe()
    return completed
  }
  if (destroyed()) return { kind: 'destroyed' }
  const ready = await Promise.race([
    found.ready().then(
      () => 'ready',
      (error: unknown) => `ready() rejected: ${String(error)}`,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve(`ready() had not settled after ${readyWaitMs} ms`), readyWaitMs)),
  ])
  if (destroyed()) return { kind: 'destroyed' }
  // One task from here on: the log and the state belong together.
  return { kind: 'read', ready, log: found.log.export(), state: JSON.stringify(found.getState()) }
}

/** A page that cannot be asked any more: closed (with its context or browser), or crashed. */
function goneReason(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error)
  if (/crash/i.test(message)) return `crashed (${message.split('\n')[0]})`
  if (/has been closed|Target closed/i.test(message)) return 'closed'
  return null
}

const navigating = (error: unknown): boolean => /Execution context was destroyed|navigat/i.test(error instanceof Error ? error.message : String(error))

async function askPage(page: Page): Promise<PageAnswer | { kind: 'gone'; reason: string }> {
  for (let attempt = 1; ; attempt++) {
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const answer = page.evaluate(readAirlock, READY_WAIT_MS)
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`replay check: ${page.url()} did not answer within ${ANSWER_WAIT_MS} ms`)), ANSWER_WAIT_MS)
      })
      return await Promise.race([answer, late])
    } catch (error) {
      const gone = page.isClosed() ? 'closed' : goneReason(error)
      if (gone) return { kind: 'gone', reason: gone }
      if (!navigating(error) || attempt >= ATTEMPTS) throw error
      await page.waitForLoadState('load', { timeout: ANSWER_WAIT_MS }).catch(() => undefined)
    } finally {
      clearTimeout(timer)
    }
  }
}

/** A value shown in a failure, cut short. */
function show(value: unknown): string {
  if (value === undefined) return '(absent)'
  const text = JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 157)}...` : text
}

/**
 * The first paths (at most `max`) where two JSON values differ, in key order, each with both values.
 * @example differingPaths({ a: { b: 1 } }, { a: { b: 2 } }) // ['a.b: live 1, replay 2']
 */
export function differingPaths(live: unknown, replayed: unknown, max = MAX_PATHS): string[] {
  const out: string[] = []
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (out.length >= max || isDeepStrictEqual(a, b)) return
    const bothArrays = Array.isArray(a) && Array.isArray(b)
    const bothObjects = !bothArrays && a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)
    if (bothArrays) {
      const [x, y] = [a as unknown[], b as unknown[]]
      for (let i = 0; i < Math.max(x.length, y.length); i++) walk(x[i], y[i], `${path}[${i}]`)
      return
    }
    if (bothObjects) {
      const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>]
      for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) walk(x[key], y[key], path ? `${path}.${key}` : key)
      return
    }
    out.push(`${path || '(root)'}: live ${show(a)}, replay ${show(b)}`)
  }
  walk(live, replayed, '')
  return out
}

/**
 * Checks that `replay(airlock.log.export())` equals `airlock.getState()` on a page still open
 * (deep equality after a JSON round trip), after waiting at most 5 s for `airlock.ready()`.
 * Pages without `window.airlock` (the frame page, a wallet popup, about:blank, another origin),
 * closed pages, crashed ones and those whose Airlock was destroyed are skipped, with the reason
 * in the result. A difference throws, naming the page and the first differing state paths.
 * @example await expectReplayMatches(page)
 */
export async function expectReplayMatches(page: Page): Promise<ReplayCheck> {
  const started = performance.now()
  if (page.isClosed()) return { url: '(closed page)', checked: false, skipped: 'closed' }
  const url = page.url()
  const answer = await askPage(page)
  if (answer.kind === 'gone') return { url, checked: false, skipped: answer.reason }
  if (answer.kind === 'none') return { url, checked: false, skipped: 'no window.airlock' }
  if (answer.kind === 'destroyed') return { url, checked: false, skipped: 'airlock destroyed' }
  const live: unknown = JSON.parse(answer.state)
  const { entries } = JSON.parse(answer.log) as { entries: { action: { type: string } }[] }
  let replayed: unknown
  try {
    replayed = JSON.parse(JSON.stringify(replay(answer.log)))
  } catch (error) {
    throw new Error(`replay check: the log of ${url} (${entries.length} entries) does not replay: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  if (!isDeepStrictEqual(live, replayed)) {
    const last = entries.slice(-8).map((entry) => entry.action.type).join(', ')
    throw new Error(
      [
        `replay check: replay(airlock.log.export()) differs from airlock.getState() on ${url}`,
        `  ${entries.length} log entries, ${answer.ready}; the last actions: ${last || '(none)'}`,
        '  first differing state paths:',
        ...differingPaths(live, replayed).map((line) => `    ${line}`),
      ].join('\n'),
    )
  }
  return { url, checked: true, entries: entries.length, ms: Math.round(performance.now() - started) }
}

/**
 * Checks every page of `context` (`expectReplayMatches`), in order; when any differ, throws once
 * all were checked, with every difference in the message.
 */
export async function expectReplaysMatchIn(context: BrowserContext): Promise<ReplayCheck[]> {
  const results: ReplayCheck[] = []
  const failures: string[] = []
  for (const page of context.pages()) {
    try {
      results.push(await expectReplayMatches(page))
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  if (failures.length > 0) throw new Error(failures.join('\n'))
  return results
}

/** The own `close` of each context whose `close` checks the replays first (`checkReplaysOnClose`). */
const ownClose = new WeakMap<BrowserContext, BrowserContext['close']>()

/**
 * Checks every page of `context` (`expectReplaysMatchIn`), closes it whatever the outcome, then
 * throws any difference found: for a harness's afterEach. A context made through
 * `checkReplaysOnClose` is checked once, here, not again by its `close`.
 * @example for (const context of contexts.splice(0)) await closeAfterReplayCheck(context)
 */
export async function closeAfterReplayCheck(context: BrowserContext): Promise<ReplayCheck[]> {
  let results: ReplayCheck[] = []
  let failure: unknown
  try {
    results = await expectReplaysMatchIn(context)
  } catch (error) {
    failure = error
  }
  await (ownClose.get(context) ?? context.close.bind(context))()
  if (failure !== undefined) throw failure
  return results
}

/**
 * `browser`, seen through a wrapper that checks the replay of every page of each context made
 * from it (`newContext`, or `newPage`'s own context) right before that context closes, whoever
 * closes it: a test's `finally`, its afterEach, or a harness. A difference is not thrown from
 * `close()` (a test's `finally` would hide its own error behind it): it goes to `report`, and the
 * harness fails the test with it (useDevStack's afterEach and afterAll).
 * @example const checked = checkReplaysOnClose(browser, (error) => failures.push(error))
 */
export function checkReplaysOnClose(browser: Browser, report: (error: unknown) => void): Browser {
  const track = (context: BrowserContext): BrowserContext => {
    const close = context.close.bind(context)
    ownClose.set(context, close)
    context.close = async (...args: Parameters<BrowserContext['close']>) => {
      await expectReplaysMatchIn(context).catch(report)
      return close(...args)
    }
    return context
  }
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext') return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args))
      if (key === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args)
          track(page.context())
          return page
        }
      }
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
