import { useMemo } from 'react'
import type { ChainNamespace } from '../../core/chains/types.js'
import type { Eip1193Provider } from '../../core/connectors/providerRegistry.js'
import { useAirlockInstance } from '../context.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

/**
 * The connected wallet's EIP-1193 provider (recorded and method-checked), looked up again whenever the connection changes.
 * @example const provider = useProvider(); await provider?.request({ method: 'eth_chainId' })
 */
export function useProvider(namespace?: ChainNamespace): Eip1193Provider | undefined {
  const airlock = useAirlockInstance()
  const { ns, status, connectorId } = useAirlockSelector((state) => {
    const ns = namespace ?? state.connection.activeNamespace
    const connection = ns ? state.connection.namespaces[ns] : undefined
    return { ns, status: connection?.status, connectorId: connection?.connectorId }
  }, shallowEqual)
  return useMemo(() => (status === 'connected' && ns ? airlock.getProvider(ns) : undefined), [airlock, ns, status, connectorId])
}
