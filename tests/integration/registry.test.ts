import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { airlockDevnet, airlockDevnet2 } from '../../core/chains/networks.js'
import { createAirlock, type Airlock } from '../../core/index.js'
import type { AirlockState } from '../../core/state.js'
import { DEFAULT_WALLETS, startGateway, type Gateway } from '../../examples/devnet/gateway.js'
import { createStorage } from '../../storage/createStorage.js'

let gateway: Gateway
const running: Airlock[] = []
beforeAll(async () => {
  gateway = await startGateway({ port: 0 })
})
afterAll(() => gateway.close())
afterEach(() => {
  for (const airlock of running.splice(0)) airlock.destroy()
  gateway.fail('/getWallets', null)
  gateway.fail('/getWalletImage/*', null)
  gateway.requests.length = 0
})

function start(): Airlock {
  const airlock = createAirlock({ projectId: 'airlock-dev', apiUrl: gateway.url, analyticsUrl: gateway.url, networks: [airlockDevnet, airlockDevnet2], adapters: [], deps: { window: undefined, storage: createStorage({ backend: 'memory' }) } })
  running.push(airlock)
  return airlock
}

async function until(airlock: Airlock, check: (s: AirlockState) => boolean, timeoutMs = 5_000): Promise<AirlockState> {
  const deadline = Date.now() + timeoutMs
  while (!check(airlock.getState())) {
    if (Date.now() > deadline) throw new Error(`timed out; registry: ${JSON.stringify({ ...airlock.getState().registry, wallets: airlock.getState().registry.wallets.length })}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return airlock.getState()
}

const walletRequests = () => gateway.requests.filter((r) => r.startsWith('GET /getWallets?')).map((r) => new URL(r.slice(4), 'http://x').searchParams)
const DEVNET_COUNT = DEFAULT_WALLETS.filter((w) => w.chains.includes('eip155:31337') || w.chains.includes('eip155:31338')).length

describe('wallet registry against the devnet gateway', () => {
  test('default: nothing at start; the first open loads page 1, the lists and their images', async () => {
    const airlock = start()
    await airlock.ready()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(walletRequests()).toHaveLength(0)
    airlock.open()
    const state = await until(airlock, (s) => s.registry.imagesReady)
    expect(state.registry).toMatchObject({ status: 'loaded', page: 1, count: DEVNET_COUNT, brokenImages: [] })
    expect(state.registry.featured.map((w) => w.name)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow'])
    expect(state.registry.recommended).toHaveLength(4)
    const [query] = walletRequests()
    expect(Object.fromEntries(query!)).toMatchObject({ projectId: 'airlock-dev', st: state.options.sdkType, sv: state.options.sdkVersion, page: '1', entries: '40', chains: 'eip155:31337,eip155:31338' })
    expect(gateway.requests.filter((r) => r.startsWith('GET /getWalletImage/'))).toHaveLength(8)
    airlock.close()
    airlock.open()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(walletRequests()).toHaveLength(1)
  })

  test('behavior: paging to page 3, search (100 results), links checked at the edge', async () => {
    const airlock = start()
    airlock.open()
    await until(airlock, (s) => s.registry.status === 'loaded')
    airlock.dispatch({ type: 'registry/nextPageRequested' })
    airlock.dispatch({ type: 'registry/nextPageRequested' })
    await until(airlock, (s) => s.registry.page === 2)
    airlock.dispatch({ type: 'registry/nextPageRequested' })
    const paged = await until(airlock, (s) => s.registry.page === 3)
    expect(walletRequests().map((q) => q.get('page'))).toEqual(['1', '2', '3'])
    expect(paged.registry.wallets).toHaveLength(120)
    expect(paged.registry.wallets.every((w) => w.mobile_link === null || /^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/)/.test(w.mobile_link))).toBe(true)
    airlock.dispatch({ type: 'registry/searchRequested', query: 'Vault' })
    const found = await until(airlock, (s) => s.registry.search.status === 'loaded')
    expect(found.registry.search.wallets).toHaveLength(100)
    expect(found.registry.search.count).toBeGreaterThan(100)
    expect(walletRequests().at(-1)!.get('search')).toBe('Vault')
    // The same search among certified wallets only: badge_type goes to the registry, fewer come back.
    airlock.dispatch({ type: 'registry/searchRequested', query: 'Vault', badge: 'certified' })
    await until(airlock, (s) => walletRequests().at(-1)!.get('badge_type') === 'certified' && s.registry.search.status === 'loaded')
    expect(airlock.getState().registry.search.count).toBeLessThan(found.registry.search.count)
    airlock.dispatch({ type: 'registry/searchRequested', query: 'evil' })
    const evil = await until(airlock, (s) => s.registry.search.query === 'evil' && s.registry.search.status === 'loaded')
    expect(evil.registry.search.wallets.map((w) => [w.name, w.mobile_link, w.webapp_link])).toEqual([['<img src=x onerror=alert(1)>Evil Wallet', null, null]])
  })

  test('error: a failing page keeps what was loaded; a retry continues', async () => {
    const airlock = start()
    airlock.open()
    await until(airlock, (s) => s.registry.status === 'loaded')
    gateway.fail('/getWallets', 403)
    airlock.dispatch({ type: 'registry/nextPageRequested' })
    const failed = await until(airlock, (s) => s.registry.error !== null)
    expect(failed.registry).toMatchObject({ page: 1, loadingPage: null, error: { message: 'Failed to load wallets', code: 403 } })
    expect(failed.registry.wallets).toHaveLength(40)
    gateway.fail('/getWallets', 'garbage')
    airlock.dispatch({ type: 'registry/retryRequested' })
    await until(airlock, (s) => s.registry.error !== null && s.registry.loadingPage === null && walletRequests().length === 3)
    expect(airlock.getState().registry.wallets).toHaveLength(40)
    gateway.fail('/getWallets', null)
    airlock.dispatch({ type: 'registry/retryRequested' })
    const ok = await until(airlock, (s) => s.registry.page === 2)
    expect(ok.registry.wallets).toHaveLength(80)
  })

  test('behavior: failing images are remembered; slow ones stop the preload wait at 2 s', async () => {
    gateway.fail('/getWalletImage/*', 404)
    const broken = start()
    broken.open()
    const state = await until(broken, (s) => s.registry.imagesReady)
    expect(state.registry.brokenImages).toHaveLength(8)
    gateway.fail('/getWalletImage/*', { delayMs: 4_000 })
    const slow = start()
    const started = Date.now()
    slow.open()
    await until(slow, (s) => s.registry.imagesReady)
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(1_900)
    expect(waited).toBeLessThan(3_500)
    expect(slow.log.entries().some((e) => e.action.type === 'registry/imagesPreloaded' && e.action.timedOut)).toBe(true)
  })
})
