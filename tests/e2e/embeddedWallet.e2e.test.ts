import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hash } from 'viem'
import { describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { screenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Email login through the dev secure frame, in real Chromium across two origins: the demo dapp
 * on one port, the frame (keys in its own IndexedDB) on another, the code read from the dev
 * mailbox on the gateway, signing and sending through ApproveTransaction onto anvil.
 */
const dapp = useDappHarness()

const dialog = (page: Page) => page.getByRole('dialog')
const status = (page: Page) => page.getByTestId('status').getAttribute('data-status')
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

async function mailbox(email: string): Promise<{ code: string; sentAt: number }[]> {
  const response = await fetch(`${dapp.devnet.urls.gateway}/dev/mailbox/${encodeURIComponent(email)}`)
  expect(response.ok).toBe(true)
  return (await response.json()) as { code: string; sentAt: number }[]
}

async function step(page: Page, name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    await screenshot(page, `e2e-embedded-${name}-failure`).catch(() => {})
    throw error
  }
}

/** Opens the modal and asks for a code for `email`. */
async function requestCode(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const input = dialog(page).getByLabel('Email', { exact: true })
  await input.fill(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
}

describe('embedded wallet (email login) in Chromium', { timeout: 90_000 }, () => {
  test('behavior: email login with the mailbox code, reload keeps the session, sign and send through ApproveTransaction, sign out', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '')
    const email = uniqueEmail('login')
    await step(page, 'login', async () => {
      await requestCode(page, email)
      await dialog(page).getByText('Enter the code').waitFor()
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      const [latest] = await mailbox(email)
      await expect.poll(() => dialog(page).textContent()).toContain(email)
      await screenshot(page, 'e2e-embedded-otp')
      await dialog(page).getByLabel('Code from the email').fill(latest!.code)
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      await expect.poll(() => dialog(page).count()).toBe(0)
    })
    const address = (await page.getByTestId('address').getAttribute('title')) ?? (await page.getByTestId('address').textContent())
    const connectorId = () => page.evaluate(() => (window as unknown as { airlock: { getState(): { connection: { namespaces: { eip155?: { connectorId: string | null } } } } } }).airlock.getState().connection.namespaces.eip155?.connectorId)
    expect(await connectorId()).toBe('auth')

    await step(page, 'reload', async () => {
      await page.reload()
      await expect.poll(() => status(page), { timeout: 20_000 }).toBe('connected')
      expect(await connectorId()).toBe('auth')
      expect((await page.getByTestId('address').getAttribute('title')) ?? (await page.getByTestId('address').textContent())).toBe(address)
    })

    await step(page, 'sign', async () => {
      await page.getByTestId('sign-message').click()
      await dialog(page).getByRole('button', { name: 'Approve' }).waitFor()
      expect(await dialog(page).textContent()).toContain('personal_sign')
      // The message is shown as text, decoded from hex.
      expect(await dialog(page).locator('pre').textContent()).toContain('Hello from the Airlock demo')
      await screenshot(page, 'e2e-embedded-approve')
      await dialog(page).getByRole('button', { name: 'Approve' }).click()
      await expect.poll(() => page.getByTestId('sign-message-result').getAttribute('data-state'), { timeout: 15_000 }).toBe('ok')
      expect(await page.getByTestId('sign-message-result').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
      await expect.poll(() => dialog(page).count()).toBe(0)
    })

    await step(page, 'send', async () => {
      await page.getByTestId('send-transaction').click()
      await dialog(page).getByRole('button', { name: 'Approve' }).waitFor()
      expect(await dialog(page).textContent()).toContain('eth_sendTransaction')
      await dialog(page).getByRole('button', { name: 'Approve' }).click()
      await expect.poll(() => page.getByTestId('send-transaction-result').getAttribute('data-state'), { timeout: 20_000 }).toBe('ok')
      const hash = (await page.getByTestId('send-transaction-result').textContent()) as Hash
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      const [chain] = dapp.devnet.config.chains
      const client = createPublicClient({ transport: http(chain!.rpcUrl) })
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: 15_000 })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(String(address).toLowerCase())
      expect(receipt.to?.toLowerCase()).toBe(dapp.devnet.config.recipient.toLowerCase())
    })

    await step(page, 'reject', async () => {
      await page.getByTestId('sign-message').click()
      await dialog(page).getByRole('button', { name: 'Reject' }).click()
      await expect.poll(() => page.getByTestId('sign-message-result').textContent()).toContain('[4001]')
    })

    await step(page, 'abort-and-not-allowed', async () => {
      type Outcome = { ok: unknown } | { error: string; code?: unknown }
      const call = (method: string, params?: unknown) =>
        page.evaluate(
          ([m, p]) => {
            const airlock = (window as unknown as { airlock: { getProvider(): { request(a: { method: string; params?: unknown }): Promise<unknown> } } }).airlock
            const w = window as unknown as { outcome?: Outcome }
            w.outcome = undefined
            airlock.getProvider().request({ method: m as string, params: p }).then(
              (ok) => (w.outcome = { ok }),
              (e: { message: string; code?: unknown }) => (w.outcome = { error: e.message, code: e.code }),
            )
          },
          [method, params] as const,
        )
      const outcome = () => page.evaluate(() => (window as unknown as { outcome?: Outcome }).outcome)
      // Closing the modal aborts an open signing request.
      await call('personal_sign', ['0x6869', address])
      await dialog(page).getByRole('button', { name: 'Approve' }).waitFor()
      await page.keyboard.press('Escape')
      await expect.poll(outcome).toEqual({ error: 'Request was aborted', code: 4001 })
      // A method off the list is refused, and the modal says so after 300 ms.
      await call('eth_mine')
      await expect.poll(outcome).toMatchObject({ error: 'Requested RPC call is not allowed' })
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Action not allowed')
      await dialog(page).getByRole('button', { name: 'Close' }).first().click()
      await expect.poll(() => dialog(page).count()).toBe(0)
    })

    await step(page, 'sign-out', async () => {
      await page.getByTestId('disconnect').click()
      await expect.poll(() => status(page), { timeout: 10_000 }).toBe('disconnected')
      await page.reload()
      await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
      expect(await status(page)).toBe('disconnected')
    })

    const { log, state } = await page.evaluate(() => {
      const airlock = (window as unknown as { airlock: { log: { export(): string }; getState(): unknown } }).airlock
      return { log: airlock.log.export(), state: JSON.stringify(airlock.getState()) }
    })
    // Replayable, and the email and code never reached the log.
    expect(JSON.stringify(replay(log))).toBe(state)
    expect(log).not.toContain(email)
    expect(errors).toEqual([])
  })

  test('behavior: a second code within 30 s is refused with "Please try again after N seconds", also after a reload', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '')
    const email = uniqueEmail('cooldown')
    await step(page, 'cooldown', async () => {
      await requestCode(page, email)
      await dialog(page).getByText('Enter the code').waitFor()
      await expect.poll(async () => (await mailbox(email)).length, { timeout: 15_000 }).toBe(1)
      await dialog(page).getByRole('button', { name: 'Resend code' }).click()
      const message = dialog(page).getByText(/^Please try again after \d+ seconds$/)
      await message.waitFor()
      const first = Number((await message.textContent())!.match(/\d+/)![0])
      expect(first).toBeGreaterThan(20)
      expect(first).toBeLessThanOrEqual(30)
      await screenshot(page, 'e2e-embedded-cooldown')
      // It counts down on the store's scheduler.
      await expect.poll(async () => Number((await message.textContent())?.match(/\d+/)?.[0] ?? 0), { timeout: 5_000 }).toBeLessThan(first)

      // The cooldown survives a reload (persisted last-email-login time).
      await page.reload()
      await requestCode(page, email)
      await expect.poll(() => dialog(page).getByText(/^Please try again after \d+ seconds$/).count(), { timeout: 5_000 }).toBe(1)
      expect(await mailbox(email)).toHaveLength(1)
    })
    expect(errors).toEqual([])
  })

  test('behavior: social login (GitHub) through the provider popup, and Farcaster through its QR link', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '')
    const auth = () => page.evaluate(() => (window as unknown as { airlock: { getState(): { auth: { social: string | null; userName: string | null } } } }).airlock.getState().auth)
    await step(page, 'social', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Continue with GitHub' }).waitFor()
      await screenshot(page, 'e2e-embedded-connect')
      const [popup] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click()])
      await popup.waitForURL(/\/oauth\?provider=github/)
      await popup.getByLabel('User name').fill('dev-octocat')
      await popup.getByRole('button', { name: 'Sign in' }).click()
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      expect(await auth()).toMatchObject({ social: 'github', userName: 'dev-octocat' })
      await expect.poll(() => dialog(page).count()).toBe(0)
      await page.getByTestId('disconnect').click()
      await expect.poll(() => status(page), { timeout: 10_000 }).toBe('disconnected')
    })
    await step(page, 'farcaster', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
      await dialog(page).getByRole('img', { name: 'Farcaster login QR code' }).waitFor()
      const href = await dialog(page).getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')
      expect(href).toMatch(new RegExp(`^${dapp.devnet.urls.frame}/farcaster\\?channel=`))
      // The person scans the code: the approval page opens elsewhere (same browser here).
      const phone = await page.context().newPage()
      await phone.goto(href!)
      await phone.getByLabel('User name').fill('dev-caster')
      await phone.getByRole('button', { name: /Approve|Sign in/ }).click()
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('connected')
      expect(await auth()).toMatchObject({ social: 'farcaster', userName: 'dev-caster' })
    })
    expect(errors).toEqual([])
  })
})
