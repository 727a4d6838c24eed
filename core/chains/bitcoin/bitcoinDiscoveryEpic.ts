import type { Action } from '../../actions/types.js'
import type { AirlockDeps, WindowLike } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { announcedConnector, walletStandardDiscoveryEpic, type FoundWallet, type WalletFinder, type WalletRegistryLike } from '../announced/walletStandardDiscoveryEpic.js'
import { satsConnectProvider, type SatsConnectProviderLike } from './satsConnectProvider.js'
import { selectActiveNetwork, selectNetworks } from '../../slices/network/selectors.js'
import type { StateObservable } from '../../store/types.js'
import type { StandardWalletLike } from '../announced/standardWallet.js'
import { bitcoinNetworkName } from './bitcoinNetworkName.js'
import { bitcoinStandardProvider } from './bitcoinStandardProvider.js'

/** More entries than this in `btc_providers` is not a browser's wallets. */
const MAX_PROVIDERS = 20
/** sats-connect names a provider by its path on `window` (`XverseProviders.BitcoinProvider`). */
const PROVIDER_PATH = /^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){0,3}$/

function isProvider(value: unknown): value is SatsConnectProviderLike {
  return value !== null && typeof value === 'object' && typeof (value as { request?: unknown }).request === 'function'
}

function found(name: unknown, icon: unknown, provider: unknown): FoundWallet | null {
  if (!isProvider(provider)) return null
  const connector = announcedConnector('bip122', name, icon)
  return connector ? { connector, provider: satsConnectProvider(provider) } : null
}

/** The Bitcoin extension's chain ids (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`); signet signs as testnet. */
function standardChain(state$: StateObservable<AirlockState>): string | undefined {
  const active = selectActiveNetwork(state$.value)
  const network = active.chainNamespace === 'bip122' ? active : selectNetworks(state$.value, 'bip122')[0]
  const name = network ? bitcoinNetworkName(network) : undefined
  return name ? `bitcoin:${name}` : undefined
}

const BITCOIN_FINDER: WalletFinder = {
  namespace: 'bip122',
  // A Wallet Standard wallet with a `bitcoin:` chain: its `sats-connect:` feature's provider when it
  // has one (Xverse, Magic Eden), else the Bitcoin extension's `bitcoin:connect` features.
  fromStandard(value, state$) {
    if (value === null || typeof value !== 'object') return null
    const { name, icon, chains, features } = value as { name?: unknown; icon?: unknown; chains?: unknown; features?: Record<string, unknown> }
    if (!Array.isArray(chains) || !chains.some((chain) => typeof chain === 'string' && chain.startsWith('bitcoin:'))) return null
    const satsConnect = (features?.['sats-connect:'] as { provider?: unknown } | undefined)?.provider
    if (satsConnect !== undefined || features === null || typeof features !== 'object' || !('bitcoin:connect' in features)) return found(name, icon, satsConnect)
    const connector = announcedConnector('bip122', name, icon)
    return connector ? { connector, provider: bitcoinStandardProvider(value as StandardWalletLike, () => standardChain(state$)) } : null
  },
  // sats-connect's own list: `window.btc_providers`, each provider at its `id` path on `window`.
  fromPage(win: WindowLike) {
    const list = (win as unknown as { btc_providers?: unknown }).btc_providers
    if (!Array.isArray(list)) return []
    return list.slice(0, MAX_PROVIDERS).flatMap((entry: unknown) => {
      const { id, name, icon } = (entry ?? {}) as { id?: unknown; name?: unknown; icon?: unknown }
      if (typeof id !== 'string' || !PROVIDER_PATH.test(id)) return []
      let provider: unknown = win
      for (const part of id.split('.')) provider = provider !== null && typeof provider === 'object' && Object.hasOwn(provider, part) ? (provider as Record<string, unknown>)[part] : undefined
      const wallet = found(name, icon, provider)
      return wallet ? [wallet] : []
    })
  },
}

/**
 * Finds Bitcoin browser wallets as sats-connect and the Wallet Standard do: the page's
 * `window.btc_providers` list, and Wallet Standard wallets with a `bitcoin:` chain (through their
 * `sats-connect:` feature, else the `bitcoin:` features). Each one's provider answers the same
 * methods (satsConnectProvider, bitcoinStandardProvider).
 * @example createStore({ …, epics: { discovery: bitcoinDiscoveryEpic(() => getWallets()) } })
 */
export const bitcoinDiscoveryEpic = (registry: () => WalletRegistryLike | Promise<WalletRegistryLike>): Epic<Action, AirlockState, AirlockDeps> =>
  walletStandardDiscoveryEpic(BITCOIN_FINDER, registry)
