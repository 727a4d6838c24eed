import type { IncomingMessage, ServerResponse } from 'node:http'
import { createPublicClient, erc20Abi, erc721Abi, formatUnits, http, isAddress, isAddressEqual, maxUint256, zeroAddress, type Address, type PublicClient } from 'viem'
import { z } from 'zod'
import { DEV_PRICES, type DevAssets, type DevToken } from './contracts/deployDevAssets.js'
import { nftImageSvg, tokenIconSvg } from './devImages.js'
import { accountHistory, nftName } from './historyIndexer.js'
import { BodyTooLarge, readBody, requestOrigin } from './httpServer.js'
import type { Nft, TokenBalance } from '../../core/portfolio/types.js'
import { solanaAddressSchema } from '../../core/chains/solana/solanaSchemas.js'
import { tokenAccountsOf, type DevSplMint } from './solana/devSplToken.js'
import { TOKEN_PROGRAM_ID } from '../../core/chains/solana/programAddress.js'
import type { LiteSVM } from 'litesvm'

/** One chain the data service answers for: its RPC and the dev assets deployed on it. */
export interface DataChain {
  readonly chainId: number
  readonly rpcUrl: string
  readonly assets: DevAssets
}

/** A Solana cluster the data service answers for: read straight from its litesvm, with the mints it names. */
export interface SolanaDataChain {
  /** CAIP-2, `solana:` and the genesis hash's first 32 characters. */
  readonly caipNetworkId: string
  readonly svm: LiteSVM
  readonly mints: readonly DevSplMint[]
}

/**
 * A balance as the data service answers it (SPEC 7 `GET /v1/account/{address}/balance`): the
 * client's own type, so the stand-in and the client cannot drift apart. `iconUrl` is the gateway's
 * `/v1/token-icon/{symbol}`, on the origin the request came to.
 */
export type DataBalance = TokenBalance

/**
 * An NFT as the data service answers it (`GET /v1/account/{address}/nfts`): the client's `Nft`
 * (`imageUrl` the gateway's own `/v1/nft-image/…`, on the origin the request came to) plus the
 * service's spam flag, which the client reads and drops.
 */
export type DataNft = Nft & { readonly flags: { readonly is_spam: false } }

/** A price as `POST /v1/fungible/price` answers it. */
export interface DataPrice {
  readonly name: string
  readonly symbol: string
  readonly iconUrl: string
  readonly price: number
}

export interface BlockchainApi {
  /** The chains (and their assets) to answer for; the dev stack sets them once the assets are deployed. */
  setChains(chains: readonly DataChain[]): void
  /** The Solana clusters to answer balances for (SOL and the named SPL mints). */
  setSolanaChains(chains: readonly SolanaDataChain[]): void
  /** A gateway route: true when it answered. */
  route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean>
}

const BALANCE_PATH = /^\/v1\/account\/([^/]{1,100})\/balance$/
const HISTORY_PATH = /^\/v1\/account\/([^/]{1,120})\/history$/
const NFTS_PATH = /^\/v1\/account\/([^/]{1,100})\/nfts$/
const PRICE_PATH = '/v1/fungible/price'
const TOKEN_ICON_PATH = /^\/v1\/token-icon\/([A-Za-z0-9]{1,16})$/
const NFT_IMAGE_PATH = /^\/v1\/nft-image\/([^/]{1,40})\/([^/]{1,60})\/(\d{1,78})$/
/** Transactions per history page; `next` is the cursor of the following page, or null. */
export const HISTORY_PAGE_SIZE = 10
/** A price request names a few dozen tokens at most; this bounds what is read before parsing. */
const MAX_PRICE_BODY = 16 * 1024

/** The body of `POST /v1/fungible/price`: CAIP-10 token addresses, priced in USD. */
const priceRequest = z.object({
  currency: z.literal('usd'),
  addresses: z.array(z.string().max(120)).max(100),
  projectId: z.string().min(1).max(100),
})

/** A chain the service reads, with its client. */
interface Reader {
  readonly chain: DataChain
  readonly client: PublicClient
}

/**
 * The blockchain data service for the dev stack, read from the local chains themselves:
 * `GET /v1/account/{address}/balance`: the native balance and every dev token the account holds
 * (spam left out, as data services hide it), priced at the fixed dev prices;
 * `GET /v1/account/{account}/history`: its transactions newest first (historyIndexer), 10 a page
 * with `cursor`/`next`; `GET /v1/account/{address}/nfts`: the dev collection's NFTs it owns now,
 * newest first. `chainId` (CAIP-2) picks one chain on all three.
 * For a Solana address (`chainId` a `solana:` CAIP-2, or none): its SOL and the named SPL mints
 * it holds on each Solana cluster, from the cluster's own accounts; no NFTs or history there.
 * `POST /v1/fungible/price` `{ currency: 'usd', addresses, projectId }`: the dev prices of the
 * known tokens among `addresses` (CAIP-10).
 * `GET /v1/token-icon/{symbol}` and `GET /v1/nft-image/{caip2}/{contract}/{tokenId}`: the
 * generated SVGs the answers' `iconUrl` and `imageUrl` point to, on the gateway's own origin.
 * @example const api = createBlockchainApi(); startGateway({ routes: api.route }); api.setChains(chains)
 */
export function createBlockchainApi(): BlockchainApi {
  let chains: Reader[] = []
  let solanaChains: readonly SolanaDataChain[] = []
  const selected = (url: URL) => {
    const wanted = url.searchParams.get('chainId')
    return chains.filter(({ chain }) => wanted === null || wanted === caip2Of(chain))
  }
  /** The Solana clusters a request for a Solana address reads; null when the address is not one. */
  const selectedSolana = (url: URL, segment: string): readonly SolanaDataChain[] | null => {
    const wanted = url.searchParams.get('chainId')
    if (!solanaAddressSchema.safeParse(safeDecode(segment)).success || (wanted !== null && !wanted.startsWith('solana:'))) return null
    return solanaChains.filter((chain) => wanted === null || wanted === chain.caipNetworkId)
  }
  return {
    setChains(next) {
      chains = next.map((chain) => ({ chain, client: createPublicClient({ transport: http(chain.rpcUrl) }) }))
    },
    setSolanaChains(next) {
      solanaChains = next
    },
    async route(req, url, res) {
      const origin = requestOrigin(req)
      if (req.method === 'POST' && url.pathname === PRICE_PATH) {
        await answerPrices(req, res, chains, origin)
        return true
      }
      if (req.method !== 'GET') return false
      const history = HISTORY_PATH.exec(url.pathname)
      if (history) {
        await answerHistory(res, url, selected(url), history[1]!)
        return true
      }
      const balance = BALANCE_PATH.exec(url.pathname)
      const solana = balance && selectedSolana(url, balance[1]!)
      if (solana) {
        answer(res, 200, { balances: solana.flatMap((chain) => solanaBalances(chain, safeDecode(balance![1]!), origin)) })
        return true
      }
      if (balance) {
        await answerPerChain(res, balance[1]!, selected(url), (reader, address) => balancesOn(reader, address, origin), (balances) => ({ balances }))
        return true
      }
      const nfts = NFTS_PATH.exec(url.pathname)
      if (nfts && selectedSolana(url, nfts[1]!)) {
        // The dev clusters have no Solana NFT collection.
        answer(res, 200, { data: [], next: null })
        return true
      }
      if (nfts) {
        // Every NFT the dev chains hold fits one page.
        await answerPerChain(res, nfts[1]!, selected(url), (reader, address) => nftsOn(reader, address, origin), (data) => ({ data, next: null }))
        return true
      }
      const icon = TOKEN_ICON_PATH.exec(url.pathname)
      if (icon) {
        // Only symbols the service knows are drawn: nothing a caller sends ends up in the SVG.
        const known = ['ETH', 'SOL', ...chains.flatMap(({ chain }) => chain.assets.tokens.map((t) => t.symbol))]
        answerSvg(res, known.includes(icon[1]!) ? tokenIconSvg(icon[1]!) : null)
        return true
      }
      const image = NFT_IMAGE_PATH.exec(url.pathname)
      if (image) {
        answerSvg(res, await nftImage(chains, safeDecode(image[1]!), safeDecode(image[2]!), BigInt(image[3]!)))
        return true
      }
      return false
    },
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

/** A generated image, or 404 for one the service does not know. */
function answerSvg(res: ServerResponse, svg: string | null): void {
  if (svg === null) return answer(res, 404, { message: 'Image not found' })
  res.writeHead(200, {
    'content-type': 'image/svg+xml',
    // Stable per URL, like a CDN's; an SVG opened as a page may run nothing and load nothing.
    'cache-control': 'public, max-age=3600',
    'content-security-policy': "default-src 'none'",
    'x-content-type-options': 'nosniff',
  })
  res.end(svg)
}

function caip2Of(chain: DataChain): string {
  return `eip155:${chain.chainId}`
}

/** A path segment decoded; '' when its %-escapes are broken (it then matches nothing). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

function tokenIconUrl(origin: string, symbol: string): string {
  return `${origin}/v1/token-icon/${encodeURIComponent(symbol)}`
}

/** An `{address}` route answered from every selected chain, `shape` wrapping the list; 400 for a bad address. */
async function answerPerChain<T>(res: ServerResponse, segment: string, selected: readonly Reader[], read: (reader: Reader, address: Address) => Promise<T[]>, shape: (all: T[]) => unknown): Promise<void> {
  const address = safeDecode(segment)
  if (!isAddress(address)) return answer(res, 400, { message: 'Invalid address' })
  answer(res, 200, shape((await Promise.all(selected.map((reader) => read(reader, address)))).flat()))
}

async function answerHistory(res: ServerResponse, url: URL, selected: readonly Reader[], segment: string): Promise<void> {
  // An address, or a CAIP-10 account whose last part is one.
  const account = safeDecode(segment).split(':').at(-1)!
  const cursor = Number(url.searchParams.get('cursor') ?? '0')
  if (!isAddress(account) || !Number.isSafeInteger(cursor) || cursor < 0) return answer(res, 400, { message: isAddress(account) ? 'Invalid cursor' : 'Invalid address' })
  const all = (await Promise.all(selected.map(({ chain, client }) => accountHistory(client, chain.chainId, chain.assets, account)))).flat()
  all.sort((a, b) => b.metadata.minedAt.localeCompare(a.metadata.minedAt))
  const data = all.slice(cursor, cursor + HISTORY_PAGE_SIZE)
  answer(res, 200, { data, next: cursor + HISTORY_PAGE_SIZE < all.length ? String(cursor + HISTORY_PAGE_SIZE) : null })
}

/** One balance as the service answers it: `amount` base units of a token (native without `address`) on chain `caip2`, at the dev price, with its icon on `origin`. */
function devBalance(caip2: string, origin: string, token: { name: string; symbol: string; decimals: number; address?: string | undefined }, amount: bigint): DataBalance {
  const numeric = formatUnits(amount, token.decimals)
  const price = DEV_PRICES[token.symbol] ?? 0
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: caip2,
    ...(token.address ? { address: `${caip2}:${token.address}` } : {}),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl: tokenIconUrl(origin, token.symbol),
  }
}

async function balancesOn({ chain, client }: Reader, owner: Address, origin: string): Promise<DataBalance[]> {
  const caip2 = caip2Of(chain)
  const tokens = chain.assets.tokens.filter((t) => !t.spam)
  const [native, ...held] = await Promise.all([
    client.getBalance({ address: owner }),
    ...tokens.map((token) => client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
  ])
  const entry = (name: string, symbol: string, decimals: number, amount: bigint, token?: Address) => devBalance(caip2, origin, { name, symbol, decimals, address: token }, amount)
  return [
    entry('Ether', 'ETH', 18, native!),
    ...tokens.flatMap((token, i) => (held[i]! > 0n ? [entry(token.name, token.symbol, token.decimals, held[i]!, token.address)] : [])),
  ]
}

/** SOL and each named mint `owner` holds (all its token accounts of that mint added up), priced at the dev prices. */
function solanaBalances(chain: SolanaDataChain, owner: string, origin: string): DataBalance[] {
  const entry = (name: string, symbol: string, decimals: number, amount: bigint, mint?: string) => devBalance(chain.caipNetworkId, origin, { name, symbol, decimals, address: mint }, amount)
  const held = tokenAccountsOf(chain.svm, owner, { program: TOKEN_PROGRAM_ID })
  return [
    entry('Solana', 'SOL', 9, BigInt(chain.svm.getBalance(owner as never) ?? 0n)),
    ...chain.mints.flatMap((mint) => {
      const amount = held.filter((h) => h.account.mint === mint.address).reduce((sum, h) => sum + h.account.amount, 0n)
      return amount > 0n ? [entry(mint.name, mint.symbol, mint.decimals, amount, mint.address)] : []
    }),
  ]
}

/**
 * The dev collection's NFTs `owner` holds now, newest first. The collection numbers its tokens
 * 1..totalSupply and never burns, so `ownerOf` of each is the current owner after any transfer,
 * with no log replay; both reads are at one block so a mint in between cannot skew them.
 */
async function nftsOn({ chain, client }: Reader, owner: Address, origin: string): Promise<DataNft[]> {
  const caip2 = caip2Of(chain)
  const collection = chain.assets.collectibles
  // Never viem's cached block number: a transfer just made must show.
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
  const supply = await client.readContract({ address: collection.address, abi: erc721Abi, functionName: 'totalSupply', blockNumber })
  const ids = Array.from({ length: Number(supply) }, (_, i) => supply - BigInt(i))
  const owners = await Promise.all(ids.map((id) => client.readContract({ address: collection.address, abi: erc721Abi, functionName: 'ownerOf', args: [id], blockNumber })))
  return ids
    .filter((_, i) => isAddressEqual(owners[i]!, owner))
    .map((id) => ({
      id: `${caip2}:${collection.address}:${id}`,
      name: nftName(collection.name, id),
      tokenId: String(id),
      chainId: caip2,
      collection: { name: collection.name, address: `${caip2}:${collection.address}` },
      imageUrl: `${origin}/v1/nft-image/${caip2}/${collection.address}/${id}`,
      flags: { is_spam: false },
    }))
}

/** The preview of a minted token of a known chain's dev collection; null for any other chain, contract or token. */
async function nftImage(chains: readonly Reader[], caip2: string, contract: string, tokenId: bigint): Promise<string | null> {
  const reader = chains.find((r) => caip2Of(r.chain) === caip2)
  const collection = reader?.chain.assets.collectibles
  if (!reader || !collection || !isAddress(contract) || !isAddressEqual(contract, collection.address) || tokenId > maxUint256) return null
  // The collection's ownerOf is a plain mapping: the zero address for a token never minted.
  const owner = await reader.client.readContract({ address: collection.address, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })
  if (isAddressEqual(owner, zeroAddress)) return null
  return nftImageSvg(`${caip2}:${collection.address}:${tokenId}`, String(tokenId), nftName(collection.name, tokenId))
}

/** `POST /v1/fungible/price`: the known, priced dev tokens among the CAIP-10 addresses, each once, in the order asked. */
async function answerPrices(req: IncomingMessage, res: ServerResponse, chains: readonly Reader[], origin: string): Promise<void> {
  let body: unknown
  try {
    body = JSON.parse(await readBody(req, MAX_PRICE_BODY))
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) return answer(res, 400, { message: 'Invalid JSON body' })
    // The rest of the body was never read: the connection cannot carry another request.
    res.setHeader('connection', 'close')
    return answer(res, 413, { message: error.message })
  }
  const parsed = priceRequest.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return answer(res, 400, { message: `Invalid price request: ${issue.path.join('.') || 'body'}: ${issue.message}` })
  }
  const tokens = new Map<string, DevToken>()
  for (const address of parsed.data.addresses) {
    const priced = pricedToken(chains, address)
    if (priced) tokens.set(priced.caip10, priced.token)
  }
  const fungibles: DataPrice[] = [...tokens.values()].map((t) => ({ name: t.name, symbol: t.symbol, iconUrl: tokenIconUrl(origin, t.symbol), price: DEV_PRICES[t.symbol]! }))
  answer(res, 200, { fungibles })
}

/**
 * The dev token a CAIP-10 address names, with its canonical CAIP-10 (a repeat in another case is
 * the same token), when it has a dev price (the spam token has none); else null.
 */
function pricedToken(chains: readonly Reader[], caip10: string): { caip10: string; token: DevToken } | null {
  const match = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/.exec(caip10)
  const chain = match && chains.find((r) => r.chain.chainId === Number(match[1]))?.chain
  const token = chain && chain.assets.tokens.find((t) => isAddressEqual(t.address, match[2] as Address))
  return chain && token && !token.spam && DEV_PRICES[token.symbol] !== undefined ? { caip10: `${caip2Of(chain)}:${token.address}`, token } : null
}
