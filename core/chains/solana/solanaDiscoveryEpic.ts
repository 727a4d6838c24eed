import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { selectActiveNetwork, selectNetworks } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { announcedConnector, walletStandardDiscoveryEpic, type FoundWallet, type WalletFinder, type WalletRegistryLike } from '../announced/walletStandardDiscoveryEpic.js'
import type { Network } from '../types.js'
import { walletChainFor } from './walletStandardChain.js'
import { walletStandardProvider, type StandardWalletLike } from './walletStandardProvider.js'

/** A registered wallet with `standard:connect` and a `solana:` chain. */
const SOLANA_FINDER: WalletFinder = {
  namespace: 'solana',
  fromStandard(value, state$): FoundWallet | null {
    if (value === null || typeof value !== 'object') return null
    const wallet = value as StandardWalletLike
    const { chains, features } = wallet
    if (!Array.isArray(chains) || features === null || typeof features !== 'object') return null
    if (!chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')) || !('standard:connect' in features)) return null
    const connector = announcedConnector('solana', wallet.name, wallet.icon)
    return connector ? { connector, provider: walletStandardProvider(wallet, () => activeChain(state$, wallet)) } : null
  },
}

/**
 * Finds Solana browser wallets the way they announce themselves today, through the Wallet
 * Standard (`@wallet-standard/app`). Each one's provider is a walletStandardProvider.
 * @example createStore({ …, epics: { discovery: solanaDiscoveryEpic(() => getWallets()) } })
 */
export const solanaDiscoveryEpic = (registry: () => WalletRegistryLike | Promise<WalletRegistryLike>): Epic<Action, AirlockState, AirlockDeps> =>
  walletStandardDiscoveryEpic(SOLANA_FINDER, registry)

/** The wallet's id for the active Solana network, else for the first configured one it serves. */
function activeChain(state$: StateObservable<AirlockState>, wallet: StandardWalletLike): string | undefined {
  const state = state$.value
  const active = selectActiveNetwork(state)
  const candidates: Network[] = [...(active.chainNamespace === 'solana' ? [active] : []), ...selectNetworks(state, 'solana')]
  for (const network of candidates) {
    const chain = walletChainFor(wallet.chains, network)
    if (chain) return chain
  }
  return undefined
}
