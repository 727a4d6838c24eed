import type { RegistryWallet } from '../registry/types.js'
import type { ErrorInfo } from './types.js'

/** The wallet registry (SPEC 7 `/getWallets`): the person's intents and the fetches' facts. */
export type RegistryAction =
  /** Featured and recommended wallets are being fetched (first modal open, a headless list's first mount, or a retry). */
  | { type: 'registry/listsRequested' }
  /** Intent: a wallet list outside the modal (`useWalletList` of `airlock-kit/react`) wants the registry, as the first modal open does. */
  | { type: 'registry/loadRequested' }
  | { type: 'registry/listsLoaded'; featured: RegistryWallet[]; recommended: RegistryWallet[] }
  | { type: 'registry/listsFailed'; error: ErrorInfo }
  /** Images of the featured and recommended wallets were preloaded, or the 2 s wait ran out. */
  | { type: 'registry/imagesPreloaded'; failed: string[]; timedOut: boolean }
  /** Intent: the list was scrolled to its end. */
  | { type: 'registry/nextPageRequested' }
  /** Intent: try again what failed last (lists or a page). */
  | { type: 'registry/retryRequested' }
  | { type: 'registry/pageRequested'; page: number }
  | { type: 'registry/pageLoaded'; page: number; count: number; wallets: RegistryWallet[] }
  | { type: 'registry/pageFailed'; page: number; error: ErrorInfo }
  /** Intent: the search box changed (every keystroke; the epic debounces). `badge: 'certified'` lists only certified wallets. */
  | { type: 'registry/searchRequested'; query: string; badge?: 'certified' }
  | { type: 'registry/searchStarted'; query: string }
  | { type: 'registry/searchLoaded'; query: string; count: number; wallets: RegistryWallet[] }
  | { type: 'registry/searchFailed'; query: string; error: ErrorInfo }
  /** A registry wallet that is not installed was picked (it connects through WalletConnect). */
  | { type: 'registry/walletSelected'; wallet: RegistryWallet }
