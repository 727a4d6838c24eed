import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { SIWX_SESSIONS_KEY } from '../../core/siwx/createLocalSessionStore.js'
import { verifySiwx } from '../../core/siwx/verifySiwx.js'
import type { TestWallet } from '../../testing/index.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Sign in with the wallet in real Chromium: the demo dapp with `?siwx=required|optional`,
 * the injected Node test wallet signing on anvil, sessions in the page's localStorage, and
 * the back-end verifier run in Node on what the page stored.
 */
const dapp = useDappHarness()
const newWallet = (account: number): TestWallet => dapp.newWallet(account)
const openDapp = (wallet: TestWallet, siwx: 'required' | 'optional') => dapp.openDapp(wallet, `&siwx=${siwx}`)

const status = (page: Page) => page.getByTestId('status').textContent()
const signIn = (page: Page) => page.getByTestId('siwx').getAttribute('data-status')
const dialog = (page: Page) => page.getByRole('dialog')
const heading = (page: Page) => dialog(page).getByRole('heading').first().textContent()

async function connect(page: Page, wallet: TestWallet): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page).getByRole('button', { name: /Airlock Test Wallet/ }).click()
  await expect.poll(() => status(page)).toBe('connected')
  await expect.poll(() => heading(page)).toBe('Sign In')
  // The view is a lazy chunk: wait for it, not just for its title.
  await dialog(page).getByRole('button', { name: 'Sign', exact: true }).waitFor()
  expect(wallet.calls['personal_sign']).toBeUndefined()
}

const step = stepWithScreenshot('e2e-siwx-')

async function logReplays(page: Page): Promise<void> {
  const { log, state } = await page.evaluate(() => {
    const airlock = (window as unknown as { airlock: { log: { export(): string }; getState(): unknown } }).airlock
    return { log: airlock.log.export(), state: JSON.stringify(airlock.getState()) }
  })
  expect(JSON.stringify(replay(log))).toBe(state)
}

describe('sign in with the wallet in Chromium', { timeout: 60_000 }, () => {
  test('behavior: required sign-in cannot be closed away; cancel disconnects', async () => {
    const wallet = newWallet(1)
    const { page, errors } = await openDapp(wallet, 'required')
    await step(page, 'required', async () => {
      await connect(page, wallet)
      await expect.poll(() => dialog(page).textContent()).toContain('Cancelling disconnects the wallet.')
      await page.waitForTimeout(300)
      await screenshot(page, 'e2e-siwx-required')
      await page.keyboard.press('Escape')
      await dialog(page).getByRole('button', { name: 'Close' }).click()
      expect(await dialog(page).count()).toBe(1)
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => status(page)).toBe('disconnected')
      await expect.poll(() => heading(page)).toBe('Connect Wallet')
      expect(wallet.calls['personal_sign']).toBeUndefined()
    })
    await logReplays(page)
    expect(errors).toEqual([])
  })

  test('behavior: optional sign-in signs once, survives a reload without a second signature, and the back end verifies it', async () => {
    const wallet = newWallet(2)
    const { page, errors } = await openDapp(wallet, 'optional')
    await step(page, 'optional-sign', async () => {
      await connect(page, wallet)
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => signIn(page)).toBe('signedIn')
      await expect.poll(() => dialog(page).count()).toBe(0)
      expect(wallet.calls['personal_sign']).toBe(1)
      await screenshot(page, 'e2e-siwx-signed-in')
    })
    const session = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), SIWX_SESSIONS_KEY)
    const [stored] = session.sessions as { message: string; signature: string; data: { nonce: string; domain: string } }[]
    await step(page, 'reload', async () => {
      await page.reload()
      await expect.poll(() => status(page)).toBe('connected')
      await expect.poll(() => signIn(page)).toBe('signedIn')
      expect(await dialog(page).count()).toBe(0)
      expect(wallet.calls['personal_sign']).toBe(1)
    })
    await step(page, 'verify', async () => {
      const host = new URL(dapp.devnet.urls.dapp).host
      expect(stored!.data.domain).toBe(host)
      const base = { message: stored!.message, signature: stored!.signature, nonce: stored!.data.nonce, chainId: `eip155:${wallet.chainId}` as const, now: Date.now() }
      expect(await verifySiwx({ ...base, domain: 'evil.example' })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
      expect(await verifySiwx({ ...base, domain: `${new URL(dapp.devnet.urls.dapp).hostname}:1` })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
      expect(await verifySiwx({ ...base, domain: host })).toEqual({ ok: true, address: wallet.address, chainId: `eip155:${wallet.chainId}` })
      expect(await verifySiwx({ ...base, domain: host })).toMatchObject({ ok: false, reason: 'nonce_reused' })
    })
    await logReplays(page)
    expect(errors).toEqual([])
  })

  test('behavior: optional sign-in: a declined signature shows the error, cancel closes and stays connected', async () => {
    const wallet = newWallet(0)
    const { page, errors } = await openDapp(wallet, 'optional')
    await step(page, 'declined', async () => {
      await connect(page, wallet)
      wallet.rejectNext('personal_sign')
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Signature declined')
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => dialog(page).count()).toBe(0)
      expect(await status(page)).toBe('connected')
      expect(await signIn(page)).toBe('signedOut')
    })
    expect(errors).toEqual([])
  })
})
