import { mkdirSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's Chromium (INFRA.md): playwright cannot download a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}

export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname

/** Saves a screenshot under tests/artifacts/ (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  const path = `${ARTIFACTS_DIR}${name}.png`
  await settle(page)
  await page.screenshot({ path })
  return path
}

/**
 * Waits (at most 1 s) for running CSS animations, those in shadow trees
 * included, so a screenshot shows the modal, not its fade-in.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]).then(() => undefined),
    )
    .catch(() => undefined)
}
