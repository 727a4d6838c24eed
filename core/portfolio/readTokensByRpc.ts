import { erc20Abi, type Address } from 'viem'
import { getBalance, multicall } from 'viem/actions'
import { rpcClient } from '../chains/evm/getNativeBalance.js'
import type { Network } from '../chains/types.js'
import { tokenEntry } from './tokenEntry.js'
import type { TokenBalance } from './types.js'

/** A token the host lists for a network (`tokens` option), read straight from the chain without a project id. */
export interface ListedToken {
  readonly address: string
}

/**
 * Without a data service (no project id, SPEC issue 14 deliver 8): the native balance and the
 * listed ERC-20 tokens, read in one `eth_getBalance` and one multicall (deployless, so it works on
 * any chain, a local anvil included). Names, symbols and decimals come from the contracts; a
 * contract that does not answer is left out. Unpriced: value and price are 0.
 * @example await readTokensByRpc({ network, address: '0xabc…', tokens: [{ address: '0xdef…' }] })
 */
export async function readTokensByRpc({ network, address, tokens, signal }: { network: Network; address: string; tokens: readonly ListedToken[]; signal?: AbortSignal }): Promise<TokenBalance[]> {
  const client = rpcClient(network, signal)
  const owner = address as Address
  // Results are read back by position: index the valid addresses, never the whole list.
  const valid = tokens.filter((t) => /^0x[0-9a-fA-F]{40}$/.test(t.address))
  const calls = valid.flatMap(({ address: token }) =>
    (['balanceOf', 'decimals', 'symbol', 'name'] as const).map((functionName) => ({ address: token as Address, abi: erc20Abi, functionName, ...(functionName === 'balanceOf' ? { args: [owner] } : {}) })),
  )
  const [native, results] = await Promise.all([getBalance(client, { address: owner }), calls.length > 0 ? multicall(client, { contracts: calls as never[], allowFailure: true, deployless: true }) : Promise.resolve([])])
  const listed = valid.flatMap((token, i) => {
    const [balance, tokenDecimals, tokenSymbol, tokenName] = (results as { status: string; result?: unknown }[]).slice(i * 4, i * 4 + 4).map((r) => (r.status === 'success' ? r.result : undefined))
    if (typeof balance !== 'bigint' || typeof tokenDecimals !== 'number' || tokenDecimals === 0 || typeof tokenSymbol !== 'string') return []
    const symbol = tokenSymbol.slice(0, 32)
    return [tokenEntry(network, { name: typeof tokenName === 'string' ? tokenName.slice(0, 200) : symbol, symbol, decimals: tokenDecimals, address: token.address }, balance)]
  })
  return [tokenEntry(network, network.nativeCurrency, native), ...listed]
}
