import { airlockBitcoinRegtest, airlockSolanaLocal } from '../../core/chains/networks.js'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 4 part 1 in real Chromium: the demo's modal against the devnet gateway's registry
 * (about 5,100 wallets on the devnet chains). All wallets pages in as the list scrolls, the
 * search asks the registry, and the virtual list keeps the DOM small while scrolling.
 */
const dapp = useDappHarness()

/** Rows the virtual list has in the DOM, and where it is, read inside the modal's shadow root. */
const listInfo = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('airlock-modal')!.shadowRoot!
    const list = root.querySelector<HTMLElement>('[data-airlock="virtual-list"]')
    const rows = root.querySelectorAll('ul[aria-label="All wallets"] li')
    return { rows: rows.length, setSize: Number(rows[0]?.getAttribute('aria-setsize') ?? 0), scrollTop: list?.scrollTop ?? 0, scrollHeight: list?.scrollHeight ?? 0 }
  })

const step = stepWithScreenshot('e2e-registry-')

describe('wallet registry in the browser', () => {
  test('behavior: All wallets pages in on scroll, searches the registry, and stays small and smooth', async () => {
    const { page, errors } = await dapp.openDapp(dapp.newWallet(2), '')
    const registryCalls: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/getWallets') registryCalls.push(url)
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    // Start-up stays quiet: the registry is asked only when the modal opens.
    expect(registryCalls).toHaveLength(0)
    const dialog = page.getByRole('dialog')

    await step(page, 'connect', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog.getByRole('button', { name: /Airlock Test Wallet Installed/ }).waitFor()
      await dialog.getByRole('button', { name: 'MetaMask', exact: true }).waitFor()
      expect(registryCalls.map((u) => u.searchParams.get('page'))).toEqual(['1'])
      // Every network of the demo: both anvil chains, the local Solana cluster and the Bitcoin regtest chain.
      expect(registryCalls[0]!.searchParams.get('chains')).toBe(`eip155:31337,eip155:31338,${airlockSolanaLocal.caipNetworkId},${airlockBitcoinRegtest.caipNetworkId}`)
      await screenshot(page, 'e2e-registry-connect')
    })

    await step(page, 'all-wallets', async () => {
      await dialog.getByRole('button', { name: /^All Wallets/ }).click()
      const search = dialog.getByRole('searchbox', { name: 'Search wallets' })
      await search.waitFor()
      await expect.poll(() => search.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true)
      // Installed first, and the registry's copy of it is not listed again.
      const names = await dialog.locator('ul[aria-label="All wallets"] li .row-name').allTextContents()
      expect(names[0]).toBe('Airlock Test Wallet')
      expect(names.filter((n) => n === 'Airlock Test Wallet')).toHaveLength(1)
      await screenshot(page, 'e2e-registry-all-wallets')
    })

    await step(page, 'scroll', async () => {
      // Scroll to the end of what is loaded until pages 2 to 4 came in.
      for (let pageNo = 2; pageNo <= 4; pageNo++) {
        await page.evaluate(() => {
          const list = document.querySelector('airlock-modal')!.shadowRoot!.querySelector<HTMLElement>('[data-airlock="virtual-list"]')!
          list.scrollTop = list.scrollHeight
        })
        await expect.poll(() => registryCalls.map((u) => u.searchParams.get('page')), { timeout: 5_000 }).toContain(String(pageNo))
        await expect.poll(async () => (await listInfo(page)).setSize, { timeout: 5_000 }).toBeGreaterThanOrEqual(pageNo * 40)
      }
      const pages = registryCalls.map((u) => u.searchParams.get('page'))
      expect(pages).toEqual(['1', '2', '3', '4'])
    })

    await step(page, 'smooth', async () => {
      // The same fast flick (320 px a frame, 150 frames), first over the 160 wallets loaded so far,
      // then over 5,000+: a frame may not cost more because the list is longer. Compared with each
      // other in the same page, not with a fixed number of ms, so a slower machine moves both.
      const flick = (longList: boolean) =>
        page.evaluate(async (longList) => {
          const root = document.querySelector('airlock-modal')!.shadowRoot!
          const list = root.querySelector<HTMLElement>('[data-airlock="virtual-list"]')!
          const rowsNow = () => root.querySelectorAll('ul[aria-label="All wallets"] li').length
          const stats = (frames: number[]) => {
            const sorted = [...frames].sort((a, b) => a - b)
            return { frames: sorted.length, p50: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]!, max: sorted.at(-1)! }
          }
          const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
          // The short list wraps back to the top in its first half, far from the end that pages in more.
          const wrapAt = longList ? Infinity : list.scrollHeight / 2
          list.scrollTop = 0
          const scrolling: number[] = []
          let maxRows = 0
          let last = await frame()
          for (let i = 0; i < 150; i++) {
            list.scrollTop = list.scrollTop + 320 > wrapAt ? 0 : list.scrollTop + 320
            const now = await frame()
            scrolling.push(now - last)
            last = now
            maxRows = Math.max(maxRows, rowsNow())
          }
          return { scroll: stats(scrolling), maxRows }
        }, longList)
      const short = await flick(false)
      // Load 5,000+ rows in the page through the store, then scroll through them frame by frame.
      await page.evaluate(async () => {
        const airlock = (window as unknown as { airlock: { getState(): { registry: { page: number; count: number | null; loadingPage: number | null } }; dispatch(a: unknown): void } }).airlock
        for (const end = performance.now() + 90_000; performance.now() < end; ) {
          const { page, count, loadingPage } = airlock.getState().registry
          if (count !== null && page * 40 >= count) return
          if (loadingPage === null) airlock.dispatch({ type: 'registry/nextPageRequested' })
          await new Promise((resolve) => setTimeout(resolve, 15))
        }
      })
      await expect.poll(async () => (await listInfo(page)).setSize, { timeout: 10_000 }).toBeGreaterThan(5_000)
      const long = await flick(true)
      const run = await page.evaluate(async () => {
        const root = document.querySelector('airlock-modal')!.shadowRoot!
        const list = root.querySelector<HTMLElement>('[data-airlock="virtual-list"]')!
        const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
        // Then jump to the very end: the last wallet is rendered.
        list.scrollTop = list.scrollHeight
        for (let i = 0; i < 60 && !root.querySelector(`ul[aria-label="All wallets"] li[aria-posinset="${root.querySelector('ul[aria-label="All wallets"] li')?.getAttribute('aria-setsize')}"]`); i++) await frame()
        const lastRow = Array.from(root.querySelectorAll('ul[aria-label="All wallets"] li')).at(-1)
        return { maxRows: root.querySelectorAll('ul[aria-label="All wallets"] li').length, lastPos: Number(lastRow?.getAttribute('aria-posinset')), setSize: Number(lastRow?.getAttribute('aria-setsize')) }
      })
      const fmt = (s: { frames: number; p50: number; p95: number; max: number }) => `${s.frames} frames, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`
      console.log(`registry grid of ${run.setSize} wallets: scrolling ${fmt(long.scroll)}; 160 wallets: ${fmt(short.scroll)}; at most ${Math.max(long.maxRows, run.maxRows)} tiles in the DOM`)
      expect(run.setSize).toBeGreaterThan(5_000)
      expect(run.lastPos).toBe(run.setSize)
      // At most 10 grid rows (4 in view, 1 cut, 2 above and 2 below) of 4 tiles in the DOM, whatever the list's length.
      expect(Math.max(short.maxRows, long.maxRows, run.maxRows)).toBeLessThanOrEqual(40)
      // No per-row cost: 32 times the wallets, at most twice the frame time (plus one frame at 60 Hz for noise).
      expect(long.scroll.p50).toBeLessThanOrEqual(short.scroll.p50 * 2 + 1000 / 60)
      // Once the list rests, the rows in view load their images from the gateway.
      await expect
        .poll(() => page.evaluate(() => Array.from(document.querySelector('airlock-modal')!.shadowRoot!.querySelectorAll<HTMLImageElement>('ul[aria-label="All wallets"] img')).filter((img) => img.complete && img.naturalWidth > 0).length))
        .toBeGreaterThan(5)
    })

    await step(page, 'search', async () => {
      const before = registryCalls.length
      await dialog.getByRole('searchbox', { name: 'Search wallets' }).pressSequentially('rainbo', { delay: 20 })
      await dialog.locator('ul[aria-label="All wallets"] li .row-name', { hasText: /^Rainbow$/ }).waitFor()
      const searches = registryCalls.slice(before).map((u) => u.searchParams.get('search'))
      // Typed fast: one request for the whole word (300 ms debounce).
      expect(searches).toEqual(['rainbo'])
      await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('evil')
      await dialog.locator('ul[aria-label="All wallets"] li .row-name', { hasText: 'Evil Wallet' }).waitFor()
      expect(await dialog.locator('ul[aria-label="All wallets"] li .row-name').first().textContent()).toBe('<img src=x onerror=alert(1)>Evil Wallet')
      expect(await page.evaluate(() => document.querySelector('airlock-modal')!.shadowRoot!.querySelectorAll('img[src="x"]').length)).toBe(0)
      await screenshot(page, 'e2e-registry-search')
    })
    expect(errors).toEqual([])
  }, 120_000)
})
