/**
 * A wallet of the registry (SPEC 3 "Wallet"), as plain data: it travels in actions, in state and
 * in `router.data` (`{ wallet }` for ConnectingWalletConnect). Links are already checked: a link
 * with a scheme we would not open arrives here as null.
 */
export interface RegistryWallet {
  /** The registry id (64 hex digits on the real registry). */
  readonly id: string
  readonly name: string
  /** For `/getWalletImage/{image_id}`; null when absent or not id-like. */
  readonly image_id: string | null
  /** A custom scheme (`examplewallet://`) or an https universal link. */
  readonly mobile_link: string | null
  /** A custom scheme for the desktop app. */
  readonly desktop_link: string | null
  /** https only (http on localhost in dev). */
  readonly webapp_link: string | null
  /** Matches an EIP-6963 announcement's rdns: the wallet may be installed. */
  readonly rdns: string | null
  readonly chains: readonly string[]
}

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed'
type ErrorInfo = { readonly message: string; readonly code?: string | number }

/** The search box's results (SPEC 9: up to 100, after a 300 ms wait). */
export interface RegistrySearch {
  /** The query the results (or the request in flight) belong to, trimmed. */
  readonly query: string
  readonly status: LoadStatus
  readonly wallets: readonly RegistryWallet[]
  readonly count: number
  readonly error: ErrorInfo | null
}

/** The `registry` slice. */
export interface RegistryState {
  /** Featured and recommended lists, fetched on the first modal open. */
  readonly status: LoadStatus
  readonly featured: readonly RegistryWallet[]
  readonly recommended: readonly RegistryWallet[]
  /** The featured/recommended images were preloaded (or the 2 s wait ran out). */
  readonly imagesReady: boolean
  /** Image ids that failed to load: shown as a placeholder without trying again. */
  readonly brokenImages: readonly string[]
  /** Every wallet of the pages loaded so far, in registry order, each once. */
  readonly wallets: readonly RegistryWallet[]
  /** Pages loaded (1-based; 0: none yet). */
  readonly page: number
  /** The registry's total for this app's filters, once a page came back. */
  readonly count: number | null
  /** The page in flight, if any: there is never more than one. */
  readonly loadingPage: number | null
  /** The last lists or page failure; the data loaded before it is kept. */
  readonly error: ErrorInfo | null
  readonly search: RegistrySearch
  /** The registry wallet last picked to connect through WalletConnect. */
  readonly selected: RegistryWallet | null
}
