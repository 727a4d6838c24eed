import { z } from 'zod'
import type { ActivityTransaction, ActivityTransfer, Identity, Nft, TokenBalance } from './types.js'

/**
 * The data service's answers (SPEC 7), checked at the edge: fields the views use are validated and
 * bounded, anything else is dropped. Image URLs pass only when they are on the service's own origin
 * (like wallet images): a hostile answer cannot make the page load from elsewhere.
 */

const text = (max = 200) => z.string().max(max)
/** A decimal amount as the service writes it (`'1.5'`, `'1e-7'` is refused). */
const decimalString = z.string().regex(/^\d{1,78}(\.\d{1,78})?$/)
const money = z.number().finite().nonnegative().catch(0)

/** `url` when it is an http(s) URL on `origin`, else ''. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return ''
  try {
    const parsed = new URL(url)
    return parsed.origin === origin && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.href : ''
  } catch {
    return ''
  }
}

const tokenSchema = z.object({
  name: text(),
  symbol: text(32),
  chainId: text(100),
  address: text(200).optional(),
  value: money,
  price: money,
  quantity: z.object({ decimals: z.string().regex(/^\d{1,3}$/), numeric: decimalString }),
  iconUrl: z.string().max(2_000).optional(),
})

/** `GET /v1/account/{address}/balance`: `{ balances }`. Tokens of 0 decimals (NFT-like) are dropped (SPEC 4). */
export const balanceResponse = (origin: string) =>
  z.object({ balances: z.array(z.unknown()).max(500) }).transform(({ balances }): TokenBalance[] =>
    balances.flatMap((entry) => {
      const parsed = tokenSchema.safeParse(entry)
      if (!parsed.success || parsed.data.quantity.decimals === '0') return []
      const { iconUrl, address, ...token } = parsed.data
      return [{ ...token, ...(address ? { address } : {}), iconUrl: sameOriginUrl(iconUrl, origin) }]
    }),
  )

/** `POST /v1/fungible/price`: `{ fungibles: [{ symbol, price }] }`. */
export const priceResponse = z.object({
  fungibles: z.array(z.object({ name: text().optional(), symbol: text(32), price: money, iconUrl: z.string().max(2_000).optional() })).max(500),
})

const nftSchema = z.object({
  id: text(300),
  name: text(),
  tokenId: text(100),
  chainId: text(100),
  collection: z.object({ name: text(), address: text(200) }),
  imageUrl: z.string().max(2_000).optional(),
  flags: z.object({ is_spam: z.boolean() }).optional(),
})

/** The NFTs the account holds: `{ data }`; spam left out. */
export const nftResponse = (origin: string) =>
  z.object({ data: z.array(z.unknown()).max(1_000) }).transform(({ data }): Nft[] =>
    data.flatMap((entry) => {
      const parsed = nftSchema.safeParse(entry)
      if (!parsed.success || parsed.data.flags?.is_spam) return []
      const { flags: _flags, imageUrl, ...nft } = parsed.data
      return [{ ...nft, imageUrl: sameOriginUrl(imageUrl, origin) }]
    }),
  )

const transferSchema = z.object({
  direction: z.enum(['in', 'out', 'self']).catch('self'),
  quantity: z.object({ numeric: decimalString }),
  fungible_info: z
    .object({ name: text().catch(''), symbol: text(32), icon: z.object({ url: z.string().max(2_000) }).partial().nullish(), flags: z.object({ is_spam: z.boolean() }).partial().nullish() })
    .nullish(),
  nft_info: z
    .object({ name: text().catch('NFT'), flags: z.object({ is_spam: z.boolean() }).partial().nullish(), content: z.object({ preview: z.object({ url: z.string().max(2_000) }).partial().nullish() }).partial().nullish() })
    .nullish(),
})

const transactionSchema = z.object({
  id: text(300),
  metadata: z.object({
    hash: text(200).catch(''),
    minedAt: z.string().datetime({ offset: true }),
    chain: text(100),
    operationType: text(50).catch('execute'),
    status: text(50).catch('confirmed'),
    sentFrom: text(200).catch(''),
    sentTo: text(200).nullish().transform((v) => v ?? null),
  }),
  transfers: z.array(transferSchema).max(100).catch([]),
})

/** `GET /v1/account/{account}/history`: `{ data, next }`; an entry that does not parse is left out, not the page. */
export const historyResponse = (origin: string) =>
  z.object({ data: z.array(z.unknown()).max(200), next: z.string().max(500).nullish() }).transform(({ data, next }) => ({
    next: next ?? null,
    transactions: data.flatMap((entry): ActivityTransaction[] => {
      const parsed = transactionSchema.safeParse(entry)
      if (!parsed.success) return []
      const { id, metadata, transfers } = parsed.data
      return [{ id, ...metadata, transfers: transfers.map((t) => toTransfer(t, origin)) }]
    }),
  }))

function toTransfer(t: z.infer<typeof transferSchema>, origin: string): ActivityTransfer {
  const fungible = t.fungible_info
  const nft = t.nft_info
  return {
    direction: t.direction,
    quantity: t.quantity,
    ...(fungible ? { fungible: { name: fungible.name, symbol: fungible.symbol, iconUrl: sameOriginUrl(fungible.icon?.url, origin) } } : {}),
    ...(nft ? { nft: { name: nft.name, spam: nft.flags?.is_spam === true, previewUrl: sameOriginUrl(nft.content?.preview?.url, origin) } } : {}),
    spam: (nft?.flags?.is_spam ?? fungible?.flags?.is_spam) === true,
  }
}

/** `GET /v1/identity/{address}`: `{ name, avatar }`, both optional. */
export const identityResponse = (origin: string) =>
  z.object({ name: text(255).nullish(), avatar: z.string().max(2_000).nullish() }).transform(
    ({ name, avatar }): Identity => ({ name: name || null, avatar: sameOriginUrl(avatar, origin) || null }),
  )

/** `GET /v1/profile/suggestions/{name}`. */
export const suggestionsResponse = z.object({ suggestions: z.array(z.object({ name: text(255), registered: z.boolean() })).max(50) })

/** `GET /v1/profile/account/{name}`: a registered name (404 when free). */
export const profileResponse = z.object({ name: text(255) }).passthrough()

/** `GET /v1/profile/reverse/{address}`: the names of an address. */
export const reverseResponse = z.array(z.object({ name: text(255) }).passthrough()).max(100)

/** SPEC 8 names: the API's first reason is preferred to our own wording. */
export const reasonsBody = z.object({ reasons: z.array(z.object({ description: text(300) })).min(1) })
