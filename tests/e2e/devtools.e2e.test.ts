import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { createTimeline } from '../../devtools/index.js'
import { screenshot, stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Issue 16's acceptance path in real Chromium: a session on the demo (connect, switch network,
 * sign), its log exported by the demo's own button, loaded into the standalone viewer that
 * `npm start` serves at /devtools/, scrubbed to the action before the switch: the state rendered
 * there shows the old network; the live panel in the demo shows the session as it happens.
 */
const dapp = useDappHarness()
const step = stepWithScreenshot('e2e-devtools-')
const networkRow = (page: Page, name: string) => page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${name}( Active| Switching…)?$`) })
/** The panel's action list (the type filter's <select> has options too). */
const actions = (panel: Locator) => panel.getByRole('listbox', { name: 'Actions' })
const status = (page: Page) => page.getByTestId('status').textContent()
const chain = (page: Page) => page.getByTestId('chain').textContent()

describe('devtools in Chromium', { timeout: 90_000 }, () => {
  test('behavior: connect, switch, sign; export; the viewer scrubbed to before the switch shows the old network', async () => {
    const wallet = dapp.newWallet(3)
    const { page, errors } = await dapp.openDapp(wallet, '')
    const [first, second] = dapp.devnet.config.chains
    await step(page, 'session', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('dialog').getByRole('button', { name: /Airlock Test Wallet/ }).click()
      await expect.poll(() => status(page)).toBe('connected')
      await page.getByRole('button', { name: /^Network:/ }).first().click()
      await networkRow(page, second!.name).click()
      await expect.poll(() => chain(page)).toContain(`eip155:${second!.chainId}`)
      await page.getByTestId('sign-message').click()
      await expect.poll(() => page.getByTestId('sign-message-result').getAttribute('data-state')).toBe('ok')
    })

    await step(page, 'live-panel', async () => {
      await page.getByTestId('open-devtools').click()
      const panel = page.getByRole('region', { name: 'Airlock devtools' })
      await expect.poll(() => panel.getByTestId('devtools-source').textContent()).toBe('Live')
      // The live list has the session's actions, and the preview the page's network now.
      await expect.poll(() => actions(panel).getByRole('option', { name: /network\/switchRequested/ }).count()).toBeGreaterThan(0)
      await expect.poll(() => panel.getByTestId('devtools-network').textContent()).toContain(second!.name)
      // Filtering by type leaves that type's rows only.
      const switches = await actions(panel).getByRole('option', { name: /network\/switchRequested/ }).count()
      expect(await actions(panel).getByRole('option').count()).toBeGreaterThan(switches)
      await panel.getByRole('combobox', { name: 'Filter by action type' }).selectOption('network/switchRequested')
      await expect.poll(() => actions(panel).getByRole('option').count()).toBe(switches)
      await screenshot(page, 'e2e-devtools-panel')
    })

    const log = await step(page, 'export', async () => {
      const download = page.waitForEvent('download')
      await page.getByTestId('export-log').click()
      const path = await (await download).path()
      return readFile(path, 'utf8')
    })
    // The file is a log the panel reads; where the switch was asked for, counted in the file itself.
    const timeline = createTimeline(log)
    const switchAt = timeline.entries.findIndex((entry) => entry.action.type === 'network/switchRequested')
    expect(switchAt).toBeGreaterThan(0)
    const beforeSwitch = switchAt // the position after the action just before the switch
    expect(timeline.stateAt(beforeSwitch).connection.activeCaipNetworkId).toBe(`eip155:${first!.chainId}`)
    expect(timeline.stateAt(timeline.entries.length).connection.activeCaipNetworkId).toBe(`eip155:${second!.chainId}`)

    const viewer = await page.context().newPage()
    await step(viewer, 'viewer', async () => {
      await viewer.goto(`${dapp.devnet.urls.dapp}/devtools/`)
      const panel = viewer.getByRole('region', { name: 'Airlock devtools' })
      await expect.poll(() => panel.getByTestId('devtools-source').textContent()).toMatch(/^No log yet/)
      await panel.getByTestId('devtools-import').setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(log) })
      await expect.poll(() => panel.getByTestId('devtools-source').textContent()).toBe('Imported: session.json')
      // At the end of the log: the new network.
      await expect.poll(() => panel.getByTestId('devtools-network').textContent()).toContain(second!.name)
      // Scrubbed by keyboard: the slider to the start, then right to the action before the switch.
      const slider = panel.getByRole('slider', { name: 'Time' })
      await slider.focus()
      await viewer.keyboard.press('Home')
      for (let i = 0; i < beforeSwitch; i++) await viewer.keyboard.press('ArrowRight')
      await expect.poll(() => slider.inputValue()).toBe(String(beforeSwitch))
      await expect.poll(() => panel.getByTestId('devtools-network').textContent()).toContain(first!.name)
      expect(await panel.getByTestId('devtools-network').textContent()).not.toContain(second!.name)
      // The rendered network button says the same as the summary.
      await expect.poll(() => panel.getByTestId('devtools-preview').getByRole('button', { name: /^Network:/ }).first().textContent()).toContain(first!.name)
      // One step on, the switch itself is selected in the list and its payload names the new network.
      await viewer.keyboard.press('ArrowRight')
      await expect.poll(() => actions(panel).getByRole('option', { selected: true }).textContent()).toContain('network/switchRequested')
      await expect.poll(() => panel.getByTestId('devtools-details').textContent()).toContain(`eip155:${second!.chainId}`)
      await screenshot(viewer, 'e2e-devtools-viewer')
    })

    await step(viewer, 'viewer-bad-file', async () => {
      const panel = viewer.getByRole('region', { name: 'Airlock devtools' })
      await panel.getByTestId('devtools-import').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"airlock-log","version":9,"entries":[]}') })
      await expect.poll(() => panel.getByRole('alert').textContent()).toContain('This log is format version 9, written by a newer Airlock')
      // The log that was open stays open.
      expect(await panel.getByTestId('devtools-source').textContent()).toBe('Imported: session.json')
    })
    expect(errors).toEqual([])
  })
})
