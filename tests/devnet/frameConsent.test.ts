import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, toHex, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { MIN_VISIBLE_MS } from '../../examples/devnet/frame/approvals.js'
import { screenshot } from '../e2e/chromium.js'
import { call, emailLogin, frameOf, revealFrame, settled, settledFor, start, useFrameStack } from './frameHost/useFrameStack.js'

/**
 * Consent inside the secure frame (issue 11), in Chromium across real origins: nothing a script on
 * the dapp's page does gets a signature or a transaction out of the embedded wallet; only a
 * person's click inside the frame does. anvil's nonce and balance are the proof.
 */
const stack = useFrameStack()
const recipient = ANVIL_ACCOUNTS[1].address

const uniqueEmail = (tag: string) => `consent-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

/** A fresh host page, logged in as a new embedded-wallet user (funded with 100 ETH by the dev frame). */
async function loggedIn(tag: string): Promise<{ page: Page; address: Address }> {
  const { page } = await stack.openHost()
  await emailLogin(page, stack.gateway.url, uniqueEmail(tag))
  const user = await call(page, 'GET_USER')
  return { page, address: user.payload.address as Address }
}

const chain = () => createPublicClient({ transport: http(stack.anvil.rpcUrl) })
const onChain = async (address: Address) => ({ nonce: await chain().getTransactionCount({ address }), balance: await chain().getBalance({ address }) })

const card = (page: Page) => frameOf(page, stack.frame.url).locator('main.approval')
const approveButton = (page: Page) => frameOf(page, stack.frame.url).getByRole('button', { name: 'Approve' })
const rejectButton = (page: Page) => frameOf(page, stack.frame.url).getByRole('button', { name: 'Reject' })

/** Page script: posts an app message straight to the frame's window and records every reply the page gets. */
function postFromPage(page: Page, message: unknown): Promise<void> {
  return page.evaluate(
    ({ message, origin }) => {
      const w = window as unknown as { got?: unknown[] }
      if (!w.got) {
        w.got = []
        window.addEventListener('message', (event) => w.got!.push(event.data))
      }
      const iframe = document.getElementById('airlock-secure-frame') as HTMLIFrameElement
      iframe.contentWindow!.postMessage(message, origin)
    },
    { message, origin: stack.frame.url },
  )
}
const repliesTo = (page: Page, id: string) => page.evaluate((id) => ((window as unknown as { got?: { id?: string }[] }).got ?? []).filter((m) => m?.id === id), id)

describe('consent inside the secure frame (Chromium)', { timeout: 60_000 }, () => {
  test('hostile: a page script posting RPC_REQUEST straight to the frame, or dispatching approvals, gets nothing until a click inside the frame', async () => {
    const { page, address } = await loggedIn('direct')
    const before = await onChain(address)
    const send = { id: 'evil1', type: '@airlock-app/RPC_REQUEST', payload: { method: 'eth_sendTransaction', params: [{ from: address, to: recipient, value: toHex(parseEther('1')) }], chainId: 'eip155:31337' } }
    const sign = { id: 'evil2', type: '@airlock-app/RPC_REQUEST', payload: { method: 'personal_sign', params: [toHex('Transfer all funds'), address], chainId: 'eip155:31337' } }
    await postFromPage(page, send)
    await postFromPage(page, sign)
    // Every page-side way of saying "approved": the old action, made-up ones, and a reveal of the frame.
    await page.evaluate(() => {
      const { airlock } = (window as any).testHost
      for (const type of ['auth/requestApproved', 'auth/approved', 'frame/approved']) airlock.dispatch({ type, id: 'evil1' })
    })
    // The page cannot reach into the frame's document to press its button.
    expect(await page.evaluate(() => (document.getElementById('airlock-secure-frame') as HTMLIFrameElement).contentDocument)).toBeNull()
    await revealFrame(page)
    await expect.poll(() => card(page).getAttribute('data-state')).toBe('asking')
    expect(await card(page).textContent()).toContain('Send a transaction')
    expect(await card(page).textContent()).toContain(`Asked by ${stack.host.url}`)
    // A click that is not a person's (a script's `click()` inside the frame) does not count either.
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await frameOf(page, stack.frame.url).evaluate(() => (document.querySelector('button.primary') as HTMLButtonElement).click())
    await page.waitForTimeout(1_000)
    expect(await repliesTo(page, 'evil1')).toEqual([])
    expect(await repliesTo(page, 'evil2')).toEqual([])
    expect(await onChain(address)).toEqual(before)
    await screenshot(page, 'frame-consent-asking')

    // The person's click inside the frame: exactly one transaction, answered to the page.
    await approveButton(page).click()
    await expect.poll(() => repliesTo(page, 'evil1'), { timeout: 15_000 }).toHaveLength(1)
    const [reply] = (await repliesTo(page, 'evil1')) as { type: string; payload: string }[]
    expect(reply!.type).toBe('@airlock-frame/RPC_REQUEST_SUCCESS')
    const receipt = await chain().waitForTransactionReceipt({ hash: reply!.payload as `0x${string}` })
    expect(receipt.status).toBe('success')
    const after = await onChain(address)
    expect(after.nonce).toBe(before.nonce + 1)
    expect(before.balance - after.balance).toBeGreaterThanOrEqual(parseEther('1'))

    // The second request comes next; Reject inside the frame answers 4001 and signs nothing.
    await expect.poll(() => card(page).textContent()).toContain('Transfer all funds')
    await rejectButton(page).click()
    await expect.poll(() => repliesTo(page, 'evil2')).toEqual([{ id: 'evil2', type: '@airlock-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.', code: 4001 } }])
    expect(await onChain(address)).toEqual(after)
  })

  test('behavior: through the page\'s transport, Reject inside the frame answers 4001; Escape rejects too', async () => {
    const { page, address } = await loggedIn('reject')
    await revealFrame(page)
    const first = await start(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('hello'), address] })
    // A person reads before answering; a click in the first moments after the frame appears or
    // moves is dropped (by the frame, and by Chromium itself for a frame that tracks its visibility).
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await rejectButton(page).click()
    expect(await settled(page, first)).toMatchObject({ type: 'frame/requestFailed', error: { message: 'User rejected the request.', code: 4001 }, reason: 'error' })
    const second = await start(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('hello again'), address] })
    await expect.poll(() => card(page).textContent()).toContain('hello again')
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    await frameOf(page, stack.frame.url).locator('body').press('Escape')
    expect(await settled(page, second)).toMatchObject({ error: { code: 4001 } })
  })

  test('hostile: clickjacking: a translucent or shrunken frame takes no click; fully visible again, Approve waits its delay', async () => {
    const { page, address } = await loggedIn('jack')
    await revealFrame(page)
    const id = await start(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('jacked?'), address] })
    await expect.poll(() => approveButton(page).isEnabled()).toBe(true)
    const style = (css: Record<string, string>) => page.evaluate((css) => Object.assign((document.getElementById('airlock-secure-frame') as HTMLIFrameElement).style, css), css)

    // Nearly transparent over a decoy: the frame sees it is not visible and Approve turns off.
    await style({ opacity: '0.1' })
    await expect.poll(() => approveButton(page).isEnabled()).toBe(false)
    await approveButton(page).click({ force: true })
    // Shrunk to a sliver around the button.
    await style({ opacity: '1', width: '200px', height: '120px' })
    await expect.poll(() => approveButton(page).isEnabled()).toBe(false)
    await page.waitForTimeout(300)
    expect(await settledFor(page, id)).toEqual([])

    // Back to full size: Approve comes back only after it has been fully visible for MIN_VISIBLE_MS.
    await style({ width: '360px', height: '440px' })
    const restored = Date.now()
    await expect.poll(() => approveButton(page).isEnabled(), { interval: 20 }).toBe(true)
    expect(Date.now() - restored).toBeGreaterThanOrEqual(MIN_VISIBLE_MS - 50)
    await approveButton(page).click()
    expect(await settled(page, id)).toMatchObject({ type: 'frame/requestSucceeded', payload: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
  })

  test('behavior: RPC_ABORT takes the question back: the card empties, the request ends "Request was aborted", nothing is sent', async () => {
    const { page, address } = await loggedIn('abort')
    const before = await onChain(address)
    await revealFrame(page)
    await call(page, 'SYNC_THEME', { themeMode: 'dark' })
    const id = await start(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: recipient, value: '0x1' }] })
    await expect.poll(() => card(page).getAttribute('data-state')).toBe('asking')
    expect(await frameOf(page, stack.frame.url).evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.evaluate((id) => {
      const { airlock } = (window as any).testHost
      airlock.dispatch({ type: 'frame/requestSent', id: 'abort1', name: 'RPC_ABORT', message: { id: 'abort1', type: '@airlock-app/RPC_ABORT', payload: { id } }, timeoutMs: 3_000 })
    }, id)
    await expect.poll(() => card(page).getAttribute('data-state')).toBe('idle')
    expect(await settled(page, id)).toMatchObject({ type: 'frame/requestFailed', error: { message: 'Request was aborted', code: 4001 } })
    // The buttons are gone with the request: a later click approves nothing.
    expect(await approveButton(page).count()).toBe(0)
    expect(await frameOf(page, stack.frame.url).locator('button.primary').isDisabled()).toBe(true)
    expect(await onChain(address)).toEqual(before)
  })

  test('hostile: a page on an origin outside the allowed list cannot frame the secure site (frame-ancestors), nor the login pages at all', async () => {
    const response = await fetch(stack.frame.url)
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${stack.host.url}`)
    expect((await fetch(`${stack.frame.url}/oauth`)).headers.get('content-security-policy')).toContain("frame-ancestors 'none'")

    const page = await (await stack.newContext()).newPage()
    await page.goto(`${stack.elsewhere.url}/listen.html`)
    await page.evaluate((src) => {
      for (const path of ['/', '/oauth?provider=github&state=00000000']) {
        const iframe = document.createElement('iframe')
        iframe.src = `${src}${path}`
        document.body.appendChild(iframe)
      }
    }, stack.frame.url)
    await page.waitForTimeout(1_000)
    // Chromium blocked both: no document of the frame origin loaded, so no greeting came either.
    expect(page.frames().filter((f) => f.url().startsWith(stack.frame.url))).toEqual([])
    expect(await page.evaluate(() => (window as any).got)).toEqual([])
  })
})
