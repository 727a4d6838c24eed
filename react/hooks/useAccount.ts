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

/** An address of namespace `N`: `0x${string}` on EVM (as viem and wagmi type it), a string elsewhere. */
export type AddressOf<N extends ChainNamespace> = N extends 'eip155' ? `0x${string}` : string

export interface UseAccountReturnType<N extends ChainNamespace = ChainNamespace> {
  /** Only once the wallet confirmed the account: never a cached address. `0x${string}` with `{ namespace: 'eip155' }`. */
  address: AddressOf<N> | undefined
  caipAddress: CaipAddress | undefined
  isConnected: boolean
  /** `connecting` after a reload until the wallet confirms the stored account. */
  status: ConnectionStatus
  /** Every account the wallet exposed, active first (empty until connected). */
  allAccounts: readonly AccountEntry[]
}

const NO_ACCOUNTS: readonly CaipAddress[] = []

/**
 * The account of one namespace (default: the active one). Name the namespace to get its address
 * type: `useAccount({ namespace: 'eip155' }).address` is a `0x${string}`, ready for viem.
 * @example const { address, isConnected, status } = useAccount({ namespace: 'eip155' })
 */
export function useAccount<N extends ChainNamespace = ChainNamespace>({ namespace }: { namespace?: N } = {}): UseAccountReturnType<N> {
  const { status, caipAddress, accounts } = useAirlockSelector((state) => {
    const connection = selectNamespaceConnection(state, namespace)
    // Before storage is read, a returning visitor's hint already says "connecting" (issue 15: no flash).
    const { environment, storage } = state.app
    return { status: connection?.status ?? (environment.returning && !storage.hydrated ? 'connecting' : 'disconnected'), caipAddress: connection?.caipAddress ?? null, accounts: connection?.accounts ?? NO_ACCOUNTS }
  }, shallowEqual)

  return useMemo(() => {
    const isConnected = status === 'connected' && caipAddress !== null
    return {
      // The connection slice keeps EVM addresses checksummed `0x…`, so the narrower type holds.
      address: isConnected ? (addressOf(caipAddress) as AddressOf<N>) : undefined,
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
