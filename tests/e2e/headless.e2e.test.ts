import type { Page, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { verifyIframeHtml } from '../support/wcOffline.js'
import { stepWithScreenshot } from './chromium.js'
import { mailbox } from './emailLogin.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 18 point 2 in Chromium: examples/headless builds its whole connect page with the headless
 * hooks (no modal on the page) against the dev stack: the injected test wallet is listed and
 * connects, the search filters the list and asks the registry, a WalletConnect pairing URI comes
 * with its expiry, and email login goes through the dev secure frame to the code and the wallet.
 */
const dapp = useDappHarness()
const account = ANVIL_ACCOUNTS[3]
const step = stepWithScreenshot('e2e-headless-')

/** The headless page with the test wallet injected (the demo's dev wallet off). */
const openHeadless = (setup?: (page: Page) => Promise<unknown>) => dapp.openDapp(dapp.newWallet(3), '', setup, `${dapp.devnet.urls.dapp}/headless`)

/** WalletConnect's verify iframe is answered by a local page; anything else leaving 127.0.0.1 is refused and recorded. */
async function keepLocal(page: Page): Promise<string[]> {
  const refused: string[] = []
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route: Route) => {
      const url = route.request().url()
      if (url.startsWith('https://verify.walletconnect.org/')) return route.fulfill({ status: 200, contentType: 'text/html', body: verifyIframeHtml() })
      refused.push(url)
      return route.abort('blockedbyclient')
    },
  )
  return refused
}

const installed = (page: Page) => page.getByTestId('installed-list').getByRole('button')
const registry = (page: Page) => page.getByTestId('registry-list').getByRole('button')

describe('headless connect page in Chromium', { timeout: 90_000 }, () => {
  test('behavior: the demo links to it; the list shows the injected wallet, the search filters, a WalletConnect URI with its expiry, connecting connects', async () => {
    const { page: demo } = await dapp.openDapp(dapp.newWallet(3), '')
    await step(demo, 'link', async () => {
      const link = demo.getByTestId('headless-link')
      expect(await link.getAttribute('href')).toBe('/headless/')
      await link.click()
      await demo.waitForURL(/\/headless\/$/)
      await demo.getByRole('heading', { name: 'Wallets' }).waitFor()
    })

    let refused: string[] = []
    const { page, errors } = await openHeadless(async (p) => (refused = await keepLocal(p)))
    await step(page, 'list', async () => {
      await expect.poll(() => installed(page).allTextContents()).toContain('Airlock Test WalletInstalled')
      // The registry of the dev gateway, loaded without any modal: the page has none.
      await expect.poll(() => registry(page).count(), { timeout: 15_000 }).toBeGreaterThan(10)
      expect(await page.locator('airlock-modal').count()).toBe(0)
    })

    await step(page, 'search', async () => {
      const search = page.getByTestId('wallet-search')
      await search.fill('rainbow')
      await expect.poll(() => installed(page).count()).toBe(0)
      await expect.poll(() => registry(page).allTextContents(), { timeout: 10_000 }).toContain('Rainbow')
      expect((await registry(page).allTextContents()).every((name) => /rainbow/i.test(name))).toBe(true)
      await search.fill('airlock test')
      await expect.poll(() => installed(page).allTextContents()).toEqual(['Airlock Test WalletInstalled'])
      await search.fill('')
      await expect.poll(() => registry(page).count(), { timeout: 10_000 }).toBeGreaterThan(10)
    })

    await step(page, 'walletconnect', async () => {
      await page.getByTestId('wc-toggle').click()
      const uri = page.getByTestId('wc-uri')
      await expect.poll(() => uri.inputValue().catch(() => ''), { timeout: 20_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await page.getByTestId('wc-qr').waitFor()
      const expiresAt = Number(await page.getByTestId('wc-expiry').getAttribute('data-expires-at'))
      // SPEC 4: a pairing lives 4 minutes.
      expect(expiresAt - Date.now()).toBeGreaterThan(3 * 60_000)
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(4 * 60_000 + 5_000)
      expect(await page.getByTestId('wc-expiry').textContent()).toMatch(/^Expires in [34]:\d\d/)
      // Hidden, the hook drops its pairing.
      await page.getByTestId('wc-toggle').click()
      await expect.poll(() => page.evaluate(() => (window as unknown as { airlock: { getState(): { walletConnect: { status: string } } } }).airlock.getState().walletConnect.status)).toBe('idle')
    })

    await step(page, 'connect', async () => {
      await installed(page).filter({ hasText: 'Airlock Test Wallet' }).click()
      await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 15_000 }).toBe('connected')
      expect(await page.getByTestId('address').textContent()).toBe(account.address)
      expect(await page.getByTestId('connect-status').getAttribute('data-status')).toBe('connected')
      expect(await page.getByTestId('wallet').textContent()).toBe('Airlock Test Wallet')
    })
    expect(refused).toEqual([])
    expect(errors).toEqual([])
  })

  test('behavior: email login through the dev secure frame: the code step, a wrong code, then the embedded wallet connects', async () => {
    const { page, errors } = await openHeadless()
    const email = `headless-${Date.now()}@example.com`
    const form = page.getByTestId('email-step')
    await step(page, 'email', async () => {
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByRole('button', { name: 'Email me a code' }).click()
      await expect.poll(() => form.getAttribute('data-step'), { timeout: 20_000 }).toBe('verifyOtp')
      expect(await form.textContent()).toContain(`We sent a code to ${email}.`)
    })
    await step(page, 'code', async () => {
      await expect.poll(async () => (await mailbox(dapp.devnet.urls.gateway, email)).length, { timeout: 15_000 }).toBeGreaterThan(0)
      const { code } = (await mailbox(dapp.devnet.urls.gateway, email))[0]!
      const wrong = code === '000000' ? '111111' : '000000'
      await page.getByLabel('Code from the email').fill(wrong)
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect.poll(() => form.getByRole('alert').textContent().catch(() => ''), { timeout: 15_000 }).not.toBe('')
      expect(await form.getAttribute('data-step')).toBe('verifyOtp')
      await page.getByLabel('Code from the email').fill(code)
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 20_000 }).toBe('connected')
      await expect.poll(() => form.getAttribute('data-step')).toBe('connected')
      expect(await page.getByTestId('address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/)
    })
    expect(errors).toEqual([])
  })
})
