import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_WALLETS, KNOWN_WALLETS, startGateway, type Gateway, type RegistryWallet } from '../../examples/devnet/gateway.js'
import { generateWallets, SPECIAL_WALLETS } from '../../examples/devnet/generateWallets.js'

let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ port: 0 })
})
afterAll(() => gateway.close())

type Page = { count: number; data: RegistryWallet[] }
const getWallets = async (query: string): Promise<Page> => (await fetch(`${gateway.url}/getWallets?projectId=airlock-dev&${query}`)).json() as Promise<Page>
const DEVNET_CHAINS = 'eip155:31337,eip155:31338'

describe('registry fixture', () => {
  test('default: the known wallets first, then the edge cases, then at least 5,000 on the devnet chains', () => {
    expect(DEFAULT_WALLETS.slice(0, KNOWN_WALLETS.length)).toEqual(KNOWN_WALLETS)
    expect(DEFAULT_WALLETS[KNOWN_WALLETS.length]).toEqual(SPECIAL_WALLETS[0])
    expect(DEFAULT_WALLETS.filter((w) => w.chains.includes('eip155:31337')).length).toBeGreaterThanOrEqual(5_000)
    expect(new Set(DEFAULT_WALLETS.map((w) => w.id)).size).toBe(DEFAULT_WALLETS.length)
    expect(new Set(DEFAULT_WALLETS.map((w) => w.name)).size).toBe(DEFAULT_WALLETS.length)
    const families = new Set(DEFAULT_WALLETS.flatMap((w) => w.chains.map((c) => c.split(':')[0])))
    expect([...families].sort()).toEqual(['bip122', 'eip155', 'solana'])
  })

  test('behavior: deterministic, with custom schemes, https universal links and markup names', () => {
    expect(generateWallets(50)).toEqual(generateWallets(50))
    const links = DEFAULT_WALLETS.map((w) => w.mobile_link ?? '')
    expect(links.some((l) => /^[a-z]+:\/\/$/.test(l))).toBe(true)
    expect(links.some((l) => l.startsWith('https://'))).toBe(true)
    expect(DEFAULT_WALLETS.some((w) => w.name.startsWith('<img src=x onerror=alert(1)>'))).toBe(true)
    expect(DEFAULT_WALLETS.some((w) => w.mobile_link?.startsWith('javascript:'))).toBe(true)
    expect(DEFAULT_WALLETS.map((w) => w.rdns)).toEqual(expect.arrayContaining(['dev.airlock.wallet', 'dev.airlock.testwallet']))
  })
})

describe('GET /getWallets over the fixture', () => {
  test('behavior: 40 per page on the devnet chains, no overlap, the last page is short', async () => {
    const first = await getWallets(`chains=${DEVNET_CHAINS}`)
    expect(first.count).toBeGreaterThanOrEqual(5_000)
    expect(first.data).toHaveLength(40)
    const second = await getWallets(`chains=${DEVNET_CHAINS}&page=2`)
    expect(second.data.map((w) => w.id).filter((id) => first.data.some((w) => w.id === id))).toEqual([])
    const lastPage = Math.ceil(first.count / 40)
    expect((await getWallets(`chains=${DEVNET_CHAINS}&page=${lastPage}`)).data.length).toBe(first.count - (lastPage - 1) * 40)
    expect((await getWallets(`chains=${DEVNET_CHAINS}&page=${lastPage + 1}`)).data).toEqual([])
  })

  test('behavior: search up to 100, badge_type, include and exclude combine with chains', async () => {
    const search = await getWallets('search=vault&entries=100')
    expect(search.count).toBeGreaterThan(100)
    expect(search.data).toHaveLength(100)
    expect(search.data.every((w) => w.name.toLowerCase().includes('vault'))).toBe(true)
    expect((await getWallets('search=%C3%BCn%C3%AFcorn&entries=3')).data[0]?.name).toMatch(/^Ünïcorn/)
    const certified = await getWallets('badge_type=certified&entries=100')
    expect(certified.count).toBeGreaterThan(KNOWN_WALLETS.length)
    expect(certified.data.slice(0, KNOWN_WALLETS.length).map((w) => w.name)).toEqual(KNOWN_WALLETS.map((w) => w.name))
    expect(Object.keys(certified.data[0]!)).not.toContain('badge_type')
    const phantom = KNOWN_WALLETS.find((w) => w.name === 'Phantom')!
    const safe = KNOWN_WALLETS.find((w) => w.name === 'Safe')!
    const both = await getWallets(`include=${phantom.id},${safe.id}&chains=${encodeURIComponent('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')}`)
    expect(both.data.map((w) => w.name)).toEqual(['Phantom'])
    const excluded = await getWallets(`exclude=${KNOWN_WALLETS[0]!.id}&entries=1`)
    expect(excluded.data[0]!.id).toBe(KNOWN_WALLETS[1]!.id)
    expect((await fetch(`${gateway.url}/getWallets?badge_type=gold`)).status).toBe(400)
  })
})

describe('GET /getWalletImage over the fixture', () => {
  test('behavior: every wallet has a cacheable SVG; markup in names is escaped', async () => {
    const evil = DEFAULT_WALLETS.find((w) => w.name.startsWith('<img'))!
    const res = await fetch(`${gateway.url}/getWalletImage/${evil.image_id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toContain('max-age')
    const svg = await res.text()
    expect(svg).not.toContain('<img')
    expect(svg).toContain('&#60;img')
    const last = DEFAULT_WALLETS.at(-1)!
    expect((await fetch(`${gateway.url}/getWalletImage/${last.image_id}`)).status).toBe(200)
    expect((await fetch(`${gateway.url}/getWalletImage/${'0'.repeat(64)}`)).status).toBe(404)
  })

  test('behavior: fault injection by prefix: failing and slow images', async () => {
    const id = DEFAULT_WALLETS[0]!.image_id
    gateway.fail('/getWalletImage/*', 500)
    expect((await fetch(`${gateway.url}/getWalletImage/${id}`)).status).toBe(500)
    gateway.fail('/getWalletImage/*', { delayMs: 150 })
    const started = performance.now()
    expect((await fetch(`${gateway.url}/getWalletImage/${id}`)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    gateway.fail('/getWalletImage/*', null)
    expect((await fetch(`${gateway.url}/getWalletImage/${id}`)).status).toBe(200)
  })
})
