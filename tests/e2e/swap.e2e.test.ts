import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { launchChromium, screenshot, stepWithScreenshot } from './chromium.js'
import { answerInFrame, emailLogin } from './emailLogin.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Swaps (issue 17) in real Chromium on the demo, settled on anvil: the dev stack's pool contract
 * (examples/devnet/contracts/DevSwap.sol) quoted and built by the dev gateway's `/v1/convert/*`,
 * each transaction signed by the wallet. Balances are read back from the chain, not the page.
 */
const dapp = useDappHarness()
const traced = stepWithScreenshot('e2e-swap-')

type Airlocked = { airlock: { open(): void } }

describe('swaps in Chromium', { timeout: 120_000 }, () => {
  test('behavior: native to a token with no approval, then the token back with an approval first; both balances move on the chain', async () => {
    const account = ANVIL_ACCOUNTS[3]!.address as Address
    const { page, errors } = await dapp.openDapp(dapp.newWallet(3), '')
    const [chain] = dapp.devnet.config.chains
    const client = createPublicClient({ transport: http(chain!.rpcUrl) })
    const dusd = chain!.assets!.tokens.find((t) => t.symbol === 'dUSD')!.address
    const dusdBalance = () => client.readContract({ address: dusd, abi: erc20Abi, functionName: 'balanceOf', args: [account] })
    const ethBalance = () => client.getBalance({ address: account })

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ }).click()
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected')
    await page.evaluate(() => (window as unknown as Airlocked).airlock.open())
    const dialog = page.getByRole('dialog')

    const startDusd = await dusdBalance()
    const startEth = await ethBalance()
    let received = 0n
    const hashes: string[] = []
    await traced(page, 'native-to-token', async () => {
      await dialog.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Swap' }).click()
      const form = dialog.locator('[data-airlock="swap-form"]')
      await form.waitFor({ timeout: 15_000 })
      expect(await dialog.locator('h2').textContent()).toBe('Swap')
      // The form starts from the native coin; the person picks what to receive from the list.
      expect(await form.locator('[data-airlock="swap-from-token"]').textContent()).toContain('ETH')
      await form.locator('[data-airlock="swap-to-token"]').click()
      const picker = dialog.locator('[data-airlock="swap-token-picker"]')
      await picker.getByRole('searchbox').fill('usd')
      await picker.getByRole('button', { name: /dUSD/ }).click()
      await form.locator('[data-airlock="swap-amount"]').fill('0.5')
      // The quote comes from the pool's reserves: 0.5 ETH at about 3,000 dUSD each, less the 0.3% fee and the price moved.
      await expect.poll(() => form.locator('[data-airlock="swap-receive"]').textContent(), { timeout: 15_000 }).toMatch(/^1,4\d\d\.\d+$/)
      await form.getByRole('button', { name: 'Review swap' }).click()
      const preview = dialog.locator('[data-airlock="swap-preview"]')
      await preview.waitFor()
      const text = await preview.textContent()
      for (const label of ['You pay0.5 ETH', 'Rate1 ETH = ', 'Price impact', 'Network fee≈ ', 'Minimum received']) expect(text).toContain(label)
      await screenshot(page, 'e2e-swap-preview')
      await preview.getByRole('button', { name: 'Swap', exact: true }).click()
      await dialog.locator('[data-airlock="swap-success"]').waitFor({ timeout: 20_000 })
      hashes.push((await dialog.locator('[data-airlock="swap-hash"]').textContent())!)
      expect(hashes[0]).toMatch(/^0x[0-9a-f]{64}$/)
      await screenshot(page, 'e2e-swap-success')
      received = (await dusdBalance()) - startDusd
      expect(received > parseUnits('1400', 6) && received < parseUnits('1500', 6)).toBe(true)
      // 0.5 ETH and the gas left the account; only one transaction (no approval for the native coin).
      expect(startEth - (await ethBalance()) > parseEther('0.5')).toBe(true)
      expect(await client.getTransactionCount({ address: account })).toBe(1)
      await dialog.getByRole('button', { name: 'Done' }).click()
    })

    await traced(page, 'token-to-native', async () => {
      const form = dialog.locator('[data-airlock="swap-form"]')
      // Paying with the token the form receives exchanges the two sides.
      await form.locator('[data-airlock="swap-from-token"]').click()
      await dialog.locator('[data-airlock="swap-token-picker"]').getByRole('button', { name: /dUSD/ }).first().click()
      expect(await form.locator('[data-airlock="swap-to-token"]').textContent()).toContain('ETH')
      await form.locator('[data-airlock="swap-amount"]').fill('100')
      await expect.poll(() => form.getByRole('button', { name: 'Review swap' }).isEnabled(), { timeout: 15_000 }).toBe(true)
      await form.getByRole('button', { name: 'Review swap' }).click()
      const preview = dialog.locator('[data-airlock="swap-preview"]')
      // The pool may not take the token yet: the approval comes first, in the same press.
      await preview.getByRole('button', { name: 'Approve dUSD and swap' }).click()
      await dialog.locator('[data-airlock="swap-success"]').waitFor({ timeout: 30_000 })
      hashes.push((await dialog.locator('[data-airlock="swap-hash"]').textContent())!)
      expect((await dusdBalance()) - startDusd).toBe(received - parseUnits('100', 6))
      // The approval and the swap: two more transactions.
      expect(await client.getTransactionCount({ address: account })).toBe(3)
      await dialog.getByRole('button', { name: 'Done' }).click()
    })

    // Activity lists both swaps, each with both legs, once the chain has them (the ETH paid out read from the pool's Swap event).
    await dialog.getByLabel('Back').click()
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    const [first, second] = hashes.map((hash) => dialog.locator(`[data-activity="${hash}"]`))
    await expect.poll(() => first!.getAttribute('data-status'), { timeout: 15_000 }).toBe('confirmed')
    expect(await first!.textContent()).toMatch(/^↑Swapped 0\.500 ETH for 1,4\d\d\.\d{3} dUSD/)
    await expect.poll(() => second!.getAttribute('data-status'), { timeout: 15_000 }).toBe('confirmed')
    expect(await second!.textContent()).toMatch(/^↑Swapped 100\.000 dUSD for 0\.0\d\d ETH/)
    await screenshot(page, 'e2e-swap-activity')
    expect(errors).toEqual([])
  })

  test('behavior: with the embedded wallet, the swap is approved inside the secure frame', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(4), '')
    await emailLogin(page, dapp.devnet.urls.gateway, `e2e-swap-${Date.now().toString(36)}@example.com`)
    await page.evaluate(() => (window as unknown as Airlocked).airlock.open())
    const dialog = page.getByRole('dialog')
    await traced(page, 'embedded', async () => {
      await dialog.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Swap' }).click()
      const form = dialog.locator('[data-airlock="swap-form"]')
      await form.waitFor({ timeout: 15_000 })
      await form.locator('[data-airlock="swap-to-token"]').click()
      await dialog.locator('[data-airlock="swap-token-picker"]').getByRole('button', { name: /ADT/ }).click()
      await form.locator('[data-airlock="swap-amount"]').fill('0.25')
      await expect.poll(() => form.getByRole('button', { name: 'Review swap' }).isEnabled(), { timeout: 15_000 }).toBe(true)
      await form.getByRole('button', { name: 'Review swap' }).click()
      await dialog.locator('[data-airlock="swap-preview"]').getByRole('button', { name: 'Swap', exact: true }).click()
      // The page cannot sign: the frame shows its own card and the person approves there.
      await answerInFrame(page, 'Approve')
      await dialog.locator('[data-airlock="swap-success"]').waitFor({ timeout: 20_000 })
      await dialog.getByRole('button', { name: 'Done' }).click()
      await dialog.getByLabel('Back').click()
      await expect.poll(() => dialog.locator('[data-airlock="tokens"] [data-token="ADT"]').textContent(), { timeout: 15_000 }).toMatch(/\d ADT/)
    })
    expect(errors).toEqual([])
  })
  test("behavior: with the demo's own dev wallet, the swap waits for its Approve and settles", async () => {
    // The harness's pages turn the demo's dev wallet off; this one keeps it, as `npm start` serves it.
    const browser = await launchChromium()
    const page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    try {
      await page.goto(`${dapp.devnet.urls.dapp}/`)
      await traced(page, 'dev-wallet', async () => {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        await page.getByRole('dialog').getByRole('button', { name: /Airlock Dev Wallet/ }).click()
        await page.getByRole('button', { name: /^Approve: Connect to this site/ }).click({ timeout: 10_000 })
        await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected')
        await page.evaluate(() => (window as unknown as Airlocked).airlock.open())
        const dialog = page.getByRole('dialog')
        await dialog.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Swap' }).click()
        const form = dialog.locator('[data-airlock="swap-form"]')
        await form.locator('[data-airlock="swap-to-token"]').click({ timeout: 15_000 })
        await dialog.locator('[data-airlock="swap-token-picker"]').getByRole('button', { name: /ADT/ }).click()
        await form.locator('[data-airlock="swap-amount"]').fill('0.1')
        await expect.poll(() => form.getByRole('button', { name: 'Review swap' }).isEnabled(), { timeout: 15_000 }).toBe(true)
        await form.getByRole('button', { name: 'Review swap' }).click()
        await dialog.locator('[data-airlock="swap-preview"]').getByRole('button', { name: 'Swap', exact: true }).click()
        // The wallet asks first: the modal waits for it.
        await dialog.locator('[data-airlock="swap-pending"]').waitFor()
        await page.getByRole('button', { name: /^Approve: Send transaction/ }).click({ timeout: 10_000 })
        await dialog.locator('[data-airlock="swap-success"]').waitFor({ timeout: 20_000 })
      })
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
