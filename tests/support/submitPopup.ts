import type { Locator, Page } from 'playwright-core'

/**
 * Clicks a button whose handler closes its own popup (the dev OAuth page posts
 * its result to the opener and calls `window.close()`). Playwright's click can
 * still be waiting on its mouse-up round trip when the window goes away, which
 * fails with "Target page, context or browser has been closed" on a loaded
 * machine; here the close is the expected outcome, so it is awaited instead.
 */
export async function clickClosingPopup(popup: Page, button: Locator): Promise<void> {
  const closed = popup.waitForEvent('close')
  await button.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!popup.isClosed() && !/has been closed/.test(String(error))) throw error
  })
  await closed
}
