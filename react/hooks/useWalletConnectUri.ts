import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { ErrorInfo } from '../../core/actions/types.js'
import type { WalletConnectState } from '../../core/slices/walletConnect/state.js'
import { useAirlockInstance } from '../context.js'
import { restartPairing, selectWalletConnectEnabled, startPairing } from '../modal/parts/startPairing.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface UseWalletConnectUriParameters {
  /** The registry wallet the pairing is for (its id and name), when the person chose one. */
  wallet?: { readonly id: string; readonly name: string }
}

export interface UseWalletConnectUriReturnType {
  /** False without a projectId or with `enableWalletConnect: false`: nothing pairs, `status` stays `idle`. */
  enabled: boolean
  /** The `wc:` pairing URI for a QR code or a copy link; undefined until made, and while a fresh one replaces an expiring one. */
  uri: string | undefined
  /** When `uri` expires, in ms on the store's clock (`Date.now()` in a browser); it is replaced 10 s before, by itself. */
  expiresAt: number | undefined
  /** `pairing` while the URI waits for a wallet; `connected` once a session is live; `failed` with `error`. */
  status: WalletConnectState['status']
  error: ErrorInfo | null
  /** Pairs again: after a failure, or for a new URI at once. */
  refresh(): void
}

/** How many mounted hooks hold each store's pairing: the last one to go drops it. */
const holders = new WeakMap<object, number>()

/** How long an unmounted hook waits before dropping its pairing: a StrictMode remount comes sooner and keeps it. */
const RELEASE_DELAY_MS = 0

/**
 * A WalletConnect pairing for a QR code of your own: mounting it starts one (unless one is
 * running or a session is live), unmounting drops it, as leaving the modal's QR view does. The
 * URI carries the pairing's key: it is read from the store's secret box, never from state or the log.
 * @example
 * const { uri, expiresAt, status, refresh } = useWalletConnectUri()
 * return status === 'failed' ? <button onClick={refresh}>Try again</button> : uri ? <MyQrCode value={uri} /> : <p>Preparing…</p>
 */
export function useWalletConnectUri({ wallet }: UseWalletConnectUriParameters = {}): UseWalletConnectUriReturnType {
  const airlock = useAirlockInstance()
  const { status, uriRef, expiresAt, error } = useAirlockSelector(
    (s) => ({ status: s.walletConnect.status, uriRef: s.walletConnect.uriRef, expiresAt: s.walletConnect.expiresAt, error: s.walletConnect.error }),
    shallowEqual,
  )
  const enabled = useAirlockSelector(selectWalletConnectEnabled)
  const walletId = wallet?.id
  const walletName = wallet?.name
  // The pairing this hook holds, and the drop an unmount scheduled (cancelled by a remount for the same wallet).
  const held = useRef<{ key: string; release: ReturnType<typeof setTimeout> | null } | null>(null)
  useEffect(() => {
    if (!enabled) return
    const key = walletId ?? ''
    const chosen = walletId !== undefined && walletName !== undefined ? { id: walletId, name: walletName } : undefined
    const before = held.current
    if (before?.release) clearTimeout(before.release)
    // StrictMode's second mount (the state may not show the pairing yet: its reducer loads late): the same pairing.
    if (!before) holders.set(airlock, (holders.get(airlock) ?? 0) + 1)
    if (before?.key !== key) {
      if (before) restartPairing(airlock, chosen)
      else startPairing(airlock, chosen)
    }
    held.current = { key, release: null }
    return () => {
      const mine = held.current
      if (!mine) return
      mine.release = setTimeout(() => {
        held.current = null
        const left = (holders.get(airlock) ?? 1) - 1
        holders.set(airlock, left)
        if (left === 0 && airlock.getState().walletConnect.status === 'pairing') airlock.dispatch({ type: 'walletConnect/pairingCancelled' })
      }, RELEASE_DELAY_MS)
    }
  }, [airlock, enabled, walletId, walletName])

  const refresh = useCallback(() => {
    if (enabled) restartPairing(airlock, walletId !== undefined && walletName !== undefined ? { id: walletId, name: walletName } : undefined)
  }, [airlock, enabled, walletId, walletName])
  // Read in render: a fresh URI comes with a fresh reference.
  const uri = airlock.deps.secrets.get(uriRef)
  return useMemo(() => ({ enabled, uri, expiresAt: expiresAt ?? undefined, status, error, refresh }), [enabled, uri, expiresAt, status, error, refresh])
}
