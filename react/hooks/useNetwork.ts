import { useCallback, useMemo } from 'react'
import type { CaipNetworkId, Network } from '../../core/chains/types.js'
import { selectActiveNetwork } from '../../core/slices/network/selectors.js'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from './useAirlockSelector.js'

export interface UseNetworkReturnType {
  caipNetwork: Network
  caipNetworkId: CaipNetworkId
  chainId: Network['id']
  /** Asks the wallet to switch (or, disconnected, changes the active network). */
  switchNetwork(network: Network | CaipNetworkId): void
}

/**
 * The active network and a way to switch it.
 * @example const { caipNetwork, switchNetwork } = useNetwork(); switchNetwork(base)
 */
export function useNetwork(): UseNetworkReturnType {
  const airlock = useAirlockInstance()
  const caipNetwork = useAirlockSelector(selectActiveNetwork)
  const switchNetwork = useCallback(
    (network: Network | CaipNetworkId) =>
      airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: typeof network === 'string' ? network : network.caipNetworkId }),
    [airlock],
  )
  return useMemo(() => ({ caipNetwork, caipNetworkId: caipNetwork.caipNetworkId, chainId: caipNetwork.id, switchNetwork }), [caipNetwork, switchNetwork])
}
