import type { Page } from 'playwright-core'

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
