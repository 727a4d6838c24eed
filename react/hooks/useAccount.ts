import { useMemo } from 'react'
import type { ConnectionStatus } from '../../core/actions/types.js'
import type { CaipAddress, ChainNamespace } from '../../core/chains/types.js'
import { selectNamespaceConnection } from '../../core/slices/connection/selectors.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface AccountEntry {
  namespace: ChainNamespace
  address: string
  caipAddress: CaipAddress
}

export interface UseAccountReturnType {
  /** Only once the wallet confirmed the account: never a cached address. */
  address: string | undefined
  caipAddress: CaipAddress | undefined
  isConnected: boolean
  /** `connecting` after a reload until the wallet confirms the stored account. */
  status: ConnectionStatus
  /** Every account the wallet exposed, active first (empty until connected). */
  allAccounts: readonly AccountEntry[]
}

const NO_ACCOUNTS: readonly CaipAddress[] = []

/**
 * The account of one namespace (default: the active one).
 * @example const { address, isConnected, status } = useAccount()
 */
export function useAccount({ namespace }: { namespace?: ChainNamespace } = {}): UseAccountReturnType {
  const { status, caipAddress, accounts } = useAirlockSelector((state) => {
    const connection = selectNamespaceConnection(state, namespace)
    return { status: connection?.status ?? 'disconnected', caipAddress: connection?.caipAddress ?? null, accounts: connection?.accounts ?? NO_ACCOUNTS }
  }, shallowEqual)

  return useMemo(() => {
    const isConnected = status === 'connected' && caipAddress !== null
    return {
      address: isConnected ? addressOf(caipAddress) : undefined,
      caipAddress: isConnected ? caipAddress : undefined,
      isConnected,
      status,
      allAccounts: isConnected ? accounts.map(toEntry) : [],
    }
  }, [status, caipAddress, accounts])
}

/** The address part of `namespace:reference:address`. */
export function addressOf(caipAddress: CaipAddress): string {
  return caipAddress.slice(caipAddress.lastIndexOf(':') + 1)
}

function toEntry(caipAddress: CaipAddress): AccountEntry {
  return { namespace: caipAddress.slice(0, caipAddress.indexOf(':')) as ChainNamespace, address: addressOf(caipAddress), caipAddress }
}
