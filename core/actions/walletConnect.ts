import type { SecretRef } from '../store/secretBox.js'
import type { CaipAddress } from '../chains/types.js'
import type { ErrorInfo } from './types.js'

/** The registry wallet a pairing was started for (plain data; links are checked before use). */
export interface WalletConnectWallet {
  readonly id: string
  readonly name: string
}

/** The wallet on the other end of a settled session, from its own (validated) metadata. */
export interface WalletConnectPeer {
  readonly name: string
  readonly url?: string
  /** Only an https URL or a `data:image/` URI (checked in parseSession). */
  readonly icon?: string
}

/**
 * WalletConnect (issue #4 part 2): the person's intents and the pairing's facts. The universal
 * provider itself lives in the connector's closure, never in an action or in state.
 */
export type WalletConnectAction =
  /** Show a QR code / deep links for a new pairing (the person chose WalletConnect or a registry wallet). */
  | { type: 'walletConnect/connectRequested'; wallet?: WalletConnectWallet }
  /** A pairing URI to show; `expiresAt` is the scheduler's clock plus the pairing lifetime (SPEC 4, 9). */
  /** A pairing URI for the QR; it carries the pairing's key (a bearer value), so it stays in `deps.secrets`. */
  | { type: 'walletConnect/uriReceived'; uriRef: SecretRef; expiresAt: number }
  /** The shown URI is about to expire (10 s early): a fresh one replaces it without user action. */
  | { type: 'walletConnect/pairingExpired'; uriRef: SecretRef }
  /** The person left the QR view or closed the modal: the pairing is dropped. */
  | { type: 'walletConnect/pairingCancelled' }
  /** A session is live: connected now or restored after a reload. Accounts per namespace follow as `connection/accountConnected`. */
  | { type: 'walletConnect/sessionSettled'; peer: WalletConnectPeer; accounts: CaipAddress[]; restored: boolean }
  /** Pairing or restore failed (rejected proposal, relay error, SDK error): shown with "Try again". */
  | { type: 'walletConnect/connectFailed'; error: ErrorInfo }
  /** The session is gone (disconnected by either side, or not restorable). */
  | { type: 'walletConnect/sessionEnded'; reason: 'user' | 'wallet' | 'restoreFailed' }
  /** The relay socket dropped while pairing or in a session; the SDK is reconnecting (shown as "Reconnecting…"). */
  | { type: 'walletConnect/relayDisconnected' }
  /** The relay socket is back after `relayDisconnected`. */
  | { type: 'walletConnect/relayReconnected' }
  /** Still no relay socket a while after `relayDisconnected` (the SDK keeps trying): said so, not a silent spinner. */
  | { type: 'walletConnect/relayUnreachable' }
  /**
   * The SDK's own stored data had a problem (issue 21): 'reset', it was damaged, so its keys were
   * cleared and the SDK started again (a stored session is gone); 'full' / 'unavailable', the
   * browser's storage is full or unusable, so the SDK keeps its data in memory for this visit.
   */
  | { type: 'walletConnect/storageRecovered'; reason: 'reset' | 'full' | 'unavailable' }
