import type { AirlockAdapter } from '../../adapters.js'
import { ANNOUNCED_EPIC_NAMES, lazyAdapter, type AnnouncedAdapterParameters } from '../../lazyAdapter.js'

/** Solana's and Bitcoin's adapters take the same options. */
export type SolanaAdapterParameters = AnnouncedAdapterParameters

/**
 * The Solana adapter: Wallet Standard wallet discovery, connect, the silent reconnect after a
 * reload, wallet events, disconnect and the SOL balance (lamports, 9 decimals). `createAirlock`
 * adds it by default when a Solana network is configured. Its code loads on demand.
 * A connected wallet's provider (`airlock.getProvider('solana')`) takes WalletConnect's Solana
 * methods: `solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`.
 * @example createAirlock({ networks: [solana], adapters: [solanaAdapter()] })
 */
export function solanaAdapter(parameters: SolanaAdapterParameters = {}): AirlockAdapter {
  return lazyAdapter('solana', ANNOUNCED_EPIC_NAMES, () => import('./solanaEpics.js').then((m) => m.solanaEpics(parameters)))
}
