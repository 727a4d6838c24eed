import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import type { Devnet } from '../../examples/devnet/main.js'
import { startOnFreePorts } from '../e2e/useDappHarness.js'
import { MOBILE_WALLET_ACCOUNT } from '../../examples/devnet/mobileWallet/build.js'
import { launchChromium, screenshot } from '../e2e/chromium.js'
import { createTestDapp, recordOutboundRequests, type OutboundRecorder, type TestDapp } from '../support/wcOffline.js'
import { startTogether } from '../support/startTogether.js'

/**
 * The dev mobile wallet page (served by the dev stack at /mobile-wallet/) in
 * Chromium, paired with a Node-side UniversalProvider over the devnet relay.
 */
let devnet: Devnet
let browser: Browser
let outbound: OutboundRecorder
const contexts: BrowserContext[] = []
const dapps: TestDapp[] = []

beforeAll(async () => {
  outbound = recordOutboundRequests()
  ;[devnet, browser] = await startTogether([
    startOnFreePorts(),
    launchChromium(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await devnet?.stop()
  outbound?.restore()
})
afterEach(async () => {
  await Promise.all(dapps.splice(0).map((d) => d.close()))
  for (const context of contexts.splice(0)) await context.close()
  expect(outbound.remote()).toEqual([])
})

/** Opens the page; every request it makes is recorded and anything off 127.0.0.1 is refused. */
async function openWallet(): Promise<{ page: Page; errors: string[]; remote: string[] }> {
  const context = await browser.newContext({ viewport: { width: 480, height: 900 } })
  contexts.push(context)
  const remote: string[] = []
  await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/]|wss?:\/\/127\.0\.0\.1[:/]|data:|blob:)/, (route) => {
    remote.push(route.request().url())
    return route.abort()
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(devnet.urls.mobileWallet)
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 })
  return { page, errors, remote }
}

async function nodeDapp(): Promise<TestDapp> {
  const dapp = await createTestDapp({ relayUrl: devnet.urls.relay, rpcMap: { 31337: devnet.urls.anvil } })
  dapps.push(dapp)
  return dapp
}

async function pairOnPage(page: Page, dapp: TestDapp) {
  const { uri, session } = await dapp.connect()
  await page.getByLabel('WalletConnect URI').fill(uri)
  await page.getByRole('button', { name: 'Pair' }).click()
  const proposal = page.getByRole('listitem', { name: 'Connection request from Airlock test dapp' })
  await proposal.waitFor({ timeout: 10_000 })
  return { session, proposal }
}

describe('dev mobile wallet page', () => {
  test('behavior: paste a URI, approve, the dapp has a session; personal_sign approved on the page verifies', async () => {
    const { page, errors, remote } = await openWallet()
    await expect(page.locator('#account').textContent()).resolves.toBe(MOBILE_WALLET_ACCOUNT.address)
    const dapp = await nodeDapp()
    const { session, proposal } = await pairOnPage(page, dapp)
    // Dapp metadata is shown as text.
    await expect(proposal.textContent()).resolves.toContain('Site: http://127.0.0.1')
    await screenshot(page, 'mobile-wallet-proposal')
    await page.getByRole('button', { name: 'Approve connection to Airlock test dapp' }).click()
    const settled = await session
    expect(settled?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${MOBILE_WALLET_ACCOUNT.address}`])
    await page.getByRole('listitem', { name: 'Session with Airlock test dapp' }).waitFor()

    const signature = dapp.provider.request<Hex>({ method: 'personal_sign', params: ['0x68656c6c6f206d6f62696c65', MOBILE_WALLET_ACCOUNT.address] }, 'eip155:31337')
    const request = page.getByRole('listitem', { name: 'personal_sign request from Airlock test dapp' })
    await request.waitFor({ timeout: 10_000 })
    await expect(request.textContent()).resolves.toContain('hello mobile')
    await screenshot(page, 'mobile-wallet-request')
    await page.getByRole('button', { name: 'Approve personal_sign' }).click()
    expect(await verifyMessage({ address: MOBILE_WALLET_ACCOUNT.address, message: 'hello mobile', signature: await signature })).toBe(true)
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Approved personal_sign.')
    expect(errors).toEqual([])
    expect(remote).toEqual([])
  })

  test('behavior: eth_sendTransaction approved on the page lands on anvil; a rejected request fails with 4001', async () => {
    const { page, errors, remote } = await openWallet()
    const dapp = await nodeDapp()
    const { session } = await pairOnPage(page, dapp)
    await page.getByRole('button', { name: 'Approve connection to Airlock test dapp' }).click()
    await session

    // Settled into a value at once, so the rejection is handled before the page answers.
    const rejected = dapp.provider.request({ method: 'personal_sign', params: ['0x6e6f', MOBILE_WALLET_ACCOUNT.address] }, 'eip155:31337').then(
      () => 'approved',
      (error: unknown) => error,
    )
    await page.getByRole('button', { name: 'Reject personal_sign' }).click({ timeout: 10_000 })
    expect(await rejected).toMatchObject({ code: 4001, message: 'User rejected the request.' })

    const chain = createPublicClient({ transport: http(devnet.urls.anvil) })
    const recipient = ANVIL_ACCOUNTS[1].address
    const before = await chain.getBalance({ address: recipient })
    const sent = dapp.provider.request<Hex>({ method: 'eth_sendTransaction', params: [{ from: MOBILE_WALLET_ACCOUNT.address, to: recipient, value: `0x${parseEther('0.25').toString(16)}` }] }, 'eip155:31337')
    const request = page.getByRole('listitem', { name: 'eth_sendTransaction request from Airlock test dapp' })
    await request.waitFor({ timeout: 10_000 })
    await expect(request.textContent()).resolves.toContain(`Send 0.25 ETH to ${recipient}`)
    await page.getByRole('button', { name: 'Approve eth_sendTransaction' }).click()
    const receipt = await chain.waitForTransactionReceipt({ hash: await sent, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await chain.getBalance({ address: recipient })).toBe(before + parseEther('0.25'))
    expect(errors).toEqual([])
    expect(remote).toEqual([])
  })

  test('error: a pasted text that is not a wc: URI is refused with a message, and a proposal can be rejected', async () => {
    const { page } = await openWallet()
    await page.getByLabel('WalletConnect URI').fill('https://example.com/not-a-uri')
    await page.getByRole('button', { name: 'Pair' }).click()
    await expect(page.getByRole('alert').textContent()).resolves.toBe('That is not a WalletConnect URI: paste the whole text starting with “wc:”.')
    await expect(page.getByLabel('WalletConnect URI').getAttribute('aria-invalid')).resolves.toBe('true')

    const dapp = await nodeDapp()
    const { session } = await pairOnPage(page, dapp)
    await page.getByRole('button', { name: 'Reject connection to Airlock test dapp' }).click()
    await expect(session).rejects.toThrow(/rejected/i)
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Connection request rejected.')
  })
})
