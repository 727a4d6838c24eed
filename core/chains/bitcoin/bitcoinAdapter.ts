import type { AirlockAdapter } from '../../adapters.js'
import { ANNOUNCED_EPIC_NAMES, lazyAdapter, type AnnouncedAdapterParameters } from '../../lazyAdapter.js'

/** Solana's and Bitcoin's adapters take the same options. */
export type BitcoinAdapterParameters = AnnouncedAdapterParameters

/**
 * The Bitcoin (bip122) adapter: sats-connect wallets (Xverse, Leather, Magic Eden and others, found
 * through `window.btc_providers` and the Wallet Standard's `sats-connect:` feature), connect with
 * the payment account as the default account, the silent reconnect after a reload, account
 * events, disconnect and the BTC balance (sats, 8 decimals, confirmed plus unconfirmed, from the
 * network's Esplora API). `createAirlock` adds it by default when a Bitcoin network is listed.
 * `airlock.getProvider('bip122')` takes `signMessage`, `signPsbt` and `sendTransfer`.
 * @example createAirlock({ networks: [bitcoin], adapters: [bitcoinAdapter()] })
 */
export function bitcoinAdapter(parameters: BitcoinAdapterParameters = {}): AirlockAdapter {
  return lazyAdapter('bip122', ANNOUNCED_EPIC_NAMES, () => import('./bitcoinEpics.js').then((m) => m.bitcoinEpics(parameters)))
}
