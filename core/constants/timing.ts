/**
 * Every timing rule of SPEC section 9, named, in milliseconds. Epics take
 * these as defaults; nothing else in core hard-codes a duration.
 */

/**
 * After a failed balance fetch, no retry for this long; when it ends the balance is fetched again
 * on its own, and a refresh asked meanwhile runs then (queued, not dropped).
 */
export const BALANCE_RETRY_PAUSE_MS = 30_000
/** Portfolio (token balances) cache lifetime. */
export const PORTFOLIO_CACHE_MS = 30_000
/** Native balance cache lifetime. */
export const NATIVE_BALANCE_CACHE_MS = 30_000
/**
 * After an EVM transaction is sent, its receipt is looked for this often (our choice, next to SPEC 4's
 * refresh after a send: the hash can come before the block, and the balance read then is stale)...
 */
export const RECEIPT_POLL_MS = 2_000
/** ...for at most this long; a transaction still unmined then is left to the 30 s balance cache. */
export const RECEIPT_WAIT_MS = 120_000
/** Name (ENS-style) cache lifetime. */
export const NAME_CACHE_MS = 5 * 60_000
/** Identity cache lifetime. */
export const IDENTITY_CACHE_MS = 5 * 60_000

/** A WalletConnect pairing lives this long... */
export const PAIRING_LIFETIME_MS = 4 * 60_000
/** ...and is treated as expired this much earlier. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** Email login may be triggered once per this period. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/** At most this many error telemetry events... */
export const TELEMETRY_ERROR_CAP = 5
/** ...per this window. */
export const TELEMETRY_ERROR_WINDOW_MS = 60_000

/** Frame requests time out after this (except theme, dapp data and preferred account syncs). */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** Connect email, device, otp, social and social-redirect requests time out after this. */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
/** The frame counts as ready this long after its ready message. */
export const FRAME_READY_DELAY_MS = 500
/** Sign out waits at most this long for the frame. */
export const SIGN_OUT_WAIT_MS = 3_000
/**
 * Not in SPEC 9, our choice: how long a signing request may wait for the person's answer inside
 * the secure frame. Long enough to read a transaction; finite, so a frame that stops answering
 * never leaves the request (and the dapp's promise) open for good.
 */
export const FRAME_APPROVAL_TIMEOUT_MS = 5 * 60_000
/**
 * Not in SPEC 9 (it exempts theme, dapp data and preferred-account syncing from the 20 s), our
 * choice: nobody waits on a sync's reply, but a frame that never answers must not keep it pending
 * in `state.frame.pending` for good.
 */
export const FRAME_SYNC_TIMEOUT_MS = 60_000
/** Not in SPEC 9, our choice: at most one "malformed message" report per this window (a hostile frame could flood). */
export const FRAME_DROP_REPORT_WINDOW_MS = 60_000
/**
 * Not in SPEC 9, our choice: a social login's "started in this browser" marker (issue L-9) lasts
 * this long. Enough for a provider's sign-in with a second factor; a result in the page URL after
 * that is ignored.
 */
export const SOCIAL_LOGIN_MARKER_MS = 10 * 60_000
/** Not in SPEC 9, our choice: how often the social login popup is looked at for its return address (or for being closed). */
export const SOCIAL_POPUP_POLL_MS = 500
/** A disallowed request shows its error after this delay. */
export const ERROR_UI_DELAY_MS = 300

/** The modal shakes for this long. */
export const SHAKE_MS = 500
/** A second notification shows this long after the first closes. */
export const TOAST_SWAP_DELAY_MS = 150
/** Image preloading waits at most this long. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
/** Default debounce (search boxes, inputs). */
export const DEBOUNCE_MS = 500
/** Wallet search waits this long after the last keystroke. */
export const WALLET_SEARCH_DEBOUNCE_MS = 300

/** RPC over HTTP times out after this. */
export const RPC_TIMEOUT_MS = 10_000
/** Largest JSON-RPC batch. */
export const RPC_BATCH_SIZE = 1000
/** Polling interval of the fallback transport. */
export const RPC_POLLING_MS = 4_000
/**
 * SPEC 9 names no timeout for the cloud APIs (project config, origins, wallet registry, analytics
 * switch), so they use its RPC HTTP timeout. A request and its retries together never take longer:
 * a hanging service shows its error (and lets `ready()` resolve) after this, not after every retry.
 */
export const API_REQUEST_TIMEOUT_MS = RPC_TIMEOUT_MS
/**
 * Not in SPEC 9 (its "150 ms" retry delay is a library default, not a product constant), our
 * choice: a transient cloud-API failure is tried again after this, the next one after twice this,
 * always inside API_REQUEST_TIMEOUT_MS.
 */
export const API_RETRY_DELAY_MS = 1_000

/**
 * Not in SPEC 9, our choice: how long a success/info/error toast stays before
 * it hides itself (loading toasts stay until replaced).
 */
export const TOAST_DURATION_MS = 2_500
/** Not in SPEC 9, our choice: persisted writes are batched over this window. */
export const STORAGE_WRITE_BATCH_MS = 50
/**
 * Not in SPEC 9, our choice: after a reload, how long to wait for the stored
 * wallet to announce itself and confirm its accounts before giving up and
 * showing disconnected (never a cached address as connected).
 */
export const RECONNECT_TIMEOUT_MS = 5_000
/** Not in SPEC 9, our choice: disconnect asks the wallet to revoke permissions, but never waits longer than this. */
export const REVOKE_PERMISSIONS_TIMEOUT_MS = 1_000
/** Not in SPEC 9, our choice: a WalletConnect pairing URI that has not appeared after this long is a relay failure (shown with "Try again"). */
export const WALLET_CONNECT_URI_TIMEOUT_MS = 15_000
/**
 * Not in SPEC 9, our choice (issue 15): this long after the modal opens, the WalletConnect SDK is
 * loaded and its relay socket opened ahead of a click, once the modal has painted.
 */
export const WALLET_CONNECT_PREWARM_DELAY_MS = 300
/** Not in SPEC 9, our choice: after a reload, how long restoring a stored WalletConnect session may take before showing disconnected. */
export const WALLET_CONNECT_RESTORE_TIMEOUT_MS = 10_000
/**
 * Not in SPEC 9, our choice: a session restored while the relay is down has no socket to drop, so
 * a socket still not open this long after the session is live counts as a drop ("Reconnecting…").
 */
export const WALLET_CONNECT_RELAY_GRACE_MS = 3_000
/** Not in SPEC 9, our choice: disconnect tells the wallet over the relay, but never waits longer than this. */
export const WALLET_CONNECT_DISCONNECT_TIMEOUT_MS = 3_000
/** Not in SPEC 9, our choice: a relay socket still down this long after it dropped is reported as unreachable (the SDK keeps trying). */
export const RELAY_UNREACHABLE_AFTER_MS = 30_000
/** Not in SPEC 9, our choice: a name search waits this long after the last keystroke (like the wallet search's 300 ms). */
export const NAME_SEARCH_DEBOUNCE_MS = 300
/** Not in SPEC 9, our choice: a wallet that does not answer `wallet_getCapabilities` in this time is read through the data service. */
export const WALLET_ASSETS_TIMEOUT_MS = 5_000

/** Not in SPEC 9, our choice: a session made by `createDefaultSiwx` lasts this long (its message's Expiration Time). */
export const SIWX_SESSION_MS = 24 * 60 * 60_000
/** Not in SPEC 9, our choice: the default longest life of a sign-in message after its Issued At, and of its nonce. */
export const SIWX_MAX_AGE_MS = 24 * 60 * 60_000
/** Not in SPEC 9, our choice: the default clock skew allowed for a message's Issued At (a message issued this far ahead still verifies). */
export const SIWX_CLOCK_TOLERANCE_MS = 60_000

/** Swaps: a quote older than this goes stale and is asked for again while the Swap view is open. */
export const SWAP_QUOTE_REFRESH_MS = 15_000
/** Swaps: after the approval is sent, the allowance is read again this often until it covers the amount… */
export const SWAP_ALLOWANCE_POLL_MS = 1_000
/** …for at most this long. */
export const SWAP_APPROVAL_TIMEOUT_MS = 120_000

/** Buying: while the provider's page is open, the balance is read this often to tell when funds arrive… */
export const ONRAMP_BALANCE_POLL_MS = 5_000
/** …for at most this long (a card purchase settles in minutes). */
export const ONRAMP_WATCH_MS = 30 * 60_000
