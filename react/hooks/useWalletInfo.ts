import { useMemo } from 'react'
import type { ChainNamespace } from '../../core/chains/types.js'
import { selectNamespaceConnection } from '../../core/slices/connection/selectors.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface WalletInfo {
  name: string
  /** A `data:image/...` URI, never a remote URL. */
  icon?: string
  /** How the wallet is connected when that is not the wallet itself: 'WalletConnect' for a paired wallet. */
  via?: 'WalletConnect'
}

/**
 * The wallet behind the active (or given) namespace's connection.
 * @example const { walletInfo } = useWalletInfo(); walletInfo?.name // 'MetaMask'
 */
export function useWalletInfo({ namespace }: { namespace?: ChainNamespace } = {}): { walletInfo: WalletInfo | undefined } {
  const { name, icon, via } = useAirlockSelector((state) => {
    const connection = selectNamespaceConnection(state, namespace)
    if (connection?.status !== 'connected') return { name: undefined, icon: undefined, via: undefined }
    // A plain lookup (not selectConnector) keeps the connector selectors out of the button bundle.
    const connector = state.connectors.list.find((c) => c.id === connection.connectorId)
    const recent = state.connection.recentWallets.find((wallet) => wallet.id === connection.connectorId)
    // A WalletConnect session names the paired wallet (its metadata, as text); the protocol goes in `via`.
    const paired = connector?.type === 'WALLET_CONNECT' && connector.name !== 'WalletConnect'
    return { name: connector?.name ?? recent?.name, icon: connector?.icon, via: paired ? ('WalletConnect' as const) : undefined }
  }, shallowEqual)
  return useMemo(
    () => ({ walletInfo: name === undefined ? undefined : { name, ...(isDataImage(icon) ? { icon } : {}), ...(via ? { via } : {}) } }),
    [name, icon, via],
  )
}

/** Wallet icons are shown only from `data:image/` URIs (EIP-6963); anything else is dropped. */
export function isDataImage(icon: unknown): icon is string {
  return typeof icon === 'string' && icon.startsWith('data:image/')
}
