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
    ;(window as unknown as { statuses: string[] }).statuses = seen
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="status"]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

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
