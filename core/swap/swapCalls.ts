import { parseUnits } from 'viem'
import type { AirlockDeps } from '../deps.js'
import { serviceOrigin, serviceParams } from '../portfolio/serviceParams.js'
import type { AirlockState } from '../state.js'
import { allowanceResponse, builtTransactionResponse, gasPriceResponse, quotesResponse, tokensResponse, type BuiltTransaction } from './swapSchemas.js'
import type { SwapQuote, SwapState, SwapToken } from './types.js'
import { isNativeToken } from '../slices/portfolio/swapReducer.js'

/** SPEC 8. */
export const SWAPS_UNSUPPORTED_MESSAGE = 'Network not supported for Swaps'
export const GAS_PRICE_UNSUPPORTED_MESSAGE = 'Network not supported for Gas Price'
/** SPEC 9: the shared slippage tolerance, in percent. */
export const SWAP_SLIPPAGE = 1
/**
 * SPEC 9's twelve swap networks and the local dev chains the dev stack's swap service serves. The
 * twelve are also the public `SWAP_SUPPORTED_CHAIN_IDS` (a test keeps both equal), written again here
 * because a lazy module that imports a constant of networks.ts moves it into the page's first chunk.
 */
const SWAP_CHAIN_IDS: ReadonlySet<number> = new Set([1, 10, 56, 100, 137, 250, 324, 8453, 8217, 42161, 43114, 1313161554, 31337, 31338])

/**
 * Whether swaps are offered on a CAIP-2 network (SPEC 9: twelve EVM networks, plus the local dev chains).
 * @example swapSupported('eip155:8453') // true
 */
export function swapSupported(caip2: string): boolean {
  const [namespace, reference] = caip2.split(':')
  const id = Number(reference)
  return namespace === 'eip155' && SWAP_CHAIN_IDS.has(id)
}

/** The swap service's calls for one account (CAIP-10) on its network; each checks its answer. */
export function swapCalls(state: AirlockState, deps: AirlockDeps, account: string) {
  const [namespace, reference, userAddress] = account.split(':') as [string, string, string]
  const chainId = `${namespace}:${reference}`
  const params = serviceParams(state)
  const api = deps.http.blockchain
  const unsupported = (message: string) => Promise.reject(new Error(message))
  /** SPEC 8: the gas price is asked for only where swaps are offered. */
  const gasPrice = (signal: AbortSignal): Promise<string> =>
    swapSupported(chainId)
      ? api.get({ path: '/v1/convert/gas-price', params: { chainId, ...params }, schema: gasPriceResponse, signal }).then(({ standard }) => standard)
      : unsupported(GAS_PRICE_UNSUPPORTED_MESSAGE)
  return {
    gasPrice,
    tokens: (signal: AbortSignal): Promise<SwapToken[]> =>
      swapSupported(chainId)
        ? api.get({ path: '/v1/convert/tokens', params: { chainId, ...params }, schema: tokensResponse(serviceOrigin(deps)), signal }).then(({ tokens }) => nativeFirst(tokens))
        : unsupported(SWAPS_UNSUPPORTED_MESSAGE),
    /** Quote, allowance and gas price for the form, together (the preview shows all three). */
    quote: async (form: Pick<SwapState, 'from' | 'to' | 'amount'>, signal: AbortSignal): Promise<Omit<SwapQuote, 'at'>> => {
      if (!swapSupported(chainId)) return unsupported(SWAPS_UNSUPPORTED_MESSAGE)
      const { from, to } = form as { from: SwapToken; to: SwapToken }
      const amount = parseUnits(form.amount, from.decimals).toString()
      const [quotes, allowance, gas] = await Promise.all([
        api.get({ path: '/v1/convert/quotes', params: { amount, userAddress, from: from.address, to: to.address, ...params }, schema: quotesResponse, signal }),
        isNativeToken(from.address)
          ? Promise.resolve({ allowance: (2n ** 256n - 1n).toString() })
          : api.get({ path: '/v1/convert/allowance', params: { tokenAddress: from.address, userAddress, ...params }, schema: allowanceResponse, signal }),
        gasPrice(signal),
      ])
      const best = quotes.quotes[0]!
      return { fromAmount: best.fromAmount, toAmount: best.toAmount, allowance: allowance.allowance, gasPrice: gas }
    },
    buildApprove: (form: Pick<SwapState, 'from' | 'to'>, quote: SwapQuote, signal: AbortSignal): Promise<BuiltTransaction> =>
      api
        .get({ path: '/v1/convert/build-approve', params: { userAddress, from: form.from!.address, to: form.to!.address, amount: quote.fromAmount, ...params }, schema: builtTransactionResponse, signal })
        .then(({ tx }) => tx),
    allowance: (form: Pick<SwapState, 'from'>, signal: AbortSignal): Promise<bigint> =>
      api.get({ path: '/v1/convert/allowance', params: { tokenAddress: form.from!.address, userAddress, ...params }, schema: allowanceResponse, signal }).then(({ allowance }) => BigInt(allowance)),
    buildSwap: (form: Pick<SwapState, 'from' | 'to'>, quote: SwapQuote, signal: AbortSignal): Promise<BuiltTransaction> =>
      api
        .post({
          path: '/v1/convert/build-transaction',
          body: { projectId: params.projectId, userAddress, from: form.from!.address, to: form.to!.address, amount: quote.fromAmount, eip155: { slippage: SWAP_SLIPPAGE }, disableEstimate: true },
          schema: builtTransactionResponse,
          signal,
        })
        .then(({ tx }) => tx),
  }
}

/**
 * SPEC 9: the suggested swap tokens (about 27 symbols), shown before the rest of the service's list;
 * the dev stack's tokens close it so the demo has suggestions too.
 */
export const SUGGESTED_SWAP_SYMBOLS: readonly string[] = [
  'ETH', 'USDC', 'USDT', 'DAI', 'WETH', 'WBTC', 'MATIC', 'POL', 'BNB', 'AVAX', 'ARB', 'OP', 'LINK', 'UNI', 'AAVE', 'CRV', 'MKR', 'LDO', 'SNX', 'COMP', 'GNO', 'xDAI', 'FTM', 'CELO', 'GRT', 'dUSD', 'ADT',
]

/** The native coin first, the rest in the service's order. */
function nativeFirst(tokens: SwapToken[]): SwapToken[] {
  return [...tokens.filter((t) => isNativeToken(t.address)), ...tokens.filter((t) => !isNativeToken(t.address))]
}

/** A built transaction as `eth_sendTransaction` takes it (hex quantities). */
export function toWalletTransaction(tx: BuiltTransaction): { from: string; to: string; data: string; value: string; gas?: string } {
  const quantity = (v: string) => `0x${BigInt(v === '0x' ? '0' : v).toString(16)}`
  const gas = tx.eip155?.gas
  return { from: tx.from, to: tx.to, data: tx.data, value: quantity(tx.value || '0x0'), ...(gas ? { gas: quantity(gas) } : {}) }
}
