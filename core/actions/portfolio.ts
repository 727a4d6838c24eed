import type { ErrorInfo } from './types.js'
import type { ActivityTransaction, Identity, Nft, PortfolioResource, SendSummary, SendTransaction, TokenBalance } from '../portfolio/types.js'

/** What each cached resource holds once fetched. */
export interface PortfolioData {
  readonly tokens: readonly TokenBalance[]
  readonly nfts: readonly Nft[]
  readonly identity: Identity
}

type Fetched = { [R in PortfolioResource]: { type: 'portfolio/fetched'; resource: R; key: string; data: PortfolioData[R]; at: number } }[PortfolioResource]

/** The account's data (SPEC 2 Account tabs, SPEC 5 names): intents from the views and facts from the data service. */
export type PortfolioAction =
  /** A view or an epic wants the resource; the epic decides whether the cache answers. `force` skips the cache (never the pause). */
  | { type: 'portfolio/fetchRequested'; resource: PortfolioResource; key: string; force?: true }
  | { type: 'portfolio/fetchStarted'; resource: PortfolioResource; key: string }
  | Fetched
  | { type: 'portfolio/fetchFailed'; resource: PortfolioResource; key: string; error: ErrorInfo; at: number }
  | { type: 'portfolio/fetchSkipped'; resource: PortfolioResource; key: string; reason: 'cached' | 'retryPause' }
  /** SPEC 9: the NFT images of `key` preloaded, waiting at most 2 s; `failed` did not load in time or at all. */
  | { type: 'portfolio/nftImagesPreloaded'; key: string; failed: string[] }
  /** The Activity tab wants the list of `key` (`caip2|address`): its first page, or the next one with `more`. */
  | { type: 'activity/pageRequested'; key: string; more?: true }
  | { type: 'activity/pageStarted'; key: string; cursor: string | null }
  | { type: 'activity/pageLoaded'; key: string; cursor: string | null; transactions: ActivityTransaction[]; next: string | null }
  /** SPEC 8 'Failed to fetch transactions': the list is emptied and the cursor cleared. */
  | { type: 'activity/pageFailed'; key: string; error: ErrorInfo }
  | { type: 'activity/reset' }
  /** A transaction sent from this modal (Send): shown in Activity at once, until the history has it. */
  | { type: 'activity/transactionSent'; transaction: ActivityTransaction }
  /** Send (SPEC 5): the person confirmed the preview; the connected EVM wallet is asked to send `transaction`. */
  | { type: 'send/requested'; transaction: SendTransaction; summary: SendSummary }
  | { type: 'send/succeeded'; hash: string }
  | { type: 'send/failed'; error: ErrorInfo }
  /** A new form (Done, another account or network). */
  | { type: 'send/reset' }
  | { type: 'names/searchRequested'; query: string }
  | { type: 'names/searchLoaded'; query: string; taken: boolean; suggestions: { name: string; registered: boolean }[] }
  | { type: 'names/searchFailed'; query: string; error: ErrorInfo }
  /** Register `label` in the zone for the connected EVM account (RegisterAccountName). */
  | { type: 'names/registrationRequested'; label: string }
  | { type: 'names/registrationSigned'; name: string }
  | { type: 'names/registered'; name: string; address: string }
  | { type: 'names/registrationFailed'; name: string; error: ErrorInfo }
