import type { IncomingMessage, ServerResponse } from 'node:http'
import { createPublicClient, erc20Abi, formatUnits, http, isAddress, type Address, type PublicClient } from 'viem'
import { DEV_PRICES, type DevAssets } from './contracts/deployDevAssets.js'
import { accountHistory } from './historyIndexer.js'

/** One chain the data service answers for: its RPC and the dev assets deployed on it. */
export interface DataChain {
  readonly chainId: number
  readonly rpcUrl: string
  readonly assets: DevAssets
}


/** A balance as the data service answers it (SPEC 7 `GET /v1/account/{address}/balance`). */
export interface DataBalance {
  readonly name: string
  readonly symbol: string
  /** CAIP-2 of the chain. */
  readonly chainId: string
  /** CAIP-10 of the token contract; absent for the native currency. */
  readonly address?: string
  /** Value in USD at `price`. */
  readonly value: number
  readonly price: number
  readonly quantity: { readonly decimals: string; readonly numeric: string }
  readonly iconUrl: string
}

export interface BlockchainApi {
  /** The chains (and their assets) to answer for; the dev stack sets them once the assets are deployed. */
  setChains(chains: readonly DataChain[]): void
  /** A gateway route: true when it answered. */
  route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean>
}

const BALANCE_PATH = /^\/v1\/account\/([^/]{1,100})\/balance$/
const HISTORY_PATH = /^\/v1\/account\/([^/]{1,120})\/history$/
/** Transactions per history page; `next` is the cursor of the following page, or null. */
export const HISTORY_PAGE_SIZE = 10

/**
 * The blockchain data service for the dev stack, read from the local chains themselves:
 * `GET /v1/account/{address}/balance`: the native balance and every dev token the account holds
 * (spam left out, as data services hide it), priced at the fixed dev prices;
 * `GET /v1/account/{account}/history`: its transactions newest first (historyIndexer), 10 a page
 * with `cursor`/`next`. `chainId` (CAIP-2) picks one chain.
 * @example const api = createBlockchainApi(); startGateway({ routes: api.route }); api.setChains(chains)
 */
export function createBlockchainApi(): BlockchainApi {
  let chains: { chain: DataChain; client: PublicClient }[] = []
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  return {
    setChains(next) {
      chains = next.map((chain) => ({ chain, client: createPublicClient({ transport: http(chain.rpcUrl) }) }))
    },
    async route(req, url, res) {
      const history = req.method === 'GET' ? HISTORY_PATH.exec(url.pathname) : null
      if (history) {
        // An address, or a CAIP-10 account whose last part is one.
        const account = decodeURIComponent(history[1]!).split(':').at(-1)!
        const cursor = Number(url.searchParams.get('cursor') ?? '0')
        if (!isAddress(account) || !Number.isSafeInteger(cursor) || cursor < 0) {
          answer(res, 400, { message: isAddress(account) ? 'Invalid cursor' : 'Invalid address' })
          return true
        }
        const wanted = url.searchParams.get('chainId')
        const selected = chains.filter(({ chain }) => wanted === null || wanted === `eip155:${chain.chainId}`)
        const all = (await Promise.all(selected.map(({ chain, client }) => accountHistory(client, chain.chainId, chain.assets, account)))).flat()
        all.sort((a, b) => b.metadata.minedAt.localeCompare(a.metadata.minedAt))
        const data = all.slice(cursor, cursor + HISTORY_PAGE_SIZE)
        answer(res, 200, { data, next: cursor + HISTORY_PAGE_SIZE < all.length ? String(cursor + HISTORY_PAGE_SIZE) : null })
        return true
      }
      const match = req.method === 'GET' ? BALANCE_PATH.exec(url.pathname) : null
      if (!match) return false
      const address = decodeURIComponent(match[1]!)
      if (!isAddress(address)) {
        answer(res, 400, { message: 'Invalid address' })
        return true
      }
      const wanted = url.searchParams.get('chainId')
      const selected = chains.filter(({ chain }) => wanted === null || wanted === `eip155:${chain.chainId}`)
      const balances = (await Promise.all(selected.map(({ chain, client }) => balancesOn(chain, client, address)))).flat()
      answer(res, 200, { balances })
      return true
    },
  }
}

async function balancesOn(chain: DataChain, client: PublicClient, owner: Address): Promise<DataBalance[]> {
  const caip2 = `eip155:${chain.chainId}`
  const tokens = chain.assets.tokens.filter((t) => !t.spam)
  const [native, ...held] = await Promise.all([
    client.getBalance({ address: owner }),
    ...tokens.map((token) => client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
  ])
  const entry = (name: string, symbol: string, decimals: number, amount: bigint, token?: Address): DataBalance => {
    const numeric = formatUnits(amount, decimals)
    const price = DEV_PRICES[symbol] ?? 0
    return {
      name,
      symbol,
      chainId: caip2,
      ...(token ? { address: `${caip2}:${token}` } : {}),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: '',
    }
  }
  return [
    entry('Ether', 'ETH', 18, native!),
    ...tokens.flatMap((token, i) => (held[i]! > 0n ? [entry(token.name, token.symbol, token.decimals, held[i]!, token.address)] : [])),
  ]
}
