import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { stepWithScreenshot } from './chromium.js'
import { installTestWallet } from '../../testing/index.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 21 item 7 (fault review rows 8a/8b): two tabs of the demo in one browser profile agree.
 * A disconnect or an account change in one reaches the other, which stops showing "connected"
 * and has no provider left to send a request through.
 */
const dapp = useDappHarness()
const step = stepWithScreenshot('e2e-tabs-')
const status = (page: Page) => page.getByTestId('status').textContent()

describe('two tabs of the demo', { timeout: 60_000 }, () => {
  test('faults: a disconnect in one tab reaches the other; it can no longer send', async () => {
    const wallet = dapp.newWallet(6)
    const { page: first, errors } = await dapp.openDapp(wallet, '')
    await step(first, 'connect in the first tab', async () => {
      await first.getByRole('button', { name: 'Connect Wallet' }).click()
      await first.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ }).click()
      await expect.poll(() => status(first)).toBe('connected')
    })
    // The second tab: same profile (storage, BroadcastChannel), the same account in its own wallet
    // instance, which (like the demo's dev wallet) does not tell this tab when the first one revokes.
    const second = await first.context().newPage()
    const secondWallet = dapp.newWallet(6)
    await secondWallet.call('eth_requestAccounts', [])
    await installTestWallet(second, secondWallet)
    await second.goto(first.url())
    await step(second, 'the second tab restores it', async () => {
      await expect.poll(() => status(second)).toBe('connected')
    })
    await step(first, 'disconnect in the first tab', async () => {
      await first.getByTestId('disconnect').click()
      await expect.poll(() => status(first)).toBe('disconnected')
    })
    await step(second, 'the second tab follows', async () => {
      await expect.poll(() => status(second), { timeout: 5_000 }).toBe('disconnected')
      expect(await second.getByTestId('send-transaction').isDisabled()).toBe(true)
      // Page code that kept the provider gets none now: nothing can be sent for the old session.
      expect(await second.evaluate(() => (window as unknown as { airlock: { getProvider(): unknown } }).airlock.getProvider() === undefined)).toBe(true)
      const log = await second.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string; reason?: string } }[] } } }).airlock.log.entries().map((e) => e.action))
      expect(log.filter((a) => a.type === 'connection/disconnected')).toEqual([{ type: 'connection/disconnected', namespace: 'eip155', reason: 'otherTab' }])
    })
    expect(errors).toEqual([])
  })
})
