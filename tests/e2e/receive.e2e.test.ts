import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { screenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Receive (issue 14, deliver 6) in real Chromium on the demo: the Account view's Receive opens a
 * QR code that a QR reader (jsQR, run in the page on the SVG as the browser draws it) decodes to
 * the connected address, and the networks it receives on.
 */
const dapp = useDappHarness()
const JSQR = createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js')

describe('Receive in Chromium', { timeout: 60_000 }, () => {
  test('behavior: the QR code decodes to the connected address; the address shows in full and the EVM networks are named', async () => {
    const wallet = dapp.newWallet(3)
    const { page, errors } = await dapp.openDapp(wallet, '')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ }).click()
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('connected')
    const address = (await page.getByTestId('address').textContent())!
    await page.evaluate(() => (window as unknown as { airlock: { open(): void } }).airlock.open())
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Receive' }).click()
    const qr = dialog.getByRole('img', { name: `QR code of your address ${address}` })
    await qr.waitFor()
    expect(await dialog.locator('[data-airlock="receive-address"]').textContent()).toBe(address)
    expect(await dialog.locator('[data-airlock="receive-networks"] li').allTextContents()).toEqual(dapp.devnet.config.chains.map((c) => c.name))
    await screenshot(page, 'e2e-receive')

    // Read the code as a scanner would: the SVG drawn to a canvas, its pixels to jsQR.
    await page.addScriptTag({ path: JSQR })
    const decoded = await qr.evaluate(async (svg) => {
      const size = 400
      const markup = new XMLSerializer().serializeToString(svg).replace(/var\(--airlock-qr-(foreground|background)[^)]*\)/g, (_m, which: string) => (which === 'foreground' ? '#141414' : '#ffffff'))
      const image = new Image(size, size)
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = size
      const context = canvas.getContext('2d')!
      context.fillStyle = '#ffffff'
      context.fillRect(0, 0, size, size)
      context.drawImage(image, 0, 0, size, size)
      const { data } = context.getImageData(0, 0, size, size)
      const reader = (window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR
      return reader(data, size, size)?.data ?? null
    })
    expect(decoded).toBe(address)
    expect(errors).toEqual([])
  })
})
