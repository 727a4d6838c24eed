import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEV_BITCOIN_WALLET_NAME, DEV_SOLANA_WALLET_NAME } from '../../examples/devnet/wallets/installChainDevWallets.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDevStack } from './useDappHarness.js'

/**
 * The `npm start` demo as a person uses it (issue 13): its own dev Solana and Bitcoin wallets,
 * funded by the stack at start, asking through their Approve/Reject panel.
 */
const stack = useDevStack()
const step = stepWithScreenshot('e2e-dev-chains-')

const approve = async (page: Page, title: RegExp) => {
  const button = page.getByRole('button', { name: new RegExp(`^Approve: ${title.source}`) })
  await button.click({ timeout: 10_000 })
}
const status = (page: Page) => page.getByTestId('status').textContent()

describe('the demo\'s dev Solana and Bitcoin wallets (Chromium)', { timeout: 90_000 }, () => {
  test('behavior: each connects after Approve, shows the balance the stack funded, signs and sends, and a reload reconnects without asking', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1200, height: 900 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    try {
      await page.goto(`${stack.devnet.urls.dapp}/`)
      await step(page, 'solana', async () => {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        await page.getByRole('dialog').getByRole('button', { name: new RegExp(DEV_SOLANA_WALLET_NAME) }).click()
        await approve(page, new RegExp(`${DEV_SOLANA_WALLET_NAME}: connect`))
        await expect.poll(() => status(page)).toBe('connected')
        await expect.poll(() => page.getByTestId('balance').textContent()).toBe('10.000 SOL')
        await page.getByTestId('solana-send').click()
        await approve(page, new RegExp(`${DEV_SOLANA_WALLET_NAME}: sign and send`))
        await expect.poll(() => page.getByTestId('solana-send-result').getAttribute('data-state'), { timeout: 10_000 }).toBe('ok')
        await expect.poll(() => page.getByTestId('balance').textContent()).toBe('9.989 SOL')
        await screenshot(page, 'e2e-dev-chains-solana')
      })
      await step(page, 'reload', async () => {
        await page.reload()
        await expect.poll(() => status(page)).toBe('connected')
        expect(await page.getByTestId('dev-chain-request').count()).toBe(0)
        await page.getByTestId('disconnect').click()
        await expect.poll(() => status(page)).toBe('disconnected')
      })
      await step(page, 'bitcoin', async () => {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        await page.getByRole('dialog').getByRole('button', { name: new RegExp(DEV_BITCOIN_WALLET_NAME) }).click()
        await approve(page, new RegExp(`${DEV_BITCOIN_WALLET_NAME}: getAccounts`))
        await expect.poll(() => status(page)).toBe('connected')
        await expect.poll(() => page.getByTestId('balance').textContent()).toBe('0.100 BTC')
        await page.getByTestId('bitcoin-sign-message').click()
        await approve(page, new RegExp(`${DEV_BITCOIN_WALLET_NAME}: signMessage`))
        await expect.poll(() => page.getByTestId('bitcoin-sign-message-result').getAttribute('data-state')).toBe('ok')
        await page.getByTestId('bitcoin-send').click()
        await approve(page, new RegExp(`${DEV_BITCOIN_WALLET_NAME}: sendTransfer`))
        await expect.poll(() => page.getByTestId('bitcoin-send-result').getAttribute('data-state'), { timeout: 10_000 }).toBe('ok')
        await expect.poll(() => page.getByTestId('balance').textContent()).toBe('0.099 BTC')
        await screenshot(page, 'e2e-dev-chains-bitcoin')
      })
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
