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
 * The `step` of the browser tests: runs one named part of a test and, when it fails, keeps a
 * full-page `<prefix><name>-failure.png` in tests/artifacts/ (TESTING.md) before rethrowing.
 * @example const step = stepWithScreenshot('e2e-registry-'); await step(page, 'search', async () => { … })
 */
export function stepWithScreenshot(prefix: string): (page: Page, name: string, run: () => Promise<void>) => Promise<void> {
  return async (page, name, run) => {
    try {
      await run()
    } catch (error) {
      await screenshot(page, `${prefix}${name}-failure`, { fullPage: true }).catch(() => {})
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
