import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Email login through the dev secure frame as a person does it, shared by the e2e files: the code
 * read from the dev mailbox on the gateway, answers given inside the frame's own approval card.
 */

/** The codes the dev mailbox holds for `email`, oldest first. */
export async function mailbox(gatewayUrl: string, email: string): Promise<{ code: string; sentAt: number; purpose: string }[]> {
  const response = await fetch(`${gatewayUrl}/dev/mailbox/${encodeURIComponent(email)}`)
  expect(response.ok).toBe(true)
  return (await response.json()) as { code: string; sentAt: number; purpose: string }[]
}

/** The secure frame (on its own origin) inside the page. */
export const secureFrame = (page: Page) => page.frameLocator('#airlock-secure-frame')

/** Email login through the modal with the mailbox's code, until the account is connected and the modal closed. */
export async function emailLogin(page: Page, gatewayUrl: string, email: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await dialog.getByText('Enter the code').waitFor({ timeout: 20_000 })
  await expect.poll(async () => (await mailbox(gatewayUrl, email)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  await dialog.getByLabel('Code from the email').fill((await mailbox(gatewayUrl, email))[0]!.code)
  await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 15_000 }).toBe('connected')
  await expect.poll(() => dialog.count()).toBe(0)
}

/** A person reads the request, then answers inside the frame (Approve is enabled once the card has been fully visible a moment). */
export async function answerInFrame(page: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
  try {
    await expect.poll(() => approve.isEnabled(), { timeout: 15_000 }).toBe(true)
  } catch (error) {
    // What the person would see: where the page put the frame, and the card's own state inside it.
    const placed = await page.evaluate(() => {
      const frame = document.getElementById('airlock-secure-frame')
      const r = frame?.getBoundingClientRect()
      return frame ? `${frame.style.display} ${Math.round(r!.left)},${Math.round(r!.top)} ${Math.round(r!.width)}x${Math.round(r!.height)} viewport ${innerWidth}x${innerHeight}` : 'no frame'
    })
    const card = await secureFrame(page)
      .locator('main.approval')
      .evaluate((m) => `${m.getAttribute('data-state')} "${m.querySelector('h1')?.textContent}" status "${m.querySelector('.status')?.textContent}"`, undefined, { timeout: 2_000 })
      .catch(() => 'no card')
    console.log(`answerInFrame: Approve never enabled; frame ${placed}; card ${card}`)
    throw error
  }
  await secureFrame(page).getByRole('button', { name: answer }).click()
}
