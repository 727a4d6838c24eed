import { useCallback, useMemo, useRef, useState } from 'react'
import type { ErrorInfo } from '../../core/actions/types.js'
import type { ChainNamespace } from '../../core/chains/types.js'
import type { AirlockState } from '../../core/state.js'
import { useAirlockInstance } from '../context.js'
import { installedConnectorFor } from '../modal/parts/registryEntries.js'
import { connectWallet } from '../modal/parts/requestConnect.js'
import { selectWalletConnectEnabled, startPairing } from '../modal/parts/startPairing.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'
import type { WalletListItem } from './useWalletList.js'

export type ConnectStatus = 'idle' | 'connecting' | 'connected' | 'failed'

export interface UseConnectReturnType {
  /**
   * Connects a wallet of `useWalletList`: a browser wallet (or a registry wallet installed here) is
   * asked directly; any other registry wallet pairs through WalletConnect (its URI: `useWalletConnectUri`).
   */
  connect(wallet: WalletListItem): void
  /** Of the last `connect`: `connecting` until the wallet answers, `failed` with `error` when it refused or failed. */
  status: ConnectStatus
  error: ErrorInfo | null
  /** The wallet of the last `connect`, or null. */
  wallet: WalletListItem | null
  /** Back to `idle`. A WalletConnect pairing it started is dropped; a prompt a browser wallet shows is the wallet's to close. */
  reset(): void
}

/** What the last connect waits for: a connector's namespace, or the WalletConnect pairing. */
type Target = { readonly via: 'connector'; readonly namespace: ChainNamespace; readonly connectorId: string } | { readonly via: 'walletConnect' } | { readonly via: 'none' }

/** A registry wallet that is not installed here, with WalletConnect off: nothing can connect it. */
export const WALLET_CONNECT_OFF: ErrorInfo = { message: 'WalletConnect is not available in this app (it needs a projectId and enableWalletConnect)' }

const IDLE = { status: 'idle', error: null } as const

function outcome(state: AirlockState, target: Target | null): { status: ConnectStatus; error: ErrorInfo | null } {
  if (!target) return IDLE
  if (target.via === 'none') return { status: 'failed', error: WALLET_CONNECT_OFF }
  if (target.via === 'walletConnect') {
    const { status, error } = state.walletConnect
    return status === 'pairing' ? { status: 'connecting', error: null } : status === 'connected' ? { status: 'connected', error: null } : status === 'failed' ? { status: 'failed', error } : IDLE
  }
  const connection = state.connection.namespaces[target.namespace]
  if (connection?.connectorId === target.connectorId && connection.status !== 'disconnected') return { status: connection.status, error: null }
  const error = state.connection.errors[target.namespace]
  return error ? { status: 'failed', error } : IDLE
}

/**
 * Connects a chosen wallet and follows that attempt, with the same requests as the modal's wallet
 * rows (a double click asks once), without opening the modal.
 * @example
 * const { connect, status, error, reset } = useConnect()
 * <button disabled={status === 'connecting'} onClick={() => connect(wallet)}>{wallet.name}</button>
 * {status === 'failed' ? <p role="alert">{error?.message} <button onClick={reset}>OK</button></p> : null}
 */
export function useConnect(): UseConnectReturnType {
  const airlock = useAirlockInstance()
  const [attempt, setAttempt] = useState<{ wallet: WalletListItem; target: Target } | null>(null)
  // The last attempt as `reset` must see it, whatever render its closure came from.
  const last = useRef(attempt)
  last.current = attempt
  const target = attempt?.target ?? null
  const { status, error } = useAirlockSelector((state) => outcome(state, target), shallowEqual)

  const connect = useCallback(
    (wallet: WalletListItem) => {
      const connector = wallet.kind === 'connector' ? wallet.connector : installedConnectorFor(airlock.getState(), wallet.wallet)
      if (connector) {
        setAttempt({ wallet, target: { via: 'connector', namespace: connector.namespace, connectorId: connector.id } })
        connectWallet(airlock, connector, wallet.kind === 'connector' ? wallet.also : [])
        return
      }
      if (!selectWalletConnectEnabled(airlock.getState())) return setAttempt({ wallet, target: { via: 'none' } })
      setAttempt({ wallet, target: { via: 'walletConnect' } })
      if (wallet.kind === 'registry') {
        airlock.dispatch({ type: 'registry/walletSelected', wallet: wallet.wallet })
        startPairing(airlock, wallet.wallet)
      }
    },
    [airlock],
  )
  const reset = useCallback(() => {
    if (last.current?.target.via === 'walletConnect' && airlock.getState().walletConnect.status === 'pairing') airlock.dispatch({ type: 'walletConnect/pairingCancelled' })
    setAttempt(null)
  }, [airlock])

  return useMemo(() => ({ connect, status, error, wallet: attempt?.wallet ?? null, reset }), [connect, status, error, attempt, reset])
}
