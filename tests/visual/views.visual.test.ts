import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { createTestWallet, installTestWallet } from '../../testing/index.js'
import { ARTIFACTS_DIR, openView as open, settle } from '../e2e/chromium.js'
import { useDevStack } from '../e2e/useDappHarness.js'
import { pixelDiff } from './pixelDiff.js'

/**
 * Issue 15: the main views in real Chromium on the demo (the dev stack's own data), light and
 * dark, desktop and phone width, against the PNGs in tests/visual/baselines/. A view fails when
 * more than MAX_RATIO of its pixels moved by more than THRESHOLD in a channel; its screenshot and
 * a diff (red = changed) go to tests/artifacts/. After an intended change of looks:
 * `npm run test:visual:update` (UPDATE_VISUAL=1) rewrites the baselines; look at them before committing.
 */
const COMMITTED = new URL('./baselines/', import.meta.url).pathname
const UPDATE = process.env['UPDATE_VISUAL'] === '1'
/**
 * Pixels depend on the browser build and the fonts installed: the committed baselines are for the
 * environment named in `environment.json` (this project's CI machine). On another machine (another
 * Chromium or other fonts) the first run records that machine's own baselines in .cache/visual/
 * (git-ignored) and later runs compare against them, so a change of looks still fails there.
 */
let BASELINES = COMMITTED
const THRESHOLD = 24
const MAX_RATIO = 0.005

const VIEWPORTS = { desktop: { width: 1200, height: 820 }, phone: { width: 390, height: 844 } } as const
const COMBOS = (['light', 'dark'] as const).flatMap((theme) => (['desktop', 'phone'] as const).map((size) => ({ theme, size })))

/**
 * What moves between runs, frozen: animations, transitions and the caret (in the page and in the
 * modal's shadow root), toasts (they time out), and the demo's event log and dev-stack panel
 * (sequence numbers and free ports), hidden but keeping their place.
 */
const FREEZE_CSS = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
.toasts, [data-testid="event-log"], .help { visibility: hidden !important; }`

const stack = useDevStack()
let blank: Page

beforeAll(async () => {
  blank = await (await stack.browser.newContext()).newPage()
  const environment = await describeEnvironment(blank)
  const manifest = `${COMMITTED}environment.json`
  if (UPDATE) {
    mkdirSync(COMMITTED, { recursive: true })
    writeFileSync(manifest, `${JSON.stringify(environment, null, 2)}\n`)
  } else if (!existsSync(manifest) || readFileSync(manifest, 'utf8').trim() !== JSON.stringify(environment, null, 2)) {
    BASELINES = `${process.cwd()}/.cache/visual/${environment.id}/`
    console.info(`[visual] this machine (${environment.browser}, fonts ${environment.fonts}) is not the one the committed baselines are for; comparing with its own in ${BASELINES} (recorded on the first run)`)
  }
}, 30_000)

/** The browser build and a fingerprint of the fonts the modal renders with (text widths in its font stacks). */
async function describeEnvironment(page: Page): Promise<{ id: string; browser: string; fonts: string }> {
  const { browser, fonts } = await page.evaluate(() => {
    const context = new OffscreenCanvas(10, 10).getContext('2d')!
    const widths = ['600 16px system-ui, sans-serif', '14px system-ui, sans-serif', '13px ui-monospace, monospace'].map((font) => {
      context.font = font
      return context.measureText('Connect Wallet 0123456789 ÅÉ…').width.toFixed(2)
    })
    return { browser: navigator.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent, fonts: widths.join('/') }
  })
  return { id: `${browser}-${fonts}`.replace(/[^\w.-]+/g, '_'), browser, fonts }
}
afterAll(async () => {
  await blank?.context().close()
})

/** Freezes the page (FREEZE_CSS in the document and every open shadow root), waits for images and fonts, moves the mouse off. */
async function steady(page: Page): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate(async (css) => {
    const roots: (Document | ShadowRoot)[] = [document, ...Array.from(document.querySelectorAll('*'), (e) => e.shadowRoot).filter((r): r is ShadowRoot => r !== null)]
    for (const root of roots) {
      if ((root as { __frozen?: true }).__frozen) continue
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
      ;(root as { __frozen?: true }).__frozen = true
    }
    // Every image in: loaded or failed (a lazy one the browser never starts stops the wait after 3 s).
    const images = roots.flatMap((root) => Array.from(root.querySelectorAll('img')))
    const loaded = Promise.all(images.map((img) => (img.complete ? null : new Promise((resolve) => (img.addEventListener('load', resolve), img.addEventListener('error', resolve))))))
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3_000))])
    await document.fonts.ready
  }, FREEZE_CSS)
  await settle(page)
}

/** One view: its screenshot against the baseline (or, updating, as the new baseline). Returns a failure line, or null. */
async function check(page: Page, name: string, mask: Locator[] = []): Promise<string | null> {
  await steady(page)
  const png = await page.screenshot({ mask, maskColor: '#7f7f7f', animations: 'disabled', caret: 'hide' })
  const baseline = `${BASELINES}${name}.png`
  if (UPDATE || (BASELINES !== COMMITTED && !existsSync(baseline))) {
    mkdirSync(BASELINES, { recursive: true })
    writeFileSync(baseline, png)
    return null
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  writeFileSync(`${ARTIFACTS_DIR}visual-${name}.png`, png)
  if (!existsSync(baseline)) return `${name}: no baseline (run npm run test:visual:update)`
  const diff = await pixelDiff(blank, png, readFileSync(baseline), { threshold: THRESHOLD, withImage: true })
  if (diff.ratio <= MAX_RATIO) return null
  if (diff.diffPng) writeFileSync(`${ARTIFACTS_DIR}visual-${name}-diff.png`, Buffer.from(diff.diffPng, 'base64'))
  return `${name}: ${diff.sizes ? `size ${diff.sizes.actual}, baseline ${diff.sizes.expected}` : `${(diff.ratio * 100).toFixed(2)}% of pixels differ (${diff.differing}), see tests/artifacts/visual-${name}-diff.png`}`
}

describe('the views as they look (issue 15)', { timeout: 60_000 }, () => {
  test('behavior: pixelDiff counts the pixels that moved, and only those', async () => {
    const png = (color: string) =>
      blank.evaluate(async (color) => {
        const canvas = new OffscreenCanvas(10, 10)
        const context = canvas.getContext('2d')!
        context.fillStyle = '#ffffff'
        context.fillRect(0, 0, 10, 10)
        context.fillStyle = color
        context.fillRect(0, 0, 2, 5)
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())
        return btoa(String.fromCharCode(...bytes))
      }, color)
    const [white, red, nearWhite] = (await Promise.all([png('#ffffff'), png('#ff0000'), png('#f4f4f4')])).map((b) => Buffer.from(b, 'base64'))
    expect(await pixelDiff(blank, white!, white!)).toMatchObject({ differing: 0, ratio: 0 })
    expect(await pixelDiff(blank, red!, white!)).toMatchObject({ width: 10, height: 10, differing: 10, ratio: 0.1 })
    expect(await pixelDiff(blank, nearWhite!, white!)).toMatchObject({ differing: 0 })
    const withImage = await pixelDiff(blank, red!, white!, { withImage: true })
    expect(Buffer.from(withImage.diffPng!, 'base64').subarray(1, 4).toString()).toBe('PNG')
  })

  test.each(COMBOS)('behavior: $theme, $size: Connect, All Wallets, WalletConnect, Account, Networks, Receive, Send match their baselines', async ({ theme, size }) => {
    const context = await stack.browser.newContext({ viewport: VIEWPORTS[size], colorScheme: theme, reducedMotion: 'reduce', locale: 'en-US', timezoneId: 'UTC', deviceScaleFactor: 1 })
    try {
      const page = await context.newPage()
      const [first] = stack.devnet.config.chains
      const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNTS[0]!.privateKey, chains: { [first!.chainId]: first!.rpcUrl }, chainId: first!.chainId })
      await installTestWallet(page, wallet)
      await page.goto(`${stack.devnet.urls.dapp}/?devWallet=0`)
      const dialog = page.getByRole('dialog')
      const failures: (string | null)[] = []
      const name = (view: string) => `${view}-${theme}-${size}`

      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog.getByRole('button', { name: 'MetaMask', exact: true }).waitFor()
      failures.push(await check(page, name('connect')))

      await dialog.getByRole('button', { name: /^All Wallets/ }).click()
      await dialog.locator('ul[aria-label="All wallets"] li img').first().waitFor()
      failures.push(await check(page, name('all-wallets')))

      // The pairing URI is new every time: its QR code is masked.
      await dialog.getByRole('button', { name: 'Back' }).click()
      await dialog.getByRole('button', { name: 'WalletConnect QR code' }).click()
      await dialog.locator('[data-airlock="walletconnect-qr"][data-uri]').waitFor({ timeout: 15_000 })
      failures.push(await check(page, name('walletconnect-qr'), [dialog.getByRole('img', { name: /QR code/ })]))

      await dialog.getByRole('button', { name: 'Back' }).click()
      await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).click()
      await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected')
      await open(page)
      await dialog.locator('[data-airlock="tokens"] [data-token="dUSD"]').waitFor({ timeout: 15_000 })
      await expect.poll(() => dialog.locator('[data-airlock="balance"]').textContent()).toBe('10,000.000 ETH')
      failures.push(await check(page, name('account-tokens')))

      await open(page, 'Networks')
      await dialog.locator('ul[aria-label="Networks"]').waitFor()
      failures.push(await check(page, name('networks')))

      await open(page, 'Receive')
      await dialog.locator('[data-airlock="receive"]').waitFor()
      failures.push(await check(page, name('receive')))

      await open(page, 'Send')
      await dialog.locator('[data-airlock="send-token"] option', { hasText: 'dUSD' }).waitFor({ state: 'attached' })
      failures.push(await check(page, name('send')))

      expect(failures.filter(Boolean)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
