/**
 * The connected account's data as state holds it (SPEC 3 entities): plain, already-validated
 * values; the zod schemas that check the service's answers live in `portfolioSchemas.ts`.
 */

type ErrorInfo = { readonly message: string; readonly code?: string | number }

/** SPEC 3 "Token balance": one fungible holding on one network. */
export interface TokenBalance {
  readonly name: string
  readonly symbol: string
  /** CAIP-2 of the network. */
  readonly chainId: string
  /** CAIP-10 of the token contract; absent for the native currency. */
  readonly address?: string
  /** USD value of the holding (0 when unpriced). */
  readonly value: number
  /** USD price of one unit (0 when unpriced). */
  readonly price: number
  /** The amount: its decimals and the decimal string (`'1.5'`). */
  readonly quantity: { readonly decimals: string; readonly numeric: string }
  /** https (or http on localhost) only; '' when absent. */
  readonly iconUrl: string
}

/** One NFT the account holds on one network. */
export interface Nft {
  readonly id: string
  readonly name: string
  readonly tokenId: string
  readonly chainId: string
  readonly collection: { readonly name: string; readonly address: string }
  /** Checked: same origin as the data service; '' when absent. */
  readonly imageUrl: string
}

/** One transfer inside a transaction (SPEC 3). */
export interface ActivityTransfer {
  readonly direction: 'in' | 'out' | 'self'
  readonly quantity: { readonly numeric: string }
  readonly fungible?: { readonly name: string; readonly symbol: string; readonly iconUrl: string }
  readonly nft?: { readonly name: string; readonly spam: boolean; readonly previewUrl: string }
  /** A fungible transfer of a token the service flags as spam. */
  readonly spam: boolean
}

/** SPEC 3 "Transaction". */
export interface ActivityTransaction {
  readonly id: string
  readonly hash: string
  /** ISO 8601. */
  readonly minedAt: string
  /** CAIP-2. */
  readonly chain: string
  readonly operationType: string
  readonly status: string
  readonly sentFrom: string
  readonly sentTo: string | null
  readonly transfers: readonly ActivityTransfer[]
  /** Sent from this modal and not yet in the service's history. */
  readonly pending?: true
}

/** A name and avatar for an address (SPEC 7 `GET /v1/identity/{address}`). */
export interface Identity {
  readonly name: string | null
  readonly avatar: string | null
}

/** A value fetched on demand with a cache and a pause after failures (SPEC 9). */
export interface Cached<T> {
  readonly data?: T
  readonly fetchedAt?: number
  readonly loading?: true
  readonly failedAt?: number
  readonly error?: ErrorInfo
}

/** The kinds of cached per-key data the portfolio epics fetch. */
export type PortfolioResource = 'tokens' | 'nfts' | 'identity'

/** SPEC 3 "Activity list": one account on one network at a time. */
export interface ActivityState {
  /** `caip2|address` of the list shown; a different key starts over. */
  readonly key: string | null
  readonly transactions: readonly ActivityTransaction[]
  readonly loading: boolean
  /** No transactions remain, or the last fetch failed. */
  readonly empty: boolean
  /** The cursor of the next page; null when there is none. */
  readonly next: string | null
  readonly error: ErrorInfo | null
}

/** A name search (SPEC 5 names): availability and suggestions for what is typed. */
export interface NameSearch {
  readonly query: string
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed'
  /** The label is taken (`/v1/profile/account/{name}` answered). */
  readonly taken: boolean
  readonly suggestions: readonly { readonly name: string; readonly registered: boolean }[]
  readonly error: ErrorInfo | null
}

export interface NameRegistration {
  readonly status: 'idle' | 'signing' | 'registering' | 'registered' | 'failed'
  /** The full name (`alice.airlock.id`). */
  readonly name: string | null
  readonly error: ErrorInfo | null
}

/** What a send is about, as the Send view shows it before and after the wallet signs. */
export interface SendSummary {
  readonly amount: string
  readonly symbol: string
  readonly name: string
  readonly iconUrl: string
  /** What the person typed: an address or a name. */
  readonly receiver: string
  /** The address it resolved to. */
  readonly to: string
  /** CAIP-2. */
  readonly chain: string
  /** The sending address. */
  readonly from: string
}

/**
 * What the wallet is asked to send: an EVM transaction (`eth_sendTransaction`'s one param), or a
 * Solana transfer the send epic builds with a fresh blockhash when the person confirms: SOL
 * (`lamports`) or an SPL token (`mint`, `amount` in base units, `decimals`).
 */
export type SendTransaction =
  | { readonly namespace: 'eip155'; readonly from: string; readonly to: string; readonly value?: string; readonly data?: string }
  | { readonly namespace: 'solana'; readonly from: string; readonly to: string; readonly lamports: string }
  | { readonly namespace: 'solana'; readonly from: string; readonly to: string; readonly mint: string; readonly amount: string; readonly decimals: number }

/** The Send flow once the person confirmed: it outlives the view (the embedded wallet's approval view replaces it meanwhile). */
export interface SendState {
  readonly status: 'idle' | 'sending' | 'sent' | 'failed'
  readonly summary: SendSummary | null
  readonly hash: string | null
  readonly error: ErrorInfo | null
}

/** The `portfolio` slice: what the Account view shows. */
export interface PortfolioState {
  /** By CAIP-10 account on the network it was read from. */
  readonly tokens: Readonly<Record<string, Cached<readonly TokenBalance[]>>>
  readonly nfts: Readonly<Record<string, Cached<readonly Nft[]>>>
  /** NFT images that failed to load or did not within 2 s (SPEC 9): their cards show a placeholder. */
  readonly brokenImages: readonly string[]
  /** By lower-cased address. */
  readonly identity: Readonly<Record<string, Cached<Identity>>>
  readonly activity: ActivityState
  /** Sent from this modal, newest first, at most 99 (SPEC 4), until the history lists them. */
  readonly pending: readonly ActivityTransaction[]
  readonly send: SendState
  readonly nameSearch: NameSearch
  readonly registration: NameRegistration
  /** The Swap view's form and flow (core/slices/portfolio/swapReducer.ts); absent until the view first opens, so logs recorded before it replay as they were. */
  readonly swap?: import('../swap/types.js').SwapState
  /** The Buy view's form and the purchase it watches (core/slices/portfolio/onrampReducer.ts); absent until the view first opens. */
  readonly onramp?: import('../onramp/types.js').OnrampState
}
