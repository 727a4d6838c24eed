import type { Network } from '../../chains/types.js'

/**
 * The production getter, by the network's chain family: viem (about 45 KB gzip) is fetched with the
 * first EVM balance read, not at start; Solana's `getBalance` is one JSON-RPC call, Bitcoin's one
 * Esplora request.
 */
export const readNativeBalance = (params: { network: Network; address: string; signal: AbortSignal }): Promise<bigint> =>
  params.network.chainNamespace === 'solana'
    ? import('../../chains/solana/getSolanaBalance.js').then((m) => m.getSolanaBalance(params))
    : params.network.chainNamespace === 'bip122'
      ? import('../../chains/bitcoin/getBitcoinBalance.js').then((m) => m.getBitcoinBalance(params))
      : import('../../chains/evm/getNativeBalance.js').then((m) => m.getNativeBalance({ ...params, address: params.address as `0x${string}` }))
