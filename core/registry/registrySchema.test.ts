import { describe, expect, test } from 'vitest'
import { initialState } from '../../tests/support/state.js'
import { airlockDevnet } from '../chains/networks.js'
import { walletPageSchema } from './registrySchema.js'
import { walletImageUrl, walletQueryParams } from './registryQuery.js'

const raw = (fields: Record<string, unknown> = {}) => ({ id: 'a1', name: 'Wallet', image_id: 'img1', mobile_link: null, desktop_link: null, webapp_link: null, rdns: 'x.y', chains: ['eip155:1'], ...fields })

describe('walletPageSchema', () => {
  test('default: SPEC 3 fields; bad optional fields become null; a bad wallet is dropped, not the page', () => {
    const parsed = walletPageSchema.parse({
      count: 3,
      data: [raw({ mobile_link: 'javascript:alert(1)', webapp_link: 'http://x.example', image_id: '../../etc', chains: ['eip155:1', 7, '<b>'] }), { id: 'no-name' }, raw({ id: 'b2', name: '  <img src=x onerror=alert(1)>Evil  ', extra: 1 })],
    })
    expect(parsed.count).toBe(3)
    expect(parsed.wallets).toEqual([
      { id: 'a1', name: 'Wallet', image_id: null, mobile_link: null, desktop_link: null, webapp_link: null, rdns: 'x.y', chains: ['eip155:1'] },
      { id: 'b2', name: '<img src=x onerror=alert(1)>Evil', image_id: 'img1', mobile_link: null, desktop_link: null, webapp_link: null, rdns: 'x.y', chains: ['eip155:1'] },
    ])
  })

  test('error: a body without count or data fails', () => {
    expect(walletPageSchema.safeParse({ data: [] }).success).toBe(false)
    expect(walletPageSchema.safeParse('<html>').success).toBe(false)
    expect(walletPageSchema.safeParse({ count: -1, data: [] }).success).toBe(false)
  })

  test('behavior: long names are cut to 100 characters', () => {
    expect(walletPageSchema.parse({ count: 1, data: [raw({ name: 'x'.repeat(500) })] }).wallets[0]!.name).toHaveLength(100)
  })
})

describe('registry queries', () => {
  test('default: project params, paging, include/exclude and the configured chains', () => {
    const { options } = initialState({ projectId: 'p1', networks: [airlockDevnet], includeWalletIds: ['i'], excludeWalletIds: ['e'] })
    expect(walletQueryParams(options, { page: 2, entries: 40 })).toEqual({ projectId: 'p1', st: options.sdkType, sv: options.sdkVersion, page: 2, entries: 40, search: undefined, include: ['i'], exclude: ['e'], chains: ['eip155:31337'] })
    expect(walletQueryParams(options, { page: 1, entries: 2, include: ['f'] }).include).toEqual(['f'])
    expect(walletQueryParams(options, { page: 1, entries: 100, search: 'x', badge: 'certified' })).toMatchObject({ search: 'x', badge_type: 'certified' })
  })

  test('behavior: image URLs are built from apiUrl only, with the id encoded', () => {
    const { options } = initialState({ projectId: 'p1', apiUrl: 'https://api.example/' })
    expect(walletImageUrl(options, 'abc')).toBe(`https://api.example/getWalletImage/abc?projectId=p1&st=${options.sdkType}&sv=${options.sdkVersion}`)
    expect(walletImageUrl(options, '../x')).toContain('/getWalletImage/..%2Fx?')
  })
})
