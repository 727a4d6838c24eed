import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { screenshot, stepWithScreenshot } from '../e2e/chromium.js'
import { recordStatuses, statuses } from '../e2e/statusRecorder.js'
import { useDevStack } from '../e2e/useDappHarness.js'

const stack = useDevStack()
const contexts: BrowserContext[] = []

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close()
})

async function openDapp(query = ''): Promise<{ page: Page; errors: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width: 1200, height: 820 }, acceptDownloads: true })
  contexts.push(context)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // Every status text the account panel shows, in order (re-installed on reload).
  await recordStatuses(page)
  await page.goto(`${stack.devnet.urls.dapp}/${query}`)
  return { page, errors }
}

/** The person's side of the dev wallet: waits for a request of `kind` in its panel and answers it. */
async function answerInPanel(page: Page, kind: string, answer: 'Approve' | 'Reject' | 'Enter' | 'Escape' = 'Approve'): Promise<string[]> {
  const request = page.locator(`#airlock-dev-wallet [data-testid="dev-wallet-request"][data-kind="${kind}"]`).first()
  await request.waitFor({ timeout: 10_000 })
  const details = await request.locator('p').allTextContents()
  const approve = request.getByRole('button', { name: /^Approve:/ })
  if (answer === 'Approve' || answer === 'Reject') await request.getByRole('button', { name: new RegExp(`^${answer}:`) }).click()
  else {
    // By keyboard: Enter on the focused Approve button, or Escape anywhere in the panel to reject.
    await approve.focus()
    await page.keyboard.press(answer)
  }
  return details
}

const step = stepWithScreenshot('')

describe('demo dapp in Chromium', () => {
  test('behavior: the ConnectButton renders and the modal lists the announced Airlock Dev Wallet', async () => {
    const { page, errors } = await openDapp()
    await step(page, 'devnet-connect-modal', async () => {
      const connect = page.locator('[data-airlock="connect-button"]')
      await expect.poll(() => connect.textContent(), { timeout: 10_000 }).toBe('Connect Wallet')
      await expect.poll(() => page.locator('[data-airlock="network-button"]').textContent()).toBe('Airlock Devnet')

      // The dev wallet answers EIP-6963 requests with its info and a data-URI icon.
      const announced = await page.evaluate(() => {
        const infos: { name: string; rdns: string; uuid: string; icon: string }[] = []
        const listener = (event: Event) => infos.push((event as CustomEvent<{ info: (typeof infos)[number] }>).detail.info)
        window.addEventListener('eip6963:announceProvider', listener)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
        window.removeEventListener('eip6963:announceProvider', listener)
        return infos
      })
      expect(announced).toEqual([expect.objectContaining({ name: 'Airlock Dev Wallet', rdns: 'dev.airlock.wallet', icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/) })])
      await expect.poll(() => page.locator('#airlock-dev-wallet [data-testid="dev-wallet-status"]').textContent()).toContain('not connected')

      await connect.click()
      // CSS and text locators pierce the modal's open shadow root.
      const row = page.locator('airlock-modal').getByRole('button', { name: 'Airlock Dev Wallet' })
      await row.waitFor({ timeout: 10_000 })
      await screenshot(page, 'devnet-connect-modal')
    })
    expect(errors).toEqual([])
  })

  test('behavior: ?devWallet=0 leaves the dev wallet out', async () => {
    const { page, errors } = await openDapp('?devWallet=0')
    await page.locator('[data-airlock="connect-button"]').waitFor()
    expect(await page.locator('#airlock-dev-wallet').count()).toBe(0)
    expect(await page.locator('text=The dev wallet is off').count()).toBe(1)
    expect(errors).toEqual([])
  })

  test('behavior: connect with the dev wallet, sign, reject, send, reload, export and replay the log', async () => {
    const { page, errors } = await openDapp()
    const [devAccount, recipient] = [ANVIL_ACCOUNTS[0].address, ANVIL_ACCOUNTS[1].address]
    const text = (testid: string) => page.locator(`[data-testid="${testid}"]`).textContent()
    await step(page, 'devnet-flow', async () => {
      await page.locator('[data-airlock="connect-button"]').click()
      await page.locator('airlock-modal').getByRole('button', { name: 'Airlock Dev Wallet' }).click()
      await answerInPanel(page, 'connect')
      await expect.poll(() => text('status'), { timeout: 10_000 }).toBe('connected')
      expect(await text('address')).toBe(devAccount)
      expect(await text('wallet')).toBe('Airlock Dev Wallet')
      await expect.poll(() => text('balance'), { timeout: 10_000 }).toMatch(/^\d[\d.,]* ETH$/)
      expect(await statuses(page)).toEqual(['disconnected', 'connecting', 'connected'])

      await page.getByTestId('sign-message').click()
      const [message] = await answerInPanel(page, 'sign', 'Enter')
      await page.locator('[data-testid="sign-message-result"][data-state="ok"]').waitFor()
      const signature = (await text('sign-message-result')) as Hex
      expect(await verifyMessage({ address: devAccount, message: message!, signature })).toBe(true)

      await page.getByTestId('sign-typed-data').click()
      await answerInPanel(page, 'signTypedData', 'Escape')
      await page.locator('[data-testid="sign-typed-data-result"][data-state="error"]').waitFor()
      expect(await text('sign-typed-data-result')).toBe('Error: [4001] User rejected the request.')

      const before = BigInt(await stack.devnet.anvils[0].rpc<string>('eth_getBalance', [recipient, 'latest']))
      const shownBefore = await text('balance')
      await page.getByTestId('send-transaction').click()
      expect(await answerInPanel(page, 'send')).toContain('Value 0.01 ETH on chain 31337')
      await page.locator('[data-testid="send-transaction-result"][data-state="ok"]').waitFor()
      const hash = await text('send-transaction-result')
      // anvil mines right away, but the receipt can show up a moment after the hash.
      await expect.poll(() => stack.devnet.anvils[0].rpc('eth_getTransactionReceipt', [hash]), { timeout: 5_000 }).toMatchObject({ status: '0x1' })
      expect(BigInt(await stack.devnet.anvils[0].rpc<string>('eth_getBalance', [recipient, 'latest'])) - before).toBe(10n ** 16n)
      // The page asks for a fresh balance once the transaction is mined.
      await expect.poll(() => text('balance'), { timeout: 10_000 }).not.toBe(shownBefore)
      await screenshot(page, 'devnet-connected')

      // After a reload the stored connection is confirmed with the wallet again: 'connecting', then 'connected'.
      await page.reload()
      await expect.poll(() => text('status'), { timeout: 10_000 }).toBe('connected')
      expect(await statuses(page)).toContain('connecting')
      expect((await statuses(page)).at(-1)).toBe('connected')

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-log').click()])
      const downloaded = JSON.parse(await readFile(await download.path(), 'utf8'))
      expect(downloaded).toMatchObject({ format: 'airlock-log', version: 1 })
      // The page keeps working after the click (the WalletConnect entry can join the wallet
      // list a moment later), so the replay is compared with a log and a state read in one
      // task; the downloaded file must be the start of that same log.
      const { log, live } = await page.evaluate(() => ({ log: window.airlock!.log.export(), live: JSON.stringify(window.airlock!.getState()) }))
      expect(JSON.parse(log).entries.slice(0, downloaded.entries.length)).toEqual(downloaded.entries)
      expect(downloaded.entries.length).toBeGreaterThan(0)
      expect(JSON.parse(JSON.stringify(replay(log)))).toEqual(JSON.parse(live))
      expect(await page.getByTestId('event-log').locator('li').count()).toBeGreaterThan(0)
    })
    expect(errors).toEqual([])
  })

  test('behavior: switching to 31338 goes through wallet_addEthereumChain; an unknown chain shows "Switch network"', async () => {
    const { page, errors } = await openDapp()
    await step(page, 'devnet-networks', async () => {
      await page.locator('[data-airlock="connect-button"]').click()
      await page.locator('airlock-modal').getByRole('button', { name: 'Airlock Dev Wallet' }).click()
      await answerInPanel(page, 'connect')
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('connected')

      await page.locator('[data-airlock="network-button"]').click()
      await page.locator('airlock-modal').getByRole('button', { name: /Airlock Devnet 2/ }).click()
      expect(await answerInPanel(page, 'addChain')).toContain('Airlock Devnet 2 (31338)')
      await expect.poll(() => page.getByTestId('chain').textContent(), { timeout: 10_000 }).toContain('eip155:31338')
      await expect.poll(() => page.locator('[data-airlock="network-button"]').textContent()).toBe('Airlock Devnet 2')

      await page.locator('#airlock-dev-wallet').getByRole('button', { name: 'Move to chain 999' }).click()
      await expect.poll(() => page.locator('[data-airlock="network-button"]').textContent(), { timeout: 10_000 }).toBe('Switch network')
    })
    expect(errors).toEqual([])
  })
})
