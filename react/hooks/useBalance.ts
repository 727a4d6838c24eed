import { useMemo } from 'react'
import { formatBalance } from '../../core/format/formatBalance.js'
import { selectActiveNetwork } from '../../core/slices/network/selectors.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface UseBalanceReturnType {
  /** Smallest units as a decimal string (wei, lamports, sats). */
  value: string | undefined
  /** Truncated to 3 decimals, without the symbol. */
  formatted: string | undefined
  symbol: string
  loading: boolean
  /** The last fetch failed (no retry for 30 s, SPEC 4). */
  failed: boolean
}

/**
 * The native balance of the connected account on the active network, or on the unsupported
 * network its wallet moved to (nothing to show there: undefined, and `failed` once tried).
 * @example const { formatted, symbol, loading } = useBalance(); loading ? '…' : `${formatted} ${symbol}`
 */
export function useBalance(): UseBalanceReturnType {
  const { entry, symbol, loading, failed } = useAirlockSelector((state) => {
    const network = selectActiveNetwork(state)
    const connection = state.connection.namespaces[network.chainNamespace]
    const caipAddress = connection?.status === 'connected' ? connection.caipAddress : null
    // The wallet is elsewhere: the active network's balance would be the old network's, not the wallet's.
    const unsupported = state.connection.unsupportedCaipNetworkId
    const on = unsupported?.startsWith(`${network.chainNamespace}:`) ? unsupported : network.caipNetworkId
    const key = caipAddress ? `${on}:${caipAddress.slice(caipAddress.lastIndexOf(':') + 1)}` : null
    return {
      entry: key ? state.balances.native[key] : undefined,
      symbol: network.nativeCurrency.symbol,
      loading: key ? state.balances.loading[key] === true : false,
      failed: key ? state.balances.failedAt[key] !== undefined : false,
    }
  }, shallowEqual)
  return useMemo(
    () => ({
      value: entry?.value,
      formatted: entry ? formatBalance(entry.value, entry.decimals) : undefined,
      symbol: entry?.symbol ?? symbol,
      loading,
      failed,
    }),
    [entry, symbol, loading, failed],
  )
}
