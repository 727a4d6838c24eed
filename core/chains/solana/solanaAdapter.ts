import type { AirlockAdapter } from '../../adapters.js'
import { lazyAdapter } from '../../lazyAdapter.js'
import type { BalanceEpicParameters } from '../../slices/balances/balanceEpic.js'
import type { WalletRegistryLike } from './solanaDiscoveryEpic.js'

export interface SolanaAdapterParameters {
  /** The Wallet Standard registry (default: `getWallets()` of `@wallet-standard/app`). */
  readonly wallets?: () => WalletRegistryLike
  /** Balance fetching (a custom getter, cache and retry pause), mostly for tests. */
  readonly balance?: Omit<BalanceEpicParameters, 'namespace'>
  /** How long a reload waits for the stored wallet (default RECONNECT_TIMEOUT_MS). */
  readonly reconnectTimeoutMs?: number
}

/**
 * The Solana adapter: Wallet Standard wallet discovery, connect, the silent reconnect after a
 * reload, wallet events, disconnect and the SOL balance (lamports, 9 decimals). `createAirlock`
 * adds it by default when a Solana network is configured. Its code loads on demand.
 * A connected wallet's provider (`airlock.getProvider('solana')`) takes WalletConnect's Solana
 * methods: `solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`.
 * @example createAirlock({ networks: [solana], adapters: [solanaAdapter()] })
 */
export function solanaAdapter(parameters: SolanaAdapterParameters = {}): AirlockAdapter {
  return lazyAdapter('solana', ['discovery', 'connect', 'reconnect', 'events', 'disconnect', 'balance'], () => import('./solanaEpics.js').then((m) => m.solanaEpics(parameters)))
}
