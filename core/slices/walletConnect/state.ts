import type { ErrorInfo } from '../../actions/types.js'
import type { SecretRef } from '../../store/secretBox.js'

/** WalletConnect pairing and session facts (SPEC 4); the provider object stays in the connector. */
export interface WalletConnectState {
  readonly status: 'idle' | 'pairing' | 'connected' | 'failed'
  /**
   * Where the pairing URI on screen (QR, copy, deep links) is kept (`deps.secrets`): it holds the
   * pairing's key, so it never enters state or the log. Null while a fresh one is on its way.
   */
  readonly uriRef: SecretRef | null
  /** When the URI expires, on the scheduler's clock; it is replaced 10 s before. */
  readonly expiresAt: number | null
  readonly error: ErrorInfo | null
  /** The registry wallet being paired, when one was chosen. */
  readonly wallet: { readonly id: string; readonly name: string } | null
  /** The wallet on the other end of the live session. */
  readonly peer: { readonly name: string; readonly url?: string; readonly icon?: string } | null
  /** The relay socket while pairing or in a session: 'reconnecting' after it dropped, 'unreachable' when that lasts, until it is back. */
  readonly relay: 'online' | 'reconnecting' | 'unreachable'
  /**
   * Set once the SDK keeps its data in memory for the rest of the visit (browser storage full or
   * unusable): the pairing view says a reload will need a new scan. Absent otherwise, so logs
   * recorded before it existed replay to the same state.
   */
  readonly storage?: 'full' | 'unavailable'
}

/** Apart from the reducer, so the page's first JavaScript has the state and not the code that changes it (it loads late). */
export const initialWalletConnectState: WalletConnectState = { status: 'idle', uriRef: null, expiresAt: null, error: null, wallet: null, peer: null, relay: 'online' }
