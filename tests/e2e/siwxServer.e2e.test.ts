import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startRedis, type RedisServer } from '../support/redisServer.js'
import { startRoundRobinProxy, startSiwxBackend, type RoundRobinProxy, type SiwxBackend } from '../support/siwxBackends.js'
import { stepWithScreenshot } from './chromium.js'
import { useDappHarness } from './useDappHarness.js'

/**
 * Sign-in on the dapp's own servers (issue 19) in real Chromium: two reference back-end processes
 * (examples/siwx-server/) sharing one real Redis, behind a round-robin proxy that also serves the
 * demo, so consecutive calls of one sign-in land on different servers. Sign in, reload (still
 * signed in, no second signature), sign out (the session is gone on both servers).
 */
const dapp = useDappHarness()
let redis: RedisServer
let backends: SiwxBackend[] = []
let proxy: RoundRobinProxy
beforeAll(async () => {
  redis = await startRedis()
  try {
    // The proxy's origin is the page's, so it must be known before the back ends start: a port first, then the servers.
    const placeholder = await startRoundRobinProxy([], dapp.devnet.urls.dapp)
    const origin = placeholder.url
    await placeholder.close()
    backends = [await startSiwxBackend({ name: 'a', redisUrl: redis.url, allowedOrigins: [origin] }), await startSiwxBackend({ name: 'b', redisUrl: redis.url, allowedOrigins: [origin] })]
    proxy = await startRoundRobinProxy(backends, dapp.devnet.urls.dapp, Number(new URL(origin).port))
  } catch (error) {
    await Promise.all(backends.map((b) => b.stop()))
    await redis.stop()
    throw error
  }
}, 90_000)
afterAll(async () => {
  await proxy?.close()
  await Promise.all(backends.map((b) => b.stop()))
  await redis?.stop()
})

const step = stepWithScreenshot('e2e-siwx-server-')
const dialog = (page: Page) => page.getByRole('dialog')
const signIn = (page: Page) => page.getByTestId('siwx').getAttribute('data-status')

/** What a back end says of this browser's session, asked directly (not through the proxy). */
async function sessionOn(backend: SiwxBackend, page: Page): Promise<unknown> {
  const cookies = await page.context().cookies(proxy.url)
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const response = await fetch(`${backend.url}/siwx/session`, { headers: { origin: proxy.url, cookie } })
  return ((await response.json()) as { session: unknown }).session
}

describe('sign in on two back-end servers sharing Redis (Chromium)', { timeout: 90_000 }, () => {
  test('behavior: sign in through a round-robin proxy, reload still signed in, sign out everywhere', async () => {
    const wallet = dapp.newWallet(4)
    const { page, errors } = await dapp.openDapp(wallet, '&siwx=server', undefined, proxy.url)
    await step(page, 'sign-in', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: /Airlock Test Wallet/ }).click()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => signIn(page)).toBe('signedIn')
      await expect.poll(() => dialog(page).count()).toBe(0)
      expect(wallet.calls['personal_sign']).toBe(1)
    })
    // The nonce was issued by one server and consumed by the other, or the calls alternated around it: both served.
    const nonceOn = proxy.served.find((line) => line.startsWith('GET /siwx/nonce'))!.slice(-1)
    const verifyOn = proxy.served.find((line) => line.startsWith('POST /siwx/verify'))!.slice(-1)
    expect(new Set(proxy.served.map((line) => line.slice(-1)))).toEqual(new Set(['a', 'b']))
    console.log(`siwx e2e: nonce issued by ${nonceOn}, verified by ${verifyOn}; calls: ${proxy.served.join(', ')}`)
    const cookie = (await page.context().cookies(proxy.url)).find((c) => c.name === 'airlock_siwx')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })
    expect(await page.evaluate(() => document.cookie)).not.toContain('airlock_siwx')
    for (const backend of backends) expect(await sessionOn(backend, page)).toMatchObject({ accounts: [{ address: wallet.address, chainId: `eip155:${wallet.chainId}` }] })

    await step(page, 'reload', async () => {
      await page.reload()
      await expect.poll(() => page.getByTestId('status').textContent()).toBe('connected')
      await expect.poll(() => signIn(page)).toBe('signedIn')
      expect(await dialog(page).count()).toBe(0)
      expect(wallet.calls['personal_sign']).toBe(1)
    })

    await step(page, 'sign-out', async () => {
      await page.getByTestId('siwx-sign-out').click()
      await expect.poll(() => signIn(page)).not.toBe('signedIn')
      await expect.poll(() => proxy.served.some((line) => line.startsWith('POST /siwx/signout'))).toBe(true)
    })
    for (const backend of backends) expect(await sessionOn(backend, page)).toBeNull()
    expect(errors).toEqual([])
  })

  test('behavior: the `npm start` demo signs in against the back end the dev stack serves on its own origin', async () => {
    const wallet = dapp.newWallet(5)
    const { page, errors } = await dapp.openDapp(wallet, '&siwx=server')
    await step(page, 'demo', async () => {
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await dialog(page).getByRole('button', { name: /Airlock Test Wallet/ }).click()
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await expect.poll(() => signIn(page)).toBe('signedIn')
      expect((await page.context().cookies(dapp.devnet.urls.dapp)).map((c) => c.name)).toContain('airlock_siwx')
      await page.reload()
      await expect.poll(() => signIn(page)).toBe('signedIn')
      expect(wallet.calls['personal_sign']).toBe(1)
    })
    expect(errors).toEqual([])
  })
})
