import type { BrowserContext, Route } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { MOBILE_WALLET_ACCOUNT } from '../../examples/devnet/mobileWallet/build.js'
import { screenshot, stepWithScreenshot } from '../e2e/chromium.js'
import { useDevStack } from '../e2e/useDappHarness.js'
import { verifyIframeHtml } from '../support/wcOffline.js'

/**
 * The demo as a person pairs it (issue #4, part 3): the demo dapp in one tab, WalletConnect,
 * "Copy link", the dev mobile-wallet page in a second tab, paste, Pair, Approve; the dapp shows
 * the wallet's address; "Sign message" in the dapp is approved in the wallet tab and the
 * signature verifies. All in one Chromium profile over the dev stack's relay, nothing leaving
 * 127.0.0.1 (the SDK's verify iframe is answered by a local page, as INFRA.md says).
 */
const stack = useDevStack()
let context: BrowserContext | undefined

// Registered after useDevStack's, so it runs before the browser closes (hooks run as a stack).
afterAll(async () => {
  await context?.close()
})

const VERIFY_HOST = 'https://verify.walletconnect.org/'

const step = stepWithScreenshot('devnet-pairing-')

describe('demo dapp + dev mobile wallet in two tabs', { timeout: 120_000 }, () => {
  test('behavior: copy the link, paste it in the wallet tab, approve; the dapp shows the address, rides out a relay drop; a signature approved in the wallet tab verifies', async () => {
    context = await stack.browser.newContext({ viewport: { width: 1000, height: 820 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.devnet.urls.dapp })
    const refused: string[] = []
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol),
      (route: Route) => {
        const url = route.request().url()
        if (url.startsWith(VERIFY_HOST)) return route.fulfill({ status: 200, contentType: 'text/html', body: verifyIframeHtml() })
        refused.push(url)
        return route.abort('blockedbyclient')
      },
    )
    const errors: string[] = []
    const dapp = await context.newPage()
    dapp.on('pageerror', (error) => errors.push(`dapp: ${error.message}`))
    await dapp.goto(stack.devnet.urls.dapp)
    const dialog = dapp.getByRole('dialog')

    // First the wallet tab: the demo's help links the wallet page, which opens in a new tab.
    const opened = context.waitForEvent('page')
    await dapp.getByRole('link', { name: 'dev mobile wallet (opens in a new tab)' }).click()
    const wallet = await opened
    wallet.on('pageerror', (error) => errors.push(`wallet: ${error.message}`))
    await dapp.bringToFront()
    let link = ''
    await step(dapp, 'copy', async () => {
      await dapp.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog.getByRole('button', { name: 'WalletConnect QR code' }).click()
      await dialog.getByRole('img', { name: /QR code to connect/ }).waitFor({ timeout: 20_000 })
      await dialog.getByRole('button', { name: 'Copy link' }).click()
      // The person sees that it worked.
      await expect.poll(() => dapp.getByText('Link copied').count()).toBeGreaterThan(0)
      link = await dapp.evaluate(() => navigator.clipboard.readText())
      expect(link).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      expect(link).toBe(await dialog.locator('[data-airlock="walletconnect-qr"]').getAttribute('data-uri'))
    })

    const pairingStarted = performance.now()
    await step(wallet, 'pair', async () => {
      await wallet.bringToFront()
      expect(wallet.url()).toBe(stack.devnet.urls.mobileWallet)
      await wallet.waitForSelector('body[data-ready="true"]', { timeout: 15_000 })
      const uriBox = wallet.getByLabel('WalletConnect URI')
      await uriBox.focus()
      // Pasted from the clipboard, as a person would.
      await wallet.keyboard.press('ControlOrMeta+V')
      await expect.poll(() => uriBox.inputValue()).toBe(link)
      await wallet.getByRole('button', { name: 'Pair' }).click()
      const proposal = wallet.getByRole('listitem', { name: 'Connection request from Airlock demo' })
      await proposal.waitFor({ timeout: 15_000 })
      await expect(proposal.textContent()).resolves.toContain(`Site: ${stack.devnet.urls.dapp}`)
      await screenshot(wallet, 'devnet-pairing-proposal')
      await wallet.getByRole('button', { name: 'Approve connection to Airlock demo' }).click()
      await wallet.getByRole('listitem', { name: 'Session with Airlock demo' }).waitFor({ timeout: 15_000 })
    })

    await step(dapp, 'connected', async () => {
      await dapp.bringToFront()
      await expect.poll(() => dapp.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('connected')
      console.info(`[mobile wallet pairing] Pair clicked to connected in the dapp tab: ${(performance.now() - pairingStarted).toFixed(0)} ms`)
      expect(await dapp.getByTestId('address').textContent()).toBe(MOBILE_WALLET_ACCOUNT.address)
      expect(await dapp.getByTestId('wallet').textContent()).toBe('Airlock dev mobile wallet')
      // The modal closed on connect; the Account view names the wallet and how it is connected.
      await dapp.evaluate(() => (window as unknown as { airlock: { open(): void } }).airlock.open())
      await expect
        .poll(() => dialog.locator('[data-airlock="connected-with"]').textContent())
        .toBe('Connected with Airlock dev mobile wallet via WalletConnect')
      await screenshot(dapp, 'devnet-pairing-account')
    })

    await step(dapp, 'reconnecting', async () => {
      // The relay drops every socket: the Account view says "Reconnecting…" until the SDK is back.
      await dapp.evaluate(() => {
        const host = Array.from(document.body.querySelectorAll('*')).find((element) => element.shadowRoot?.querySelector('[data-airlock="relay-status"]'))!
        const seen: (string | null)[] = []
        ;(window as unknown as { relayTexts: typeof seen }).relayTexts = seen
        new MutationObserver(() => {
          const text = host.shadowRoot!.querySelector('[data-airlock="relay-status"]')?.textContent ?? null
          if (seen.at(-1) !== text) seen.push(text)
        }).observe(host.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true })
      })
      const dropped = performance.now()
      stack.devnet.relay.dropAllSockets()
      const texts = () => dapp.evaluate(() => (window as unknown as { relayTexts: (string | null)[] }).relayTexts)
      await expect.poll(async () => (await texts()).includes('Reconnecting…'), { timeout: 10_000 }).toBe(true)
      await expect.poll(async () => (await texts()).at(-1), { timeout: 15_000 }).toBe('')
      console.info(`[mobile wallet pairing] relay dropped to "Reconnecting…" gone in the Account view: ${(performance.now() - dropped).toFixed(0)} ms`)
      expect(await dapp.getByTestId('status').textContent()).toBe('connected')
      const types = await dapp.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string } }[] } } }).airlock.log.entries().map((e) => e.action.type))
      expect(types.filter((t) => t.startsWith('walletConnect/relay'))).toEqual(['walletConnect/relayDisconnected', 'walletConnect/relayReconnected'])
      await dapp.keyboard.press('Escape')
      await expect.poll(() => dialog.count()).toBe(0)
    })

    let signature: Hex | undefined
    let message = ''
    await step(wallet, 'sign', async () => {
      await dapp.getByTestId('sign-message').click()
      // The background tab's title tells the person something waits there.
      await expect.poll(() => wallet.title(), { timeout: 15_000 }).toBe('(1) Airlock dev mobile wallet')
      await wallet.bringToFront()
      const request = wallet.getByRole('listitem', { name: 'personal_sign request from Airlock demo' })
      await request.waitFor({ timeout: 15_000 })
      // The wallet shows the message as text before the person approves it.
      const detail = (await request.locator('.detail', { hasText: 'Sign this message' }).textContent()) ?? ''
      expect(detail).toMatch(/^Sign this message:\n/)
      message = detail.replace(/^Sign this message:\n/, '')
      expect(message).toContain(new URL(stack.devnet.urls.dapp).host)
      await wallet.getByRole('button', { name: 'Approve personal_sign' }).click()
      await expect.poll(() => wallet.getByRole('status').textContent()).toBe('Approved personal_sign.')
      expect(await wallet.title()).toBe('Airlock dev mobile wallet')
      await dapp.bringToFront()
      const result = dapp.getByTestId('sign-message-result')
      await expect.poll(() => result.getAttribute('data-state'), { timeout: 15_000 }).toBe('ok')
      signature = (await result.textContent())!.match(/0x[0-9a-f]{130}/i)![0] as Hex
    })
    expect(await verifyMessage({ address: MOBILE_WALLET_ACCOUNT.address, message, signature: signature! })).toBe(true)

    expect(refused).toEqual([])
    expect(errors).toEqual([])
  })
})
