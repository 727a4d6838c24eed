import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { balanceResponse, historyResponse, identityResponse, nftResponse, reasonsBody, sameOriginUrl, suggestionsResponse } from './portfolioSchemas.js'

const ORIGIN = 'https://api.airlock.test'
const token = (overrides: Record<string, unknown> = {}) => ({
  name: 'Airlock Dev USD',
  symbol: 'dUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 1000,
  price: 1,
  quantity: { decimals: '6', numeric: '1000' },
  iconUrl: `${ORIGIN}/v1/token-icon/dUSD`,
  ...overrides,
})
const entry = (id: string, overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  id,
  metadata: { hash: `0x${id}`, minedAt: '2024-05-01T12:00:00Z', chain: 'eip155:31337', operationType: 'send', status: 'confirmed', sentFrom: '0xaaa', sentTo: '0xbbb', ...metadata },
  transfers: [{ direction: 'out', quantity: { numeric: '0.25' }, fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${ORIGIN}/v1/token-icon/ETH` } } }],
  ...overrides,
})

describe('sameOriginUrl', () => {
  test('default: an http(s) URL on the service origin passes; anything else is empty', () => {
    expect(sameOriginUrl(`${ORIGIN}/img/a.png`, ORIGIN)).toBe(`${ORIGIN}/img/a.png`)
    for (const bad of ['https://evil.test/a.png', 'http://api.airlock.test/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.test/a.png', '/relative.png', 'not a url', '', undefined, null, 42]) {
      expect(sameOriginUrl(bad, ORIGIN), String(bad)).toBe('')
    }
  })

  test('edge: never throws and never returns a URL on another origin, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (url) => {
        const out = sameOriginUrl(url, ORIGIN)
        return out === '' || new URL(out).origin === ORIGIN
      }),
    )
  })
})

describe('balanceResponse', () => {
  test('default: valid tokens are kept, address optional, the icon kept on the service origin', () => {
    const native = token({ name: 'Ether', symbol: 'ETH', address: undefined, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: `${ORIGIN}/v1/token-icon/ETH` })
    expect(balanceResponse(ORIGIN).parse({ balances: [native, token()] })).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 1000, price: 1, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: `${ORIGIN}/v1/token-icon/ETH` },
      token(),
    ])
  })

  test("behavior: tokens of decimals '0' and rows that do not parse are dropped; the rest kept", () => {
    const rows = [
      token({ symbol: 'NFTLIKE', quantity: { decimals: '0', numeric: '3' } }),
      token({ symbol: 'BAD1', quantity: { decimals: '18', numeric: '1e-7' } }),
      token({ symbol: 'BAD2', name: 7 }),
      'not an object',
      null,
      token({ symbol: 'X'.repeat(33) }),
      token({ symbol: 'ADT', quantity: { decimals: '18', numeric: '50' } }),
    ]
    expect(balanceResponse(ORIGIN).parse({ balances: rows }).map((t) => t.symbol)).toEqual(['ADT'])
  })

  test('behavior: an icon on another origin, javascript: or data: becomes empty; bad prices become 0', () => {
    const parsed = balanceResponse(ORIGIN).parse({
      balances: [
        token({ symbol: 'A', iconUrl: 'https://evil.test/icon.png' }),
        token({ symbol: 'B', iconUrl: 'javascript:alert(1)' }),
        token({ symbol: 'C', iconUrl: 'data:image/svg+xml,<svg/>' }),
        token({ symbol: 'D', iconUrl: undefined, value: -5, price: 'NaN' }),
      ],
    })
    expect(parsed.map((t) => [t.symbol, t.iconUrl, t.value, t.price])).toEqual([
      ['A', '', 1000, 1],
      ['B', '', 1000, 1],
      ['C', '', 1000, 1],
      ['D', '', 0, 0],
    ])
  })

  test('edge: an answer without a balances array is refused as a whole', () => {
    expect(balanceResponse(ORIGIN).safeParse({ balances: 'nope' }).success).toBe(false)
    expect(balanceResponse(ORIGIN).safeParse({}).success).toBe(false)
    expect(balanceResponse(ORIGIN).safeParse({ balances: Array.from({ length: 501 }, () => token()) }).success).toBe(false)
  })
})

describe('nftResponse', () => {
  const nft = (overrides: Record<string, unknown> = {}) => ({
    id: 'n1',
    name: 'Airlock Dev Collectibles #1',
    tokenId: '1',
    chainId: 'eip155:31337',
    collection: { name: 'Airlock Dev Collectibles', address: '0xcoll' },
    imageUrl: `${ORIGIN}/dev/nft/1.svg`,
    ...overrides,
  })

  test('behavior: spam and bad rows are left out; an image on another origin becomes empty', () => {
    const parsed = nftResponse(ORIGIN).parse({
      data: [nft(), nft({ id: 'spam', flags: { is_spam: true } }), nft({ id: 'off', imageUrl: 'https://evil.test/x.png' }), nft({ id: 'js', imageUrl: 'javascript:alert(1)' }), { id: 'broken' }],
    })
    expect(parsed).toEqual([
      { id: 'n1', name: 'Airlock Dev Collectibles #1', tokenId: '1', chainId: 'eip155:31337', collection: { name: 'Airlock Dev Collectibles', address: '0xcoll' }, imageUrl: `${ORIGIN}/dev/nft/1.svg` },
      expect.objectContaining({ id: 'off', imageUrl: '' }),
      expect.objectContaining({ id: 'js', imageUrl: '' }),
    ])
  })
})

describe('historyResponse', () => {
  test('default: entries become transactions with their transfers; next kept, absent next is null', () => {
    expect(historyResponse(ORIGIN).parse({ data: [entry('t1')], next: 'c1' })).toEqual({
      next: 'c1',
      transactions: [
        {
          id: 't1',
          hash: '0xt1',
          minedAt: '2024-05-01T12:00:00Z',
          chain: 'eip155:31337',
          operationType: 'send',
          status: 'confirmed',
          sentFrom: '0xaaa',
          sentTo: '0xbbb',
          transfers: [{ direction: 'out', quantity: { numeric: '0.25' }, fungible: { name: 'Ether', symbol: 'ETH', iconUrl: `${ORIGIN}/v1/token-icon/ETH` }, spam: false }],
        },
      ],
    })
    expect(historyResponse(ORIGIN).parse({ data: [] }).next).toBeNull()
  })

  test('behavior: entries that fail parsing are dropped, not the page', () => {
    const page = historyResponse(ORIGIN).parse({
      data: [entry('ok1'), entry('bad-date', {}, { minedAt: 'yesterday' }), { id: 'no-metadata' }, 17, entry('no-chain', {}, { chain: undefined }), entry('ok2')],
      next: null,
    })
    expect(page.transactions.map((t) => t.id)).toEqual(['ok1', 'ok2'])
  })

  test('behavior: spam flags, NFT previews and icons off the service origin', () => {
    const page = historyResponse(ORIGIN).parse({
      data: [
        entry('spam', {
          transfers: [
            { direction: 'in', quantity: { numeric: '1000' }, fungible_info: { name: 'Free Airdrop Claim', symbol: 'CLAIM', icon: { url: 'https://evil.test/claim.png' }, flags: { is_spam: true } } },
            { direction: 'sideways', quantity: { numeric: '1' }, nft_info: { name: 'Dev #1', flags: { is_spam: false }, content: { preview: { url: 'data:image/png;base64,AA' } } } },
          ],
        }),
        entry('bad-transfers', { transfers: 'nope' }),
      ],
    })
    expect(page.transactions[0]!.transfers).toEqual([
      { direction: 'in', quantity: { numeric: '1000' }, fungible: { name: 'Free Airdrop Claim', symbol: 'CLAIM', iconUrl: '' }, spam: true },
      { direction: 'self', quantity: { numeric: '1' }, nft: { name: 'Dev #1', spam: false, previewUrl: '' }, spam: false },
    ])
    // Transfers that do not parse leave the transaction without transfers, still listed.
    expect(page.transactions[1]).toMatchObject({ id: 'bad-transfers', transfers: [] })
  })

  test('edge: a page that is not the agreed shape is refused', () => {
    expect(historyResponse(ORIGIN).safeParse({ data: {} }).success).toBe(false)
    expect(historyResponse(ORIGIN).safeParse({ data: [], next: 5 }).success).toBe(false)
  })
})

describe('identityResponse', () => {
  test('default: name and avatar on the service origin', () => {
    expect(identityResponse(ORIGIN).parse({ name: 'alice.airlock.id', avatar: `${ORIGIN}/avatar/alice.png` })).toEqual({ name: 'alice.airlock.id', avatar: `${ORIGIN}/avatar/alice.png` })
  })

  test('behavior: an avatar on another origin (or javascript:, data:) becomes null; an empty or absent name is null', () => {
    expect(identityResponse(ORIGIN).parse({ name: '', avatar: 'https://evil.test/a.png' })).toEqual({ name: null, avatar: null })
    expect(identityResponse(ORIGIN).parse({ avatar: 'javascript:alert(1)' })).toEqual({ name: null, avatar: null })
    expect(identityResponse(ORIGIN).parse({ name: null, avatar: 'data:image/png;base64,AA' })).toEqual({ name: null, avatar: null })
  })
})

describe('names answers', () => {
  test('behavior: suggestions and reasons are checked; reasons needs at least one', () => {
    expect(suggestionsResponse.parse({ suggestions: [{ name: 'alice1.airlock.id', registered: false }] }).suggestions).toHaveLength(1)
    expect(suggestionsResponse.safeParse({ suggestions: [{ name: 'x' }] }).success).toBe(false)
    expect(reasonsBody.parse({ reasons: [{ description: 'Name is taken' }, { description: 'other' }] }).reasons[0]!.description).toBe('Name is taken')
    expect(reasonsBody.safeParse({ reasons: [] }).success).toBe(false)
  })
})
