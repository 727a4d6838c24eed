import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MODAL_CSS } from '../../react/modal/styles.js'
import { launchChromium } from './chromium.js'

/**
 * Issue 18 part 4: the modal's stylesheet in real Chromium (happy-dom computes no colours): the
 * `system` theme follows the device, and `--airlock-color-mix` tints every surface. The sheet is
 * put in a shadow root as the modal puts it, with a `.root` and a `.card` inside.
 */
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

/** The card's background colour for a `.root` with these attributes and inline variables. */
async function cardBackground(theme: string | null, variables: Record<string, string>): Promise<string> {
  return page.evaluate(
    ({ css, theme, variables }) => {
      document.body.innerHTML = ''
      const host = document.body.appendChild(document.createElement('div'))
      const shadow = host.attachShadow({ mode: 'open' })
      const style = document.createElement('style')
      style.textContent = css
      const root = document.createElement('div')
      root.className = 'root'
      if (theme) root.dataset['theme'] = theme
      for (const [key, value] of Object.entries(variables)) root.style.setProperty(key, value)
      const card = root.appendChild(document.createElement('div'))
      card.className = 'card'
      shadow.append(style, root)
      return getComputedStyle(card).backgroundColor
    },
    { css: MODAL_CSS, theme, variables },
  )
}

/** `rgb(…)` or `color(srgb …)` as 0-255 channels, rounded. */
function channels(color: string): number[] {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(color)
  if (srgb) return srgb.slice(1, 4).map((c) => Math.round(Number(c) * 255))
  const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(color)
  if (!rgb) throw new Error(`not a colour: ${color}`)
  return rgb.slice(1, 4).map(Number)
}

describe('modal theme CSS in Chromium', () => {
  test('default: light unless the device prefers dark; `light` and `dark` win over the device', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    expect(channels(await cardBackground(null, {}))).toEqual([255, 255, 255])
    expect(channels(await cardBackground('dark', {}))).toEqual([25, 26, 26])
    await page.emulateMedia({ colorScheme: 'dark' })
    // No data-theme is what `system` (and no themeMode) renders: the device decides.
    expect(channels(await cardBackground(null, {}))).toEqual([25, 26, 26])
    expect(channels(await cardBackground('light', {}))).toEqual([255, 255, 255])
    await page.emulateMedia({ colorScheme: 'light' })
  })

  test('parameters: --airlock-color-mix at strength 50 tints the surfaces halfway; strength 0 or no colour leaves them exact', async () => {
    expect(channels(await cardBackground(null, { '--airlock-color-mix': '#ff0000', '--airlock-color-mix-strength': '50' }))).toEqual([255, 128, 128])
    expect(channels(await cardBackground('dark', { '--airlock-color-mix': '#ffffff', '--airlock-color-mix-strength': '100' }))).toEqual([255, 255, 255])
    expect(channels(await cardBackground(null, { '--airlock-color-mix': '#ff0000' }))).toEqual([255, 255, 255])
    expect(channels(await cardBackground(null, { '--airlock-color-mix-strength': '30' }))).toEqual([179, 179, 179])
  })

  test('parameters: a host value for --airlock-background wins over the mix', async () => {
    expect(channels(await cardBackground(null, { '--airlock-background': '#102030', '--airlock-color-mix': '#ff0000', '--airlock-color-mix-strength': '50' }))).toEqual([16, 32, 48])
  })
})
