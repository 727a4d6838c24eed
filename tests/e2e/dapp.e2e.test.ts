import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import type { TestWallet } from '../../testing/index.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { firstButton, recordStatuses, reloadConnected, statuses } from './statusRecorder.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 3's browser path, in real headless Chromium against the demo dapp and
 * two real anvil chains, with the Node-backed test wallet injected as an
 * EIP-6963 wallet (the demo's own dev wallet is off).
 */
const dapp = useDappHarness()
const account = ANVIL_ACCOUNTS[2]
const newWallet = (): TestWallet => dapp.newWallet(2)

/** The demo with the wallet injected, recording every account status the page shows (survives reloads). */
const openDapp = (wallet: TestWallet) => dapp.openDapp(wallet, '', recordStatuses)

/** Opens the modal and picks the test wallet; resolves once the wallet was asked. */
async function connect(page: Page, wallet: TestWallet, clicks = 1): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const row = page.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ })
  await row.click({ clickCount: clicks })
  await expect.poll(() => wallet.calls['eth_requestAccounts'] ?? 0).toBeGreaterThan(0)
}

/** A network row in the modal: its name, then maybe "Active" or "Switching…" (names share prefixes). */
const networkRow = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Active| Switching…)?$`) })

const status = (page: Page) => page.getByTestId('status').textContent()
const chain = (page: Page) => page.getByTestId('chain').textContent()
const logMatchesState = (page: Page) =>
  page.evaluate(() => {
    const airlock = (window as unknown as { airlock: { log: { export(): string }; getState(): unknown } }).airlock
    return { log: airlock.log.export(), state: JSON.stringify(airlock.getState()) }
  })

const step = stepWithScreenshot('e2e-')

describe('demo dapp in Chromium with an injected wallet', { timeout: 60_000 }, () => {
  test('behavior: connect, balance, reload, sign, send, disconnect', async () => {
    const wallet = newWallet()
    const { page, errors, lastParams } = await openDapp(wallet)
    await step(page, 'connect', async () => {
      await connect(page, wallet)
      await expect.poll(() => status(page)).toBe('connected')
      await expect.poll(() => page.getByTestId('address').textContent()).toBe(account.address)
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe('10000.000 ETH')
      expect(await page.getByRole('dialog').count()).toBe(0)
      await screenshot(page, 'e2e-connected')
    })
    await step(page, 'reload', async () => {
      // Never connected on the stored address alone: the wallet confirmed it first.
      await reloadConnected(page)
      expect(wallet.calls['eth_accounts']).toBeGreaterThan(0)
      // Issue 15: no "Connect Wallet" flash for a returning visitor: "Connecting…" from the first render.
      expect((await statuses(page))[0]).toBe('connecting')
      expect(await firstButton(page)).toBe('Connecting…')
    })
    await step(page, 'sign', async () => {
      await page.getByTestId('sign-message').click()
      const result = page.getByTestId('sign-message-result')
      await expect.poll(() => result.getAttribute('data-state')).toBe('ok')
      const signature = (await result.textContent())!.match(/0x[0-9a-f]+/i)![0] as Hex
      const [raw] = lastParams.get('personal_sign') as [Hex, string]
      expect(await verifyMessage({ address: account.address, message: { raw }, signature })).toBe(true)
    })
    await step(page, 'send', async () => {
      await page.getByTestId('send-transaction').click()
      const result = page.getByTestId('send-transaction-result')
      await expect.poll(() => result.getAttribute('data-state')).toBe('ok')
      const hash = (await result.textContent())!.match(/0x[0-9a-f]{64}/i)![0]
      await expect.poll(() => dapp.devnet.anvils[0].rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]), { timeout: 5_000 }).toMatchObject({ status: '0x1' })
      // The balance refreshes after the send (0.01 ETH plus gas).
      await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toMatch(/^9999\.98\d ETH$/)
    })
    await step(page, 'disconnect', async () => {
      await page.getByTestId('disconnect').click()
      await expect.poll(() => status(page)).toBe('disconnected')
      await expect.poll(() => page.getByRole('button', { name: 'Connect Wallet' }).count()).toBe(1)
    })
    await step(page, 'reload-disconnected', async () => {
      // Disconnected, the hint is gone: the next load starts at "Connect Wallet".
      await expect.poll(() => page.evaluate(() => localStorage.getItem('@airlock/returning'))).toBeNull()
      await page.reload()
      await expect.poll(() => status(page)).toBe('disconnected')
      expect(await firstButton(page)).toBe('Connect Wallet')
      expect(await statuses(page)).toEqual(['disconnected'])
    })
    const { log, state } = await logMatchesState(page)
    expect(JSON.stringify(replay(log))).toBe(state)
    expect(errors).toEqual([])
  })

  test('behavior: by keyboard, open and close twice: the dialog takes focus, Escape gives it back to the button', async () => {
    const wallet = newWallet()
    const { page, errors } = await openDapp(wallet)
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    const dialog = page.getByRole('dialog')
    // The closed dialog exists ahead of time (hidden): neither the role query nor assistive tech sees it.
    await expect.poll(() => page.evaluate(() => Boolean(document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role="dialog"]')))).toBe(true)
    expect(await dialog.count()).toBe(0)
    for (const round of [1, 2]) {
      await step(page, `keyboard-${round}`, async () => {
        await button.focus()
        await page.keyboard.press('Enter')
        await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).waitFor()
        await expect.poll(() => dialog.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true)
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog.count()).toBe(0)
        await expect.poll(() => button.evaluate((el) => document.activeElement === el)).toBe(true)
      })
    }
    expect(wallet.calls['eth_requestAccounts'] ?? 0).toBe(0)
    expect(errors).toEqual([])
  })

  test('behavior: the demo’s theme switcher changes the open modal at once: dark, light, then system (the device: dark here)', async () => {
    const wallet = newWallet()
    const { page, errors } = await openDapp(wallet)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).waitFor()
    // As 0-255 channels: a colour through color-mix() computes to `color(srgb 1 1 1)`, not `rgb(…)`.
    const background = () =>
      dialog.evaluate((el) => {
        const color = getComputedStyle(el.closest('.card') ?? el).backgroundColor
        const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(color)
        return srgb ? `rgb(${srgb.slice(1, 4).map((c) => Math.round(Number(c) * 255)).join(', ')})` : color
      })
    const switcher = page.getByTestId('theme-switcher')
    await switcher.selectOption('light', { force: true })
    await expect.poll(background).toBe('rgb(255, 255, 255)')
    await switcher.selectOption('dark', { force: true })
    await expect.poll(background).toBe('rgb(25, 26, 26)')
    await switcher.selectOption('system', { force: true })
    await expect.poll(background).toBe('rgb(25, 26, 26)')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(background).toBe('rgb(255, 255, 255)')
    // Each change is an action in the log.
    const modes = await page.evaluate(() => {
      const airlock = (window as unknown as { airlock: { log: { export(): string } } }).airlock
      return (JSON.parse(airlock.log.export()) as { entries: { action: { type: string; mode?: string } }[] }).entries.filter((e) => e.action.type === 'theme/modeChanged').map((e) => e.action.mode)
    })
    expect(modes).toEqual(['light', 'dark', 'system'])
    expect(errors).toEqual([])
  })

  test('behavior: the demo’s language switcher: each language loads on demand, the button and the open modal follow, Arabic is right to left (issue 18)', async () => {
    const wallet = newWallet()
    const { page, errors } = await openDapp(wallet)
    const languages = { es: 'Conectar billetera', zh: '连接钱包', ja: 'ウォレットを接続', ar: 'ربط المحفظة' }
    const switcher = page.getByTestId('locale-switcher')
    for (const [locale, connect] of Object.entries(languages)) {
      await step(page, `locale-${locale}`, async () => {
        await switcher.selectOption(locale)
        // The button (in the page's first file) and the dialog's title, labelled by it, both in the language.
        await page.getByRole('button', { name: connect, exact: true }).click()
        const dialog = page.getByRole('dialog', { name: connect })
        await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).waitFor()
        const root = await dialog.evaluate((el) => {
          const host = el.closest('[lang]')
          return { lang: host?.getAttribute('lang'), direction: getComputedStyle(el).direction }
        })
        expect(root).toEqual({ lang: locale, direction: locale === 'ar' ? 'rtl' : 'ltr' })
        await screenshot(page, `e2e-locale-${locale}`)
        await page.keyboard.press('Escape')
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
      })
    }
    await switcher.selectOption('en')
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).waitFor()
    // Each choice and each arrival is an action in the log.
    const actions = await page.evaluate(() => {
      const airlock = (window as unknown as { airlock: { log: { export(): string } } }).airlock
      const entries = (JSON.parse(airlock.log.export()) as { entries: { action: { type: string; locale?: string } }[] }).entries
      return entries.filter((e) => e.action.type.startsWith('theme/') && e.action.locale).map((e) => `${e.action.type} ${e.action.locale}`)
    })
    expect(actions).toEqual([
      ...Object.keys(languages).flatMap((locale) => [`theme/localeChanged ${locale}`, `theme/catalogueLoaded ${locale}`]),
      'theme/localeChanged en',
      'theme/catalogueLoaded en',
    ])
    expect(wallet.calls['eth_requestAccounts'] ?? 0).toBe(0)
    expect(errors).toEqual([])
  })

  test('behavior: switch chains (one the wallet must add) and a wallet on an unknown chain', async () => {
    const wallet = newWallet()
    const { page, errors } = await openDapp(wallet)
    const [first, second] = dapp.devnet.config.chains
    await connect(page, wallet)
    await expect.poll(() => status(page)).toBe('connected')
    await step(page, 'switch-add', async () => {
      await page.getByRole('button', { name: /^Network:/ }).first().click()
      await networkRow(page, second!.name).click()
      await expect.poll(() => chain(page)).toContain(`eip155:${second!.chainId}`)
      expect(wallet.calls['wallet_addEthereumChain']).toBe(1)
      expect(wallet.chainId).toBe(second!.chainId)
    })
    await step(page, 'switch-back', async () => {
      await page.getByRole('button', { name: /^Network:/ }).first().click()
      await networkRow(page, first!.name).click()
      await expect.poll(() => chain(page)).toContain(`eip155:${first!.chainId}`)
      expect(wallet.calls['wallet_addEthereumChain']).toBe(1)
    })
    await step(page, 'unsupported', async () => {
      wallet.moveToChain(999)
      const dialog = page.getByRole('dialog')
      await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Switch Network')
      await networkRow(page, first!.name).waitFor()
      await screenshot(page, 'e2e-unsupported-chain')
      await networkRow(page, first!.name).click()
      await expect.poll(() => dialog.count()).toBe(0)
      expect(wallet.chainId).toBe(first!.chainId)
    })
    expect(errors).toEqual([])
  })

  test('faults: a rejected connect, a double click and a failing switch', async () => {
    const wallet = newWallet()
    const { page, errors } = await openDapp(wallet)
    const [first, second] = dapp.devnet.config.chains
    await step(page, 'reject', async () => {
      wallet.rejectNext('eth_requestAccounts')
      await connect(page, wallet)
      const dialog = page.getByRole('dialog')
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('User rejected the request.')
      expect(await status(page)).toBe('disconnected')
      await screenshot(page, 'e2e-connect-rejected')
      await dialog.getByRole('button', { name: 'Retry' }).click()
      await expect.poll(() => status(page)).toBe('connected')
      expect(wallet.calls['eth_requestAccounts']).toBe(2)
    })
    await step(page, 'switch-fails', async () => {
      wallet.failNext('wallet_switchEthereumChain', { code: -32000, message: 'Internal wallet error' })
      await page.getByRole('button', { name: /^Network:/ }).first().click()
      await networkRow(page, second!.name).click()
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Network switch failed' }).count()).toBeGreaterThan(0)
      await screenshot(page, 'e2e-switch-failed-toast')
      expect(await chain(page)).toContain(`eip155:${first!.chainId}`)
      expect(wallet.chainId).toBe(first!.chainId)
      // Escape closes the modal and gives the page back.
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    })
    await step(page, 'double-click', async () => {
      await page.getByTestId('disconnect').click()
      await expect.poll(() => status(page)).toBe('disconnected')
      const before = wallet.calls['eth_requestAccounts'] ?? 0
      await connect(page, wallet, 2)
      await expect.poll(() => status(page)).toBe('connected')
      expect(wallet.calls['eth_requestAccounts']).toBe(before + 1)
    })
    expect(errors).toEqual([])
  })
})
