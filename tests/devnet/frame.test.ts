import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { describe, expect, onTestFinished, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { DEV_FRAME_VERSION } from '../../examples/devnet/frame/startFrameServer.js'
import { clickClosingPopup } from '../support/submitPopup.js'
import { actionTypes, approveInFrame, call, emailLogin as loginWith, frameOf, mailbox as mailboxOf, revealFrame, settled, settledFor, start, useFrameStack } from './frameHost/useFrameStack.js'

/**
 * The secure frame across two real origins: the host page (real Airlock core, real DOM frame
 * host) on one 127.0.0.1 port, the dev frame on another, a third origin for "elsewhere", anvil
 * and the gateway's mailbox. Chromium's `event.origin` and `event.source` are the real thing here.
 * Consent inside the frame has its own file (`frameConsent.test.ts`).
 */
const stack = useFrameStack()
const openHost = () => stack.openHost()
const emailLogin = (page: Page, email: string) => loginWith(page, stack.gateway.url, email)
const mailbox = (email: string) => mailboxOf(stack.gateway.url, email)

describe('secure frame across origins (Chromium)', () => {
  test('default: the real frame loads hidden and full-screen, and its READY is accepted', async () => {
    const { page, errors } = await openHost()
    const ready = await page.evaluate(() => (window as any).testHost.actions.find((a: any) => a.type === 'frame/readyReceived'))
    expect(ready).toEqual({ type: 'frame/readyReceived', version: DEV_FRAME_VERSION })
    const style = await page.evaluate(() => {
      const iframe = document.getElementById('airlock-secure-frame') as HTMLIFrameElement
      const s = getComputedStyle(iframe)
      return { position: s.position, zIndex: s.zIndex, display: s.display, src: iframe.src }
    })
    expect(style).toEqual({ position: 'fixed', zIndex: '999999', display: 'none', src: expect.stringContaining(stack.frame.url) })
    expect(errors).toEqual([])
  })

  test('behavior: the frame loads at start only when email login was used before (persisted flag)', async () => {
    const context = await stack.newContext()
    const page = await context.newPage()
    const url = `${stack.host.url}/?${new URLSearchParams({ frame: stack.frame.url, gateway: stack.gateway.url, rpc: stack.anvil.rpcUrl })}`
    await page.goto(url)
    await page.waitForFunction(() => (window as any).testHost.airlock.getState().app.storage.hydrated)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => [document.querySelectorAll('iframe').length, (window as any).testHost.airlock.getState().frame.status])).toEqual([0, 'idle'])
    await page.evaluate(() => (window as any).testHost.airlock.deps.storage.setItem('walletEmailLoginUsed', true))
    await page.reload()
    await page.waitForFunction(() => (window as any).testHost?.airlock.getState().frame.status === 'ready', undefined, { timeout: 15_000 })
    const frameActions = () => page.evaluate(() => (window as any).testHost.actions.filter((a: any) => a.type.startsWith('frame/')).map((a: any) => (a.name ? `${a.type} ${a.name}` : a.type)))
    expect((await frameActions()).slice(0, 4)).toEqual(['frame/loadRequested', 'frame/loadStarted', 'frame/readyReceived', 'frame/ready'])
    // Once ready, the frame gets the dapp data and the theme (SPEC 3 sync messages), and answers both.
    await expect.poll(async () => (await frameActions()).slice(4).sort()).toEqual([
      'frame/requestSent SYNC_DAPP_DATA',
      'frame/requestSent SYNC_THEME',
      'frame/requestSucceeded SYNC_DAPP_DATA',
      'frame/requestSucceeded SYNC_THEME',
    ])
    // Destroying the store takes the iframe with it.
    await page.evaluate(() => (window as any).testHost.airlock.destroy())
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0)
  })

  test('behavior: email login, user, signing and sending, with the key only in the frame origin', async () => {
    const { page } = await openHost()
    expect((await call(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: false })
    expect((await call(page, 'CONNECT_EMAIL', { email: 'ada@example.com' })).payload).toEqual({ action: 'VERIFY_OTP' })
    const wrong = await call(page, 'CONNECT_OTP', { otp: '000000' === (await mailbox('ada@example.com'))[0]!.code ? '111111' : '000000' })
    expect(wrong).toMatchObject({ type: 'frame/requestFailed', error: { message: 'Invalid code' }, reason: 'error' })
    // A wrong code does not use up the right one.
    expect((await call(page, 'CONNECT_OTP', { otp: (await mailbox('ada@example.com'))[0]!.code })).type).toBe('frame/requestSucceeded')
    await page.waitForFunction(() => (window as any).testHost.actions.some((a: any) => a.type === 'frame/sessionUpdated'))
    const user = (await call(page, 'GET_USER')).payload
    expect(user).toMatchObject({ email: 'ada@example.com', chainId: 31337, preferredAccountType: 'eoa', accounts: [{ type: 'eoa' }] })
    const address = user.address as Hex

    // Signing and sending wait for Approve inside the frame (frameConsent.test.ts has the hostile side).
    await revealFrame(page)
    const approved = async (payload: unknown) => {
      const id = await start(page, 'RPC_REQUEST', payload)
      await approveInFrame(page, stack.frame.url)
      return (await settled(page, id)).payload
    }
    const signature = (await approved({ method: 'personal_sign', params: ['0x68656c6c6f', address] })) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    const hash = (await approved({ method: 'eth_sendTransaction', params: [{ from: address, to: ANVIL_ACCOUNTS[1].address, value: '0x1' }] })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = (await call(page, 'RPC_REQUEST', { method: 'eth_getTransactionReceipt', params: [hash] })).payload
    expect(receipt).toMatchObject({ status: '0x1', from: address.toLowerCase() })
    // A request for an account the frame does not hold is refused before anyone is asked.
    expect((await call(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x00', ANVIL_ACCOUNTS[0].address] })).error).toEqual({ message: 'Address mismatch' })

    // The key is in the frame origin's IndexedDB; the page's own origin has no such database.
    const pageDbs = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
    const frameDbs = await frameOf(page, stack.frame.url).evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
    expect(pageDbs).not.toContain('airlock-dev-frame')
    expect(frameDbs).toContain('airlock-dev-frame')
    // No action the page saw carries a private key.
    expect(JSON.stringify(await page.evaluate(() => (window as any).testHost.actions))).not.toMatch(/privateKey/i)

    expect((await call(page, 'SIGN_OUT')).type).toBe('frame/requestSucceeded')
    expect((await call(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: false })
    // Signing in again gives the same account (the key stayed in the frame).
    await emailLogin(page, 'ada@example.com')
    expect((await call(page, 'GET_USER')).payload.address).toBe(address)
  })

  test('hostile: forged replies from the page itself, a sibling frame on the frame origin, and garbage are ignored', async () => {
    const { page } = await openHost()
    expect((await call(page, 'GET_FARCASTER_URI')).payload.url).toMatch(new RegExp(`^${stack.frame.url}/farcaster\\?channel=`))
    const id = await start(page, 'CONNECT_FARCASTER', undefined, null)
    const forged = { id, type: '@airlock-frame/CONNECT_FARCASTER_SUCCESS', payload: { userName: 'mallory' } }
    const before = await actionTypes(page)

    // 1. The host page posting a perfect reply to itself.
    await page.evaluate((m) => window.postMessage(m, '*'), forged)
    // 2. A second iframe on the frame's own origin (right origin, wrong window).
    await page.evaluate((src) => {
      const sibling = document.createElement('iframe')
      sibling.src = src
      document.body.appendChild(sibling)
      return new Promise((resolve) => sibling.addEventListener('load', resolve))
    }, `${stack.frame.url}/?sibling`)
    await page.frames().find((f) => f.url().endsWith('/?sibling'))!.evaluate((m) => window.parent.postMessage(m, '*'), forged)
    // 3. Our own frame sending garbage, a huge payload, and a reply to an id nobody asked.
    const ours = frameOf(page, stack.frame.url)
    await ours.evaluate((id) => {
      for (const data of [null, 'x', [1, 2], { type: '@airlock-frame/NOPE' }, { id, type: '@airlock-frame/CONNECT_FARCASTER_SUCCESS', payload: { userName: 'x'.repeat(300_000) } }]) window.parent.postMessage(data, '*')
      window.parent.postMessage({ id: 'nobodyasked', type: '@airlock-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }, '*')
    }, id)
    await page.waitForTimeout(300)

    expect(await settledFor(page, id)).toEqual([])
    expect(await page.evaluate((id) => id in (window as any).testHost.airlock.getState().frame.pending, id)).toBe(true)
    const added = (await actionTypes(page)).slice(before.length)
    // The only trace: one rate-limited report of the malformed data.
    expect(added).toEqual(['frame/messageDropped'])

    // The real approval completes it; a duplicate of the reply afterwards changes nothing.
    const approval = await page.context().newPage()
    await approval.goto((await page.evaluate(() => (window as any).testHost.actions.find((a: any) => a.type === 'frame/requestSucceeded' && a.name === 'GET_FARCASTER_URI').payload.url)) as string)
    await approval.waitForFunction(() => document.getElementById('title')?.textContent?.includes('Farcaster'))
    await approval.fill('#user', 'ada')
    await approval.click('button[type=submit]')
    await page.waitForFunction((id) => (window as any).testHost.actions.some((a: any) => a.id === id && a.type === 'frame/requestSucceeded'), id, { timeout: 10_000 })
    await ours.evaluate((id) => window.parent.postMessage({ id, type: '@airlock-frame/CONNECT_FARCASTER_SUCCESS', payload: { userName: 'again' } }, '*'), id)
    await page.waitForTimeout(200)
    expect(await settledFor(page, id)).toEqual([{ type: 'frame/requestSucceeded', id, name: 'CONNECT_FARCASTER', payload: { userName: 'ada' } }])
    expect((await call(page, 'GET_USER')).payload.userName).toBe('ada')
  })

  test('behavior: social login through the dev OAuth page opened as a popup', async () => {
    const { page } = await openHost()
    const { uri } = (await call(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' })).payload
    expect(uri).toMatch(new RegExp(`^${stack.frame.url}/oauth\\?provider=github&state=[0-9a-f]+$`))
    const result = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          window.addEventListener('message', (event) => {
            if (event.data?.type === '@airlock-oauth/RESULT') resolve(event.data.resultUri)
          }),
        ),
    )
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((uri) => void window.open(uri, 'oauth', 'popup'), uri)])
    await popup.waitForFunction(() => document.getElementById('title')?.textContent === 'Sign in with GitHub (dev)')
    await popup.fill('#user', 'octo')
    await clickClosingPopup(popup, popup.locator('button[type=submit]'))
    const resultUri = await result
    const connected = await call(page, 'CONNECT_SOCIAL', { uri: resultUri })
    expect(connected.payload).toMatchObject({ userName: 'octo', preferredAccountType: 'eoa' })
    // The state is single use: replaying the result fails.
    expect((await call(page, 'CONNECT_SOCIAL', { uri: resultUri })).error).toEqual({ message: 'Invalid social login result' })
  })

  test('hostile: outbound messages name the frame origin exactly: a frame navigated elsewhere receives nothing', async () => {
    const { page } = await openHost()
    await page.evaluate((src) => {
      const iframe = document.getElementById('airlock-secure-frame') as HTMLIFrameElement
      iframe.src = src
      return new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
    }, `${stack.elsewhere.url}/listen.html`)
    const other = frameOf(page, stack.elsewhere.url)
    const id = await start(page, 'GET_CHAIN_ID', undefined, 1_500)
    // The page elsewhere answers as if it were the frame: right window, wrong origin.
    await other.evaluate((id) => window.parent.postMessage({ id, type: '@airlock-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }, '*'), id)
    await page.waitForFunction((id) => (window as any).testHost.actions.some((a: any) => a.id === id && a.type === 'frame/requestFailed'), id, { timeout: 5_000 })
    expect(await other.evaluate(() => (window as any).got)).toEqual([])
    expect(await settledFor(page, id)).toEqual([{ type: 'frame/requestFailed', id, name: 'GET_CHAIN_ID', error: { message: 'Embedded Wallet Request Timed Out' }, reason: 'timeout' }])
  })

  /** The third origin's listening page (it records every message in `window.got`) with the dev frame embedded and loaded. */
  const embedElsewhere = async () => {
    const page = await (await stack.newContext()).newPage()
    await page.goto(`${stack.elsewhere.url}/listen.html`)
    await page.evaluate((src) => {
      const iframe = document.createElement('iframe')
      iframe.src = src
      document.body.appendChild(iframe)
      return new Promise((resolve) => iframe.addEventListener('load', resolve))
    }, stack.frame.url)
    return page
  }

  test('hostile: the dev frame neither greets nor answers a page origin it does not allow (its own check, behind frame-ancestors)', async () => {
    // frame-ancestors would stop the frame loading here at all (frameConsent.test.ts); without it, the frame's own check still holds.
    stack.frame.setFrameAncestorsEnforced(false)
    onTestFinished(() => stack.frame.setFrameAncestorsEnforced(true))
    const page = await embedElsewhere()
    await frameOf(page, stack.frame.url).waitForFunction(() => document.getElementById('status')?.textContent?.startsWith('Ready'))
    await page.evaluate((origin) => document.querySelector('iframe')!.contentWindow!.postMessage({ id: 'x1', type: '@airlock-app/GET_CHAIN_ID' }, origin), stack.frame.url)
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as any).got)).toEqual([])
  })

  test('behavior: with loopback allowed (as `npm start` runs it), a page on another port of this machine may embed the frame, is greeted and answered; the frame-ancestors policy lists the loopback hosts', async () => {
    stack.frame.setAllowLoopback(true)
    onTestFinished(() => stack.frame.setAllowLoopback(false))
    const policy = (await fetch(`${stack.frame.url}/`)).headers.get('content-security-policy') ?? ''
    expect(policy).toContain('frame-ancestors')
    expect(policy).toContain('http://localhost:*')
    expect(policy).toContain('http://127.0.0.1:*')
    const page = await embedElsewhere()
    await page.waitForFunction(() => (window as any).got.some((m: any) => m?.type === '@airlock-frame/READY'), undefined, { timeout: 10_000 })
    await page.evaluate((origin) => document.querySelector('iframe')!.contentWindow!.postMessage({ id: 'x2', type: '@airlock-app/GET_CHAIN_ID' }, origin), stack.frame.url)
    await page.waitForFunction(() => (window as any).got.some((m: any) => m?.id === 'x2'), undefined, { timeout: 5_000 })
    expect(await page.evaluate(() => (window as any).got.find((m: any) => m?.id === 'x2'))).toEqual({ id: 'x2', type: '@airlock-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } })
  })

  test('behavior: device verification first for a new device, then networks and account type', async () => {
    const { page } = await openHost()
    const email = 'newdevice-ada@example.com'
    expect((await call(page, 'CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_DEVICE' })
    expect(await mailbox(email)).toEqual([])
    expect((await call(page, 'CONNECT_DEVICE')).type).toBe('frame/requestSucceeded')
    expect((await call(page, 'CONNECT_OTP', { otp: (await mailbox(email))[0]!.code })).type).toBe('frame/requestSucceeded')
    expect((await call(page, 'GET_CHAIN_ID')).payload).toEqual({ chainId: 31337 })
    expect((await call(page, 'SWITCH_NETWORK', { chainId: 'eip155:31337' })).payload).toEqual({ chainId: 31337 })
    expect((await call(page, 'SWITCH_NETWORK', { chainId: 1 })).error).toEqual({ message: 'Chain is not supported' })
    expect((await call(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).payload).toEqual({ smartAccountEnabledNetworks: [] })
    const { address } = (await call(page, 'GET_USER')).payload
    expect((await call(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ type: 'eoa', address })
  })

  test('behavior: update email needs the primary then the secondary code', async () => {
    const { page } = await openHost()
    await emailLogin(page, 'old@example.com')
    expect((await call(page, 'UPDATE_EMAIL', { email: 'new@example.com' })).payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await call(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: (await mailbox('old@example.com'))[0]!.code })).type).toBe('frame/requestSucceeded')
    expect((await call(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: (await mailbox('new@example.com'))[0]!.code })).payload).toEqual({ newEmail: 'new@example.com' })
    expect((await call(page, 'GET_USER')).payload.email).toBe('new@example.com')
  })
})
