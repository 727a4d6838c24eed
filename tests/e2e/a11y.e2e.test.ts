import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { openView as open } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 18 (6): every view of the modal checked by axe-core (from npm, run in the page) in real
 * Chromium, on a desktop in the light theme and on a phone (the bottom sheet) in the dark one: no
 * serious or critical violation. Only the modal is checked (the `airlock-modal` host and its shadow
 * root), not the demo page around it.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const dapp = useDappHarness()

interface Violation {
  readonly view: string
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly targets: string[]
}

/** axe on the modal as it is now; the serious and critical violations, named by view. */
async function audit(page: Page, view: string): Promise<Violation[]> {
  // Through the DevTools protocol, not a <script>: the demo's CSP allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any: { data?: unknown }[]; html: string }[] }[] }> } }).axe
    const result = await axe.run({ include: [['airlock-modal']] }, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 120)} ${JSON.stringify(n.any[0]?.data ?? null)}`) }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ view, ...v }))
}

describe('accessibility of every view (axe-core in Chromium)', { timeout: 120_000 }, () => {
  test.each([
    { size: 'desktop', theme: 'light', viewport: { width: 1200, height: 820 } },
    { size: 'phone', theme: 'dark', viewport: { width: 390, height: 844 } },
  ] as const)('behavior: $size, $theme: no serious or critical violation in Connect, All Wallets, WalletConnect, Account and its tabs, Networks, Receive, Send, Swap and Buy', async ({ viewport, theme }) => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '')
    await page.setViewportSize(viewport)
    // Still frames: a view fading in is measured at its final colours, not half-way.
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    const dialog = page.getByRole('dialog')
    const found: Violation[] = []

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).waitFor()
    found.push(...(await audit(page, 'Connect')))

    await dialog.getByRole('button', { name: /^All Wallets/ }).click()
    await dialog.locator('ul[aria-label="All wallets"] li').first().waitFor({ timeout: 15_000 })
    found.push(...(await audit(page, 'AllWallets')))

    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: 'WalletConnect QR code' }).click()
    await dialog.locator('[data-airlock="walletconnect-qr"][data-uri]').waitFor({ timeout: 15_000 })
    found.push(...(await audit(page, 'WalletConnect')))

    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).click()
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected')
    await open(page)
    await dialog.locator('[data-airlock="tokens"] [data-token="dUSD"]').waitFor({ timeout: 15_000 })
    found.push(...(await audit(page, 'Account (Tokens)')))
    for (const tab of ['NFTs', 'Activity']) {
      await dialog.getByRole('tab', { name: tab }).click()
      await dialog.getByRole('tabpanel').waitFor()
      await page.waitForTimeout(500)
      found.push(...(await audit(page, `Account (${tab})`)))
    }

    const views: [string, string][] = [
      ['Networks', 'ul[aria-label="Networks"]'],
      ['Receive', '[data-airlock="receive"]'],
      ['Send', '[data-airlock="send-token"]'],
      ['Swap', '[data-airlock="swap-form"]'],
      ['OnRampProviders', '[data-airlock="onramp"]'],
    ]
    for (const [view, ready] of views) {
      await open(page, view)
      await dialog.locator(ready).first().waitFor({ timeout: 15_000 })
      found.push(...(await audit(page, view)))
    }

    expect(found).toEqual([])
    expect(errors).toEqual([])
  })

  test('behavior: in Spanish, Chinese, Japanese and Arabic (right to left): no serious or critical violation in Connect, All Wallets, Account, Networks, Receive, Send, Swap and Buy', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '')
    await page.setViewportSize({ width: 1200, height: 820 })
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    const dialog = page.getByRole('dialog')
    const found: Violation[] = []
    const locales = ['es', 'zh', 'ja', 'ar'] as const
    const show = async (locale: string) => {
      await page.getByTestId('locale-switcher').selectOption(locale)
      await page.waitForFunction((locale) => (window as unknown as { airlock: { getState(): { theme: { catalogue?: string } } } }).airlock.getState().theme.catalogue === locale, locale)
    }
    for (const locale of locales) {
      await show(locale)
      await open(page)
      await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).waitFor()
      expect(await dialog.evaluate((el) => [el.closest('[lang]')?.getAttribute('lang'), getComputedStyle(el).direction])).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr'])
      found.push(...(await audit(page, `Connect (${locale})`)))
      await open(page, 'AllWallets')
      await dialog.locator('[data-view="AllWallets"] li').first().waitFor({ timeout: 15_000 })
      found.push(...(await audit(page, `AllWallets (${locale})`)))
    }
    await open(page, 'Connect')
    await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).click()
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected')
    const views: [string, string][] = [
      ['Networks', '[data-view="Networks"] ul'],
      ['Receive', '[data-airlock="receive"]'],
      ['Send', '[data-airlock="send-token"]'],
      ['Swap', '[data-airlock="swap-form"]'],
      ['OnRampProviders', '[data-airlock="onramp"]'],
    ]
    for (const locale of locales) {
      await show(locale)
      await open(page)
      await dialog.locator('[data-airlock="tokens"] [data-token="dUSD"]').waitFor({ timeout: 15_000 })
      found.push(...(await audit(page, `Account (${locale})`)))
      for (const [view, ready] of views) {
        await open(page, view)
        await dialog.locator(ready).first().waitFor({ timeout: 15_000 })
        found.push(...(await audit(page, `${view} (${locale})`)))
      }
    }
    expect(found).toEqual([])
    expect(errors).toEqual([])
  })
})
