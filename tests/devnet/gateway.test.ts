import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_WALLETS, startGateway, type Gateway, type RegistryWallet } from '../../examples/devnet/gateway.js'
import { DEFAULT_ENTRIES, initials, queryWallets } from '../../examples/devnet/walletRegistry.js'

let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ port: 0 })
})
afterAll(() => gateway.close())

type Page = { count: number; data: RegistryWallet[] }
const getWallets = async (query: string) => {
  const res = await fetch(`${gateway.url}/getWallets?projectId=airlock-dev&${query}`)
  return { status: res.status, body: (await res.json()) as Page & { message?: string } }
}

describe('GET /getWallets', () => {
  test('default: every wallet with the SPEC 3 fields, 40 per page', async () => {
    const { status, body } = await getWallets('')
    expect(status).toBe(200)
    expect(DEFAULT_ENTRIES).toBe(40)
    expect(body.count).toBe(DEFAULT_WALLETS.length)
    expect(body.data.length).toBe(Math.min(40, DEFAULT_WALLETS.length))
    expect(DEFAULT_WALLETS.length).toBeGreaterThanOrEqual(10)
    for (const wallet of body.data) {
      expect(Object.keys(wallet).sort()).toEqual(['chains', 'desktop_link', 'id', 'image_id', 'mobile_link', 'name', 'rdns', 'webapp_link'])
      expect(wallet.id).toMatch(/^[0-9a-f]{64}$/)
      expect(wallet.chains.length).toBeGreaterThan(0)
    }
    expect(new Set(body.data.map((w) => w.id)).size).toBe(body.data.length)
    expect(body.data.map((w) => w.name)).toContain('MetaMask')
  })

  test('behavior: pages are 1-based, count is the total before paging', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => getWallets(`page=${page}&entries=5`)))
    expect(pages.map((p) => p.body.count)).toEqual(pages.map(() => DEFAULT_WALLETS.length))
    expect(pages.map((p) => p.body.data.length)).toEqual([0, 5, 10, 15].map((start) => Math.max(0, Math.min(5, DEFAULT_WALLETS.length - start))))
    expect(pages.flatMap((p) => p.body.data.map((w) => w.id))).toEqual(DEFAULT_WALLETS.slice(0, 20).map((w) => w.id))
  })

  test('behavior: search matches names case-insensitively; include and exclude take ids; chains match any', async () => {
    expect((await getWallets('search=RAIN')).body.data.map((w) => w.name)).toEqual(['Rainbow'])
    expect((await getWallets('search=wallet')).body.count).toBe(DEFAULT_WALLETS.filter((w) => /wallet/i.test(w.name)).length)
    const [a, b, c] = DEFAULT_WALLETS
    expect((await getWallets(`include=${a!.id},${c!.id}`)).body.data.map((w) => w.id)).toEqual([a!.id, c!.id])
    const excluded = await getWallets(`exclude=${b!.id}`)
    expect(excluded.body.count).toBe(DEFAULT_WALLETS.length - 1)
    expect(excluded.body.data.map((w) => w.id)).not.toContain(b!.id)
    const solana = await getWallets(`chains=${encodeURIComponent('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')}`)
    expect(solana.body.data.map((w) => w.name)).toEqual(expect.arrayContaining(['Phantom', 'Trust Wallet']))
    expect(solana.body.data.every((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
    const devnet = await getWallets('chains=eip155:31337,eip155:999999')
    expect(devnet.body.count).toBeGreaterThan(0)
    expect((await getWallets('search=nope-no-such-wallet')).body).toEqual({ count: 0, data: [] })
  })

  test('error: bad paging is a 400, an unknown project a 403', async () => {
    expect((await getWallets('page=0')).status).toBe(400)
    expect((await getWallets('entries=abc')).status).toBe(400)
    expect((await getWallets('entries=1000')).status).toBe(400)
    expect((await fetch(`${gateway.url}/getWallets?projectId=unknown`)).status).toBe(403)
    expect((await fetch(`${gateway.url}/getWallets`)).status).toBe(200)
  })

  test('unit: queryWallets and initials', () => {
    expect(queryWallets(DEFAULT_WALLETS, { entries: '2', page: '1', search: '  ' }).data.length).toBe(2)
    expect(initials('MetaMask')).toBe('MM')
    expect(initials('Trust Wallet')).toBe('TW')
    expect(initials('Safe')).toBe('S')
  })
})

describe('image routes', () => {
  test('default: /getWalletImage/{image_id or id} is a generated SVG', async () => {
    const wallet = DEFAULT_WALLETS[0]!
    for (const id of [wallet.image_id, wallet.id]) {
      const res = await fetch(`${gateway.url}/getWalletImage/${id}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      const svg = await res.text()
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(svg).toContain('<title>MetaMask</title>')
      expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org)/)
    }
  })

  test('error: unknown or malformed ids are 404s', async () => {
    expect((await fetch(`${gateway.url}/getWalletImage/deadbeef`)).status).toBe(404)
    expect((await fetch(`${gateway.url}/getWalletImage/%3Cscript%3E`)).status).toBe(404)
    expect((await fetch(`${gateway.url}/getWalletImage/%E0%A4%A`)).status).toBe(404)
    const raw = await new Promise<number>((resolve, reject) => {
      request(`${gateway.url}/getWalletImage/..%2F..%2Fpackage.json`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
        .on('error', reject)
        .end()
    })
    expect(raw).toBe(404)
  })

  test('behavior: network, currency and token images are generated too', async () => {
    for (const path of ['/public/getAssetImage/eip155-1', '/public/getCurrencyImage/USD', '/public/getTokenImage/ETH']) {
      const res = await fetch(gateway.url + path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
    }
  })

  test('behavior: the existing routes are unchanged', async () => {
    expect(await (await fetch(`${gateway.url}/getAnalyticsConfig?projectId=airlock-dev`)).json()).toEqual({ isAnalyticsEnabled: true })
    expect((await fetch(`${gateway.url}/nope`)).status).toBe(404)
  })
})
