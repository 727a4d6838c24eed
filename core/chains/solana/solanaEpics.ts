import { getWallets } from '@wallet-standard/app'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { balanceEpic } from '../../slices/balances/balanceEpic.js'
import { portfolioEpic } from '../../portfolio/portfolioEpics.js'
import { selectActiveNetwork, selectNetworks } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { ANNOUNCED_EPIC_NAMES } from '../../lazyAdapter.js'
import { announcedWalletEpics, type AnnouncedWalletSpec } from '../announced/announcedWalletEpics.js'
import type { SolanaAdapterParameters } from './solanaAdapter.js'
import { solanaDiscoveryEpic } from './solanaDiscoveryEpic.js'

// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** Solana accounts live on the active Solana network, else on the app's first one. */
export const SOLANA_WALLETS: AnnouncedWalletSpec = {
  namespace: 'solana',
  network: (state: AirlockState) => {
    const active = selectActiveNetwork(state)
    return active.chainNamespace === 'solana' ? active : selectNetworks(state, 'solana')[0]
  },
  // One key serves every cluster: the wallet signs for the chain it is told (walletStandardProvider).
  accepts: () => true,
}

/**
 * The Solana adapter's epics, one chunk that `solanaAdapter` imports when the store starts (after
 * the first paint): nothing of Solana is in the page's initial JavaScript.
 * @example const epics = solanaEpics({ reconnectTimeoutMs: 5_000 })
 */
export function solanaEpics(parameters: SolanaAdapterParameters = {}): Record<(typeof ANNOUNCED_EPIC_NAMES)[number], Epic<Action, AirlockState, AirlockDeps>> {
  return {
    discovery: solanaDiscoveryEpic(parameters.wallets ?? getWallets),
    ...announcedWalletEpics(SOLANA_WALLETS, parameters.reconnectTimeoutMs === undefined ? {} : { reconnectTimeoutMs: parameters.reconnectTimeoutMs }),
    balance: balanceEpic({ ...parameters.balance, namespace: 'solana' }),
    // Issue 14: the account's tokens and NFTs (and for EVM identities, Activity and names).
    portfolio: portfolioEpic('solana'),
  }
}
