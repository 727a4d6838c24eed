import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { SIWX_SESSIONS_KEY } from '../../core/siwx/createLocalSessionStore.js'

/**
 * On the demo opened with `?siwx=required`: picks the wallet in the modal, waits for the Sign In
 * view, presses Sign, and waits until the page says signed in with the modal closed.
 */
export async function signInWith(page: Page, wallet: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog.getByRole('button', { name: wallet }).click()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
  await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Sign In')
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect.poll(() => page.getByTestId('siwx').getAttribute('data-status')).toBe('signedIn')
  await expect.poll(() => dialog.count()).toBe(0)
}

/** The one sign-in session the default config stored in the page's localStorage. */
export async function storedSession(page: Page): Promise<{ message: string; signature: string; data: { nonce: string; domain: string } }> {
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), SIWX_SESSIONS_KEY)
  const [session] = (stored?.sessions ?? []) as { message: string; signature: string; data: { nonce: string; domain: string } }[]
  if (!session) throw new Error('no sign-in session stored')
  return session
}
