import type { Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import type { TestWallet } from '../../testing/index.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 21 items 5 and 6 in headless Chromium against the dev stack, each fault really injected:
 * the first anvil stopped and restarted on its port (1b, 1c), a declined add-network prompt (5c),
 * ten switches while the wallet's prompt shows (7d) and a wallet on a chain the app does not know (5e).
 */
const dapp = useDappHarness()
/** Anvils this file started in place of the stack's first one: they outlive the test that started them. */
const restarted: Anvil[] = []
afterAll(() => Promise.all(restarted.map((anvil) => anvil.stop())))
const step = stepWithScreenshot('e2e-network-faults-')

const status = (page: Page) => page.getByTestId('status').textContent()
const chain = (page: Page) => page.getByTestId('chain').textContent()
const balance = (page: Page) => page.getByTestId('balance').textContent()
const networkRow = (page: Page, name: string) => page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${name}( Active| Switching…)?$`) })
/** The action types the page's Airlock logged, in order. */
const loggedTypes = (page: Page) => page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string } }[] } } }).airlock.log.entries().map((e) => e.action.type))
const appState = <T,>(page: Page, pick: string) =>
  page.evaluate((path) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], (window as unknown as { airlock: { getState(): unknown } }).airlock.getState()), pick) as Promise<T>
const logMatchesState = (page: Page) =>
  page.evaluate(() => {
    const airlock = (window as unknown as { airlock: { log: { export(): string }; getState(): unknown } }).airlock
    return { log: airlock.log.export(), state: JSON.stringify(airlock.getState()) }
  })

async function connect(page: Page, wallet: TestWallet): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ }).click()
  await expect.poll(() => wallet.calls['eth_requestAccounts'] ?? 0).toBeGreaterThan(0)
  await expect.poll(() => status(page)).toBe('connected')
}

describe('demo dapp in Chromium under chain and wallet faults', { timeout: 90_000 }, () => {
  test('faults: anvil down over a reload, then back: the balance returns on its own after the retry pause (1b, 1c)', async () => {
    const wallet = dapp.newWallet(3)
    // Playwright's clock lets the test jump over the 30 s pause; every timer still runs as written.
    const { page, errors } = await dapp.openDapp(wallet, '', (p) => p.clock.install())
    const port = dapp.devnet.ports.anvil
    await connect(page, wallet)
    await expect.poll(() => balance(page)).toBe('10000.000 ETH')
    await step(page, 'rpc-down', async () => {
      await dapp.devnet.anvils[0].stop()
      await page.reload()
      await expect.poll(() => status(page)).toBe('connected')
      await expect.poll(() => balance(page)).toBe('unavailable')
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Token Balance Unavailable' }).count()).toBeGreaterThan(0)
    })
    await step(page, 'rpc-back', async () => {
      restarted.push(await startAnvil({ port, chainId: 31337 }))
      // A refresh asked now, inside the pause, is queued for its end rather than dropped.
      const key = await appState<string>(page, 'connection.namespaces.eip155.caipAddress')
      await page.evaluate((caipAddress) => (window as unknown as { airlock: { dispatch(a: unknown): void } }).airlock.dispatch({ type: 'balance/fetchRequested', caipAddress, force: true }), key)
      expect(await loggedTypes(page)).toContain('balance/fetchQueued')
      expect(await balance(page)).toBe('unavailable')
      // No user action from here: once the pause is over, the balance is fetched again.
      await page.clock.fastForward('00:31')
      await expect.poll(() => balance(page), { timeout: 10_000 }).toBe('10000.000 ETH')
      await screenshot(page, 'e2e-network-faults-balance-back')
    })
    const { log, state } = await logMatchesState(page)
    expect(JSON.stringify(replay(log))).toBe(state)
    expect(errors).toEqual([])
  })

  test('faults: a declined add-network prompt, ten switches in one second, a wallet on a chain the app does not know (5c, 7d, 5e)', async () => {
    const wallet = dapp.newWallet(4)
    const { page, errors } = await dapp.openDapp(wallet, '')
    const [first, second] = dapp.devnet.config.chains
    await connect(page, wallet)
    const dialog = page.getByRole('dialog')

    await step(page, 'add-network-declined', async () => {
      // The wallet does not know the second chain (4902), and the person declines adding it.
      wallet.rejectNext('wallet_addEthereumChain')
      await page.getByRole('button', { name: /^Network:/ }).first().click()
      await networkRow(page, second!.name).click()
      const toast = page.getByRole('status').filter({ hasText: 'Network switch failed' })
      await expect.poll(() => toast.count()).toBeGreaterThan(0)
      expect(await toast.first().textContent()).toContain('User rejected the request.')
      expect(await toast.first().textContent()).not.toContain('Chain is not supported')
      expect(await chain(page)).toContain(`eip155:${first!.chainId}`)
      // The next try is approved: the chain is added and the wallet switches.
      await networkRow(page, second!.name).click()
      await expect.poll(() => chain(page)).toContain(`eip155:${second!.chainId}`)
      expect(wallet.calls['wallet_addEthereumChain']).toBe(2)
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog.count()).toBe(0)
    })

    await step(page, 'ten-switches', async () => {
      const prompts = wallet.holdPrompts('wallet_switchEthereumChain')
      const failures = async () => (await loggedTypes(page)).filter((type) => type === 'network/switchFailed').length
      const failedBefore = await failures()
      // As an app calling useNetwork().switchNetwork, from the network it is on: second, first, … first, 90 ms apart.
      await page.evaluate(async (ids) => {
        const airlock = (window as unknown as { airlock: { dispatch(a: unknown): void } }).airlock
        for (let i = 0; i < 10; i++) {
          airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: ids[i % 2] })
          await new Promise((resolve) => setTimeout(resolve, 90))
        }
      }, [`eip155:${second!.chainId}`, `eip155:${first!.chainId}`])
      // One prompt shows, for the first request; the app names that one and no other.
      expect(prompts.shown).toEqual([[{ chainId: `0x${second!.chainId.toString(16)}` }]])
      expect(await appState(page, 'connection.switchingTo')).toBe(`eip155:${second!.chainId}`)
      expect((await loggedTypes(page)).filter((type) => type === 'network/switchCancelled')).toHaveLength(9)
      prompts.approve()
      // That answer was for a replaced target: the wallet is asked again, for the last one.
      await expect.poll(() => prompts.showing).toEqual([{ chainId: `0x${first!.chainId.toString(16)}` }])
      expect(await appState(page, 'connection.switchingTo')).toBe(`eip155:${first!.chainId}`)
      prompts.approve()
      await expect.poll(() => chain(page)).toContain(`eip155:${first!.chainId}`)
      expect(wallet.chainId).toBe(first!.chainId)
      expect(await appState(page, 'connection.switchingTo')).toBeNull()
      expect(prompts.shown).toHaveLength(2)
      expect(await failures()).toBe(failedBefore)
      prompts.release()
    })

    await step(page, 'unknown-chain', async () => {
      await expect.poll(() => balance(page)).toBe('10000.000 ETH')
      wallet.moveToChain(999)
      await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Switch Network')
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog.count()).toBe(0)
      // Neither the panel nor the buttons keep showing the old network and its balance.
      await expect.poll(() => chain(page)).toBe('Unsupported network eip155:999')
      await expect.poll(() => balance(page)).toBe('unavailable')
      expect(await page.locator('[data-airlock="network-button"]').textContent()).toBe('Switch network')
      expect(await page.locator('[data-airlock="account-button"] [data-airlock="balance"]').count()).toBe(0)
      await page.locator('[data-airlock="account-button"]').click()
      await expect.poll(() => dialog.locator('[data-airlock="network"]').textContent()).toContain('Unsupported network')
      expect(await dialog.textContent()).not.toContain(first!.name)
      expect(await dialog.locator('[data-airlock="balance"]').textContent()).toBe('Balance unavailable')
      await screenshot(page, 'e2e-network-faults-unsupported-account')
      // From the account view back to a supported network.
      await dialog.getByRole('button', { name: 'Unsupported network. Switch network' }).click()
      await networkRow(page, second!.name).click()
      await expect.poll(() => chain(page)).toBe(`${second!.name} eip155:${second!.chainId}`)
      expect(wallet.chainId).toBe(second!.chainId)
    })
    const { log, state } = await logMatchesState(page)
    expect(JSON.stringify(replay(log))).toBe(state)
    expect(errors).toEqual([])
  })
})
