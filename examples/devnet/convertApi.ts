import type { IncomingMessage, ServerResponse } from 'node:http'
import { BaseError, createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, maxUint256, toHex, type Address, type PublicClient } from 'viem'
import type { z } from 'zod'
import type { DataChain } from './blockchainApi.js'
import type { DevToken } from './contracts/deployDevAssets.js'
import { devSwapAbi } from './contracts/devSwapAbi.js'
import { chainRead, ConvertError } from './convertError.js'
import { convertRequests, parseConvertRequest, type CaipToken } from './convertRequests.js'
import { BodyTooLarge, readBody, requestOrigin } from './httpServer.js'

export interface ConvertApi {
  /** The chains to swap on (each with its deployed DevSwap); the dev stack sets them once the assets are deployed. */
  setChains(chains: readonly DataChain[]): void
  /** A gateway route: true when it answered. */
  route(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean>
}

/** How swap services name the native coin. */
export const NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** SPEC 8. */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'
/** The gas a DevSwap swap is given when the caller asks for no estimate: well above token to token's ~120k. */
export const SWAP_GAS_LIMIT = 250_000n
/** A swap request is a few hundred bytes; this bounds what is read before parsing. */
const MAX_BODY = 4 * 1024
const PREFIX = '/v1/convert/'

interface SwapChain {
  readonly chain: DataChain
  readonly client: PublicClient
}

/**
 * The swap service for the dev stack (SPEC 7 `/v1/convert/*`, Reown's blockchain API shapes), settled
 * by the DevSwap pools deployed with the dev assets: `tokens` lists ETH (as `0xeeee…eeee`) and the
 * non-spam dev tokens; `quotes` asks the pool's `getAmountOut` at its live reserves; `allowance`
 * reads the token's allowance to DevSwap; `gas-price` is the chain's; `build-approve` and
 * `build-transaction` return transactions for the user's wallet to send (the swap's minimum output
 * is the quote less `eip155.slippage` percent). Bad input is a 400 `{ message }`, a chain that does
 * not answer a 502.
 * @example const convert = createConvertApi(); startGateway({ routes: convert.route }); convert.setChains(chains)
 */
export function createConvertApi(): ConvertApi {
  let chains: SwapChain[] = []
  const handlers: Record<string, (req: IncomingMessage, url: URL) => Promise<unknown>> = {
    'GET tokens': async (req, url) => {
      const { chainId } = parse(convertRequests.tokens, query(url), 'tokens')
      const { chain } = chainFor(chains, chainId, SWAPS_UNSUPPORTED)
      const origin = requestOrigin(req)
      const entry = (name: string, symbol: string, decimals: number, address: Address) => ({ name, symbol, address: `eip155:${chainId}:${address.toLowerCase()}`, decimals, logoUri: `${origin}/v1/token-icon/${encodeURIComponent(symbol)}`, eip2612: false })
      return { tokens: [entry('Ether', 'ETH', 18, NATIVE_TOKEN), ...tradable(chain).map((t) => entry(t.name, t.symbol, t.decimals, t.address))] }
    },
    'GET quotes': async (_req, url) => {
      const request = parse(convertRequests.quotes, query(url), 'quotes')
      const { client, chain } = pairOn(chains, request.from, request.to)
      const toAmount = await amountOut(client, chain, request.from, request.to, request.amount)
      const caip10 = (t: CaipToken) => `eip155:${t.chainId}:${t.address.toLowerCase()}`
      return { quotes: [{ id: null, fromAmount: String(request.amount), fromAccount: caip10(request.from), toAmount: String(toAmount), toAccount: caip10(request.to) }] }
    },
    'GET allowance': async (_req, url) => {
      const { tokenAddress, userAddress } = parse(convertRequests.allowance, query(url), 'allowance')
      const { client, chain } = chainFor(chains, tokenAddress.chainId, SWAPS_UNSUPPORTED)
      if (isNative(tokenAddress)) return { allowance: String(maxUint256) }
      knownToken(chain, tokenAddress)
      const allowance = await chainRead(() => client.readContract({ address: tokenAddress.address, abi: erc20Abi, functionName: 'allowance', args: [userAddress, chain.assets.swap.address] }))
      return { allowance: String(allowance) }
    },
    'GET gas-price': async (_req, url) => {
      const { chainId } = parse(convertRequests.gasPrice, query(url), 'gas price')
      const gasPrice = await chainRead(() => chainFor(chains, chainId, GAS_PRICE_UNSUPPORTED).client.getGasPrice())
      // Anvil has one price; the faster tiers bid above it as a real oracle's would.
      return { standard: String(gasPrice), fast: String((gasPrice * 5n) / 4n), instant: String((gasPrice * 3n) / 2n) }
    },
    'GET build-approve': async (_req, url) => {
      const request = parse(convertRequests.buildApprove, query(url), 'approve')
      const { client, chain } = pairOn(chains, request.from, request.to)
      if (isNative(request.from)) throw new ConvertError(400, 'The native coin needs no approval')
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.assets.swap.address, request.amount ?? maxUint256] })
      const gasPrice = await chainRead(() => client.getGasPrice())
      return { tx: { from: request.userAddress, to: request.from.address, data, value: '0x0', eip155: { gasPrice: String(gasPrice) } } }
    },
    'POST build-transaction': async (req) => {
      const request = parse(convertRequests.buildTransaction, await jsonBody(req), 'swap transaction')
      const { client, chain } = pairOn(chains, request.from, request.to)
      const quoted = await amountOut(client, chain, request.from, request.to, request.amount)
      // Slippage in percent, applied in basis points so the minimum stays an integer.
      const bps = BigInt(Math.round((request.eip155?.slippage ?? 1) * 100))
      const minAmountOut = (quoted * (10_000n - bps)) / 10_000n
      const data = encodeFunctionData({ abi: devSwapAbi, functionName: 'swap', args: [request.from.address, request.to.address, request.amount, minAmountOut, request.userAddress] })
      const value = isNative(request.from) ? request.amount : 0n
      const call = { account: request.userAddress, to: chain.assets.swap.address, data, value }
      const [gasPrice, gas] = await Promise.all([chainRead(() => client.getGasPrice()), request.disableEstimate ? SWAP_GAS_LIMIT : chainRead(() => client.estimateGas(call), 'The swap would fail')])
      return { tx: { from: request.userAddress, to: chain.assets.swap.address, data, value: toHex(value), eip155: { gas: String(gas), gasPrice: String(gasPrice) } } }
    },
  }
  return {
    setChains(next) {
      // Anvil on this machine does not drop requests: a retry would only delay the 502.
      chains = next.map((chain) => ({ chain, client: createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) }))
    },
    async route(req, url, res) {
      if (!url.pathname.startsWith(PREFIX)) return false
      const handler = handlers[`${req.method} ${url.pathname.slice(PREFIX.length)}`]
      if (!handler) return false
      try {
        answer(res, 200, await handler(req, url))
      } catch (error) {
        if (error instanceof BodyTooLarge) res.setHeader('connection', 'close')
        if (error instanceof BodyTooLarge) answer(res, 413, { message: error.message })
        else if (error instanceof ConvertError) answer(res, error.status, { message: error.message })
        else answer(res, 502, { message: `The dev chain did not answer: ${error instanceof BaseError ? error.shortMessage : String(error)}` })
      }
      return true
    },
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

function query(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams)
}

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown, what: string): T {
  const parsed = parseConvertRequest(schema, input, what)
  if (!parsed.ok) throw new ConvertError(400, parsed.message)
  return parsed.data
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req, MAX_BODY)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ConvertError(400, 'Invalid JSON body')
  }
}

function chainFor(chains: readonly SwapChain[], chainId: number, unsupported: string): SwapChain {
  const found = chains.find(({ chain }) => chain.chainId === chainId)
  if (!found) throw new ConvertError(400, unsupported)
  return found
}

/** The dev tokens with a pool: the spam token has none. */
function tradable(chain: DataChain): readonly DevToken[] {
  return chain.assets.tokens.filter((t) => !t.spam)
}

function isNative(token: CaipToken): boolean {
  return isAddressEqual(token.address, NATIVE_TOKEN)
}

function knownToken(chain: DataChain, token: CaipToken): void {
  if (!isNative(token) && !tradable(chain).some((t) => isAddressEqual(t.address, token.address))) throw new ConvertError(400, `Token not supported for Swaps: eip155:${chain.chainId}:${token.address}`)
}

/** The chain both tokens are on, each one the pools trade; 400 otherwise. */
function pairOn(chains: readonly SwapChain[], from: CaipToken, to: CaipToken): SwapChain {
  const found = chainFor(chains, from.chainId, SWAPS_UNSUPPORTED)
  if (to.chainId !== from.chainId) throw new ConvertError(400, 'from and to must be on the same network')
  if (isAddressEqual(from.address, to.address)) throw new ConvertError(400, 'from and to must be different tokens')
  knownToken(found.chain, from)
  knownToken(found.chain, to)
  return found
}

/** What the pool pays now, by its own `getAmountOut` (the very math `swap` checks against). */
function amountOut(client: PublicClient, chain: DataChain, from: CaipToken, to: CaipToken, amount: bigint): Promise<bigint> {
  return chainRead(() => client.readContract({ address: chain.assets.swap.address, abi: devSwapAbi, functionName: 'getAmountOut', args: [from.address, to.address, amount] }), 'The pool cannot quote this amount')
}
