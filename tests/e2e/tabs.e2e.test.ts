import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { stepWithScreenshot } from './chromium.js'
import { installTestWallet, type TestWallet } from '../../testing/index.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 21 item 7 (fault review rows 8a/8b) and issue 18 part 3: two tabs of the demo in one
 * browser profile agree. A connect, a disconnect, an account change, a network switch and a
 * sign-in in one reach the other as actions in its log; a disconnected tab has no provider left
 * to send a request through.
 */
const dapp = useDappHarness()
const step = stepWithScreenshot('e2e-tabs-')
const status = (page: Page) => page.getByTestId('status').textContent()
const address = (page: Page) => page.getByTestId('address').textContent()
const chain = (page: Page) => page.getByTestId('chain').textContent()
const signIn = (page: Page) => page.getByTestId('siwx').getAttribute('data-status')
const dialog = (page: Page) => page.getByRole('dialog')
/** A network row in the modal: its name, then maybe "Active" or "Switching…". */
const networkRow = (page: Page, name: string) =>
  dialog(page).getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Active| Switching…)?$`) })
type LoggedAction = { type: string; fromTab?: true; caipNetworkId?: string; caipAddress?: string }
const logOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: LoggedAction }[] } } }).airlock.log.entries().map((e) => e.action))

/**
 * A second tab of `first`'s profile (same storage, same BroadcastChannel) with its own instance of
 * the wallet, already trusting the site as an extension would; resolves once it read its storage
 * (the tab sync loads with the same start-up chunk, so it listens from then on).
 */
async function secondTab(first: Page, account: number): Promise<{ second: Page; wallet: TestWallet }> {
  const second = await first.context().newPage()
  const wallet = dapp.newWallet(account)
  await wallet.call('eth_requestAccounts', [])
  await installTestWallet(second, wallet)
  await second.goto(first.url())
  await expect
    .poll(() => second.evaluate(() => (window as unknown as { airlock?: { getState(): { app: { storage: { hydrated: boolean } } } } }).airlock?.getState().app.storage.hydrated ?? false))
    .toBe(true)
  return { second, wallet }
}

async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await dialog(page).getByRole('button', { name: /Airlock Test Wallet/ }).click()
  await expect.poll(() => status(page)).toBe('connected')
}

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

  test('behavior: a connect in one tab reaches the other (same wallet, same address), then a network switch', async () => {
    const [, secondChain] = dapp.devnet.config.chains
    const { page: first, errors } = await dapp.openDapp(dapp.newWallet(4), '')
    const { second } = await secondTab(first, 4)
    expect(await status(second)).toBe('disconnected')
    await step(first, 'connect in the first tab', () => connect(first))
    await step(second, 'the second tab connects to the same wallet', async () => {
      await expect.poll(() => status(second), { timeout: 10_000 }).toBe('connected')
      expect(await address(second)).toBe(await address(first))
      expect(await second.getByTestId('wallet').textContent()).toBe(await first.getByTestId('wallet').textContent())
      // Read as a reload reads storage, then confirmed by the tab's own wallet: both in its log.
      const log = await logOf(second)
      expect(log.filter((a) => a.type === 'storage/hydrated').map((a) => a.fromTab)).toEqual([undefined, true])
      expect(log.filter((a) => a.type === 'connection/accountConnected')).toHaveLength(1)
    })
    await step(first, 'switch network in the first tab', async () => {
      await first.getByRole('button', { name: /^Network:/ }).first().click()
      await networkRow(first, secondChain!.name).click()
      await expect.poll(() => chain(first)).toContain(`eip155:${secondChain!.chainId}`)
    })
    await step(second, 'the second tab shows the new network', async () => {
      await expect.poll(() => chain(second), { timeout: 5_000 }).toContain(`eip155:${secondChain!.chainId}`)
      expect(await status(second)).toBe('connected')
      const switched = (await logOf(second)).filter((a) => a.type === 'network/activeChanged')
      expect(switched).toEqual([{ type: 'network/activeChanged', caipNetworkId: `eip155:${secondChain!.chainId}`, fromTab: true }])
      // Not told back: the first tab switched once, by itself.
      expect((await logOf(first)).filter((a) => a.type === 'network/activeChanged' && a.fromTab)).toEqual([])
    })
    expect(errors).toEqual([])
  })

  test('behavior: a sign-in with the wallet in one tab signs the other in (the session is read from storage there)', async () => {
    const { page: first, errors } = await dapp.openDapp(dapp.newWallet(5), '&siwx=optional')
    const { second, wallet: secondWallet } = await secondTab(first, 5)
    await step(first, 'connect in the first tab', async () => {
      await connect(first)
      await expect.poll(() => dialog(first).getByRole('heading').first().textContent()).toBe('Sign In')
    })
    await step(second, 'the second tab connects and has no session yet', async () => {
      await expect.poll(() => status(second), { timeout: 10_000 }).toBe('connected')
      await expect.poll(() => signIn(second)).toBe('signedOut')
    })
    await step(first, 'sign in in the first tab', async () => {
      await dialog(first).getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => signIn(first)).toBe('signedIn')
    })
    await step(second, 'the second tab is signed in, without a signature of its own', async () => {
      await expect.poll(() => signIn(second), { timeout: 5_000 }).toBe('signedIn')
      await expect.poll(() => dialog(second).count()).toBe(0)
      expect(secondWallet.calls['personal_sign']).toBeUndefined()
      const log = await logOf(second)
      expect(log.filter((a) => a.type === 'siwx/otherTabSignedIn')).toHaveLength(1)
      expect(log.filter((a) => a.type === 'siwx/signedIn')).toEqual([])
    })
    expect(errors).toEqual([])
  })
})
