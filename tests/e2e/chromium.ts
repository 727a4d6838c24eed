import { mkdirSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'
import { browserPath } from './findBrowser.js'


/** Flags that keep Chromium off the (closed) network and quiet in CI. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Headless Chromium: the machine's own, or one installed on first use (tests/e2e/findBrowser.ts).
 * @example const browser = await launchChromium()
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await browserPath(), args: CHROMIUM_ARGS, headless: true })
}

export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname

/** Saves a screenshot under tests/artifacts/ (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  const path = `${ARTIFACTS_DIR}${name}.png`
  await settle(page)
  await page.screenshot({ path, fullPage })
  return path
}

/**
 * The last `count` actions the page's store saw (`window.airlock`, the demo's instance), one line
 * each with the store's clock and any error text, or null when the page has no store.
 */
export async function actionTail(page: Page, count = 40): Promise<string[] | null> {
  return page
    .evaluate((n) => {
      type Entry = { at: number; action: { type: string; error?: unknown } }
      const log = (window as unknown as { airlock?: { log: { entries(): Entry[] } } }).airlock?.log
      return log
        ? log.entries().slice(-n).map((e) => `${Math.round(e.at)} ${e.action.type}${e.action.error ? ` ${JSON.stringify(e.action.error).slice(0, 200)}` : ''}`)
        : null
    }, count)
    .catch(() => null)
}

/**
 * The `step` of the browser tests: runs one named part of a test and, when it fails, keeps a
 * full-page `<prefix><name>-failure.png` in tests/artifacts/ (TESTING.md) and prints the page's
 * last actions before rethrowing: a step that fails only on a loaded machine leaves the next
 * reader what the store was doing.
 * @example const step = stepWithScreenshot('e2e-registry-'); await step(page, 'search', async () => { … })
 */
export function stepWithScreenshot(prefix: string): <T>(page: Page, name: string, run: () => Promise<T>) => Promise<T> {
  return async (page, name, run) => {
    try {
      return await run()
    } catch (error) {
      await screenshot(page, `${prefix}${name}-failure`, { fullPage: true }).catch(() => {})
      console.log(`browser step "${prefix}${name}" failed; the page's last actions:\n${(await actionTail(page))?.join('\n') ?? '(no store on the page)'}`)
      throw error
    }
  }
}

/**
 * Waits (at most 1 s) for running CSS animations and transitions, those in shadow trees
 * included (`document.getAnimations()` is shadow-including), so a screenshot shows the modal,
 * not its fade-in. Two frames first: a transition starts on the frame after the style change.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
      await frame()
      await frame()
      await Promise.race([
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ])
    })
    .catch(() => undefined)
}

/**
 * Reopens the demo's modal (the page's `window.airlock`) on `view`, or on its default view: how
 * the visual and accessibility tests reach each view without clicking their way there.
 * @example await openView(page, 'Networks')
 */
export async function openView(page: Page, view?: string): Promise<void> {
  await page.evaluate((view) => {
    const airlock = (window as unknown as { airlock: { close(): void; open(p?: { view: string }): void } }).airlock
    airlock.close()
    airlock.open(view ? { view } : undefined)
  }, view)
}
