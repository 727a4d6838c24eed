import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Records every account status text the demo shows (`data-testid="status"`), in order; installed
 * as an init script, so it survives reloads. Read it back with `statuses(page)`.
 * @example await recordStatuses(page); await page.goto(url); expect(await statuses(page)).toContain('connected')
 */
export async function recordStatuses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    const win = window as unknown as { statuses: string[]; firstButton?: string }
    win.statuses = seen
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="status"]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
      // What the connect (or account) button said the first time it was in the page: the first render.
      win.firstButton ??= document.querySelector('[data-airlock="connect-button"], [data-airlock="account-button"]')?.textContent ?? undefined
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/** The connect button's text in the page's first render since it (re)loaded. */
export const firstButton = (page: Page): Promise<string | undefined> => page.evaluate(() => (window as unknown as { firstButton?: string }).firstButton)

/** The statuses recorded since the page (re)loaded. */
export const statuses = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)

/**
 * Reloads the demo and waits until it shows `connected` again, asserting SPEC 4's rule on the way:
 * the stored account was `connecting` first, never `connected` on the cache alone.
 * @example await recordStatuses(page); …; await reloadConnected(page)
 */
export async function reloadConnected(page: Page): Promise<void> {
  await page.reload()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
  const seen = await statuses(page)
  expect(seen.indexOf('connecting')).toBeGreaterThanOrEqual(0)
  expect(seen.indexOf('connecting')).toBeLessThan(seen.indexOf('connected'))
}
