import type { Page, Route } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { createWcWallet, type WcWallet } from '../support/wcWallet.js'
import { verifyIframeHtml } from '../support/wcOffline.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue #4, the browser half: the demo dapp in Chromium shows a WalletConnect QR code, a Node
 * WalletConnect wallet pairs with the URI read from the page over the dev stack's relay, the
 * Account view shows its address and the demo's "Sign message" round-trips a signature.
 * Every request that would leave 127.0.0.1 is refused and recorded.
 */
const dapp = useDappHarness()
const account = ANVIL_ACCOUNTS[2]
const wallets: WcWallet[] = []
afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.close().catch(() => {})
})

/** The WalletConnect verify iframe (INFRA.md): the SDK loads it from its fixed host; a local stand-in answers. */
const VERIFY_HOST = 'https://verify.walletconnect.org/'

/** Refuses every non-local request (recorded), except the verify iframe, answered by a local page. */
async function keepLocal(page: Page): Promise<{ refused: string[]; verify: string[] }> {
  const refused: string[] = []
  const verify: string[] = []
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route: Route) => {
      const url = route.request().url()
      if (url.startsWith(VERIFY_HOST)) {
        verify.push(url)
        return route.fulfill({ status: 200, contentType: 'text/html', body: verifyIframeHtml() })
      }
      refused.push(url)
      return route.abort('blockedbyclient')
    },
  )
  return { refused, verify }
}

const step = stepWithScreenshot('e2e-walletconnect-')

describe('WalletConnect in Chromium (demo dapp + local relay + Node wallet)', { timeout: 90_000 }, () => {
  test('behavior: QR code, pair from the page URI, Account shows the address, a signature round-trips', async () => {
    const chain = dapp.devnet.config.chains[0]!
    const wallet = await createWcWallet({ relayUrl: dapp.devnet.config.relayUrl, rpcUrl: { [chain.chainId]: chain.rpcUrl }, privateKey: account.privateKey, chains: [chain.chainId] })
    wallets.push(wallet)
    const signRequests: unknown[] = []
    wallet.client.on('session_request', ({ params }) => void signRequests.push(params.request))

    let outbound: { refused: string[]; verify: string[] } | undefined
    const { page, errors } = await dapp.openDapp(dapp.newWallet(1), '', async (p) => (outbound = await keepLocal(p)))
    const dialog = page.getByRole('dialog')
    const qr = dialog.locator('[data-airlock="walletconnect-qr"][data-uri]')

    let uri = ''
    let shownAt = 0
    await step(page, 'qr', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      // A person reads the list for a moment; meanwhile the SDK gets ready (prewarmEpic).
      await dialog.getByRole('button', { name: 'WalletConnect QR code' }).waitFor()
      await page.waitForTimeout(1_500)
      // Timed in the page (Playwright's polling is too coarse): from the press to the QR code in the modal's shadow root.
      const timing = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let pressed = 0
            document.addEventListener('pointerdown', () => (pressed = performance.now()), { capture: true, once: true })
            const look = (): void => {
              const roots = [...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))
              if (pressed > 0 && roots.some((root) => root.querySelector('[data-airlock="walletconnect-qr"][data-uri]'))) resolve(performance.now() - pressed)
              else requestAnimationFrame(look)
            }
            look()
          }),
      )
      await dialog.getByRole('button', { name: 'WalletConnect QR code' }).click()
      await qr.waitFor({ timeout: 20_000 })
      shownAt = performance.now()
      console.info(`[walletConnect e2e] press on WalletConnect to QR code, in the page: ${(await timing).toFixed(0)} ms`)
      uri = (await qr.getAttribute('data-uri'))!
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      expect(await dialog.getByRole('img', { name: /QR code to connect/ }).count()).toBe(1)
      expect(await dialog.getByRole('button', { name: 'Copy link' }).getAttribute('data-uri')).toBe(uri)
      await screenshot(page, 'e2e-walletconnect-qr')
    })

    await step(page, 'pair', async () => {
      await wallet.pair(uri)
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('connected')
      const pairingMs = performance.now() - shownAt
      console.info(`[walletConnect e2e] pairing time, QR shown to connected in the page: ${pairingMs.toFixed(0)} ms`)
      expect(await page.getByTestId('address').textContent()).toBe(account.address)
      // The modal closed on connect; opened again it is the Account view with the wallet's address.
      await page.evaluate(() => (window as unknown as { airlock: { open(): void } }).airlock.open())
      await expect.poll(() => dialog.locator('[data-view="Account"] [data-airlock="address"]').getAttribute('title')).toBe(account.address)
      // The wallet's own name (from its validated metadata), not the protocol's.
      expect(await dialog.getByText('Connected with Airlock test wallet').count()).toBe(1)
      expect(await page.getByTestId('wallet').textContent()).toBe('Airlock test wallet')
      await screenshot(page, 'e2e-walletconnect-account')
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog.count()).toBe(0)
    })

    await step(page, 'sign', async () => {
      await page.getByTestId('sign-message').click()
      const result = page.getByTestId('sign-message-result')
      await expect.poll(() => result.getAttribute('data-state'), { timeout: 15_000 }).toBe('ok')
      const signature = (await result.textContent())!.match(/0x[0-9a-f]+/i)![0] as Hex
      const request = signRequests.find((r) => (r as { method: string }).method === 'personal_sign') as { params: [Hex, string] }
      expect(await verifyMessage({ address: account.address, message: { raw: request.params[0] }, signature })).toBe(true)
      expect(wallet.requests).toContain('personal_sign')
    })

    await step(page, 'reload', async () => {
      const shownBefore = await page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string } }[] } } }).airlock.log.entries().length)
      expect(shownBefore).toBeGreaterThan(0)
      await page.reload()
      // Restored from the SDK's storage: connected again without a new pairing URI.
      await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 15_000 }).toBe('connected')
      expect(await page.getByTestId('address').textContent()).toBe(account.address)
      const types = await page.evaluate(() => (window as unknown as { airlock: { log: { entries(): { action: { type: string; restored?: boolean } }[] } } }).airlock.log.entries().map((e) => e.action))
      expect(types.map((a) => a.type)).not.toContain('walletConnect/uriReceived')
      expect(types.find((a) => a.type === 'walletConnect/sessionSettled')).toMatchObject({ restored: true })
    })

    await step(page, 'disconnect', async () => {
      const deleted = wallet.nextSessionDelete(10_000)
      await page.getByTestId('disconnect').click()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
      // The wallet was told: the session is gone on both sides.
      await deleted
    })

    // Nothing was needed from outside 127.0.0.1; with a relay on this machine the SDK's Verify is
    // off by default (walletConnect.verify), so its iframe host was never even asked.
    expect(outbound!.refused).toEqual([])
    expect(outbound!.verify).toEqual([])
    expect(errors).toEqual([])
  })
})
