import { useCallback, useMemo } from 'react'
import type { CaipNetworkId, Network } from '../../core/chains/types.js'
import { selectActiveNetwork } from '../../core/slices/network/selectors.js'
import { useAirlockInstance } from '../context.js'
import { useAirlockSelector } from './useAirlockSelector.js'

export interface UseNetworkReturnType {
  /** The app's active network. While the wallet is on a network the app does not support, the last one it was on. */
  caipNetwork: Network
  caipNetworkId: CaipNetworkId
  chainId: Network['id']
  /**
   * The network the wallet moved to when the app does not support it (SPEC 4), else undefined:
   * then `caipNetwork` is not where the wallet is, so show "Switch network" rather than its name.
   */
  unsupportedCaipNetworkId: CaipNetworkId | undefined
  /** Asks the wallet to switch (or, disconnected, changes the active network). */
  switchNetwork(network: Network | CaipNetworkId): void
}

/**
 * The active network, the unsupported one the wallet may be on instead, and a way to switch.
 * @example const { caipNetwork, switchNetwork } = useNetwork(); switchNetwork(base)
 */
export function useNetwork(): UseNetworkReturnType {
  const airlock = useAirlockInstance()
  const caipNetwork = useAirlockSelector(selectActiveNetwork)
  const unsupportedCaipNetworkId = useAirlockSelector((state) => state.connection.unsupportedCaipNetworkId ?? undefined)
  const switchNetwork = useCallback(
    (network: Network | CaipNetworkId) =>
      airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: typeof network === 'string' ? network : network.caipNetworkId }),
    [airlock],
  )
  return useMemo(
    () => ({ caipNetwork, caipNetworkId: caipNetwork.caipNetworkId, chainId: caipNetwork.id, unsupportedCaipNetworkId, switchNetwork }),
    [caipNetwork, unsupportedCaipNetworkId, switchNetwork],
  )
}
