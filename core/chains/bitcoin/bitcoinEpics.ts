import { getWallets } from '@wallet-standard/app'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { balanceEpic } from '../../slices/balances/balanceEpic.js'
import { portfolioEpic } from '../../portfolio/portfolioEpics.js'
import { selectActiveNetwork, selectNetworks } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { ANNOUNCED_EPIC_NAMES } from '../../lazyAdapter.js'
import { isBitcoinAddress } from '../address.js'
import { announcedWalletEpics, type AnnouncedWalletSpec } from '../announced/announcedWalletEpics.js'
import type { BitcoinAdapterParameters } from './bitcoinAdapter.js'
import { bitcoinDiscoveryEpic } from './bitcoinDiscoveryEpic.js'
import { bitcoinNetworkName } from './bitcoinNetworkName.js'

// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** Bitcoin accounts live on the network their payment address is for: the active one when it fits, else the first listed that does. */
export const BITCOIN_WALLETS: AnnouncedWalletSpec = {
  namespace: 'bip122',
  network: (state, [payment]) => {
    const active = selectActiveNetwork(state)
    const candidates = [...(active.chainNamespace === 'bip122' ? [active] : []), ...selectNetworks(state, 'bip122')]
    return candidates.find((network) => BITCOIN_WALLETS.accepts(network, payment ?? ''))
  },
  // An address is for one format: bc1 mainnet; tb1 testnet and signet; bcrt1 regtest.
  accepts: (network, address) => {
    const name = bitcoinNetworkName(network)
    return name !== undefined && isBitcoinAddress(address, name)
  },
}

/**
 * The Bitcoin adapter's epics, one chunk that `bitcoinAdapter` imports when the store starts (after
 * the first paint), bitcoinjs-lib with it: nothing of Bitcoin is in the page's initial JavaScript.
 * @example const epics = bitcoinEpics({ reconnectTimeoutMs: 5_000 })
 */
export function bitcoinEpics(parameters: BitcoinAdapterParameters = {}): Record<(typeof ANNOUNCED_EPIC_NAMES)[number], Epic<Action, AirlockState, AirlockDeps>> {
  return {
    discovery: bitcoinDiscoveryEpic(parameters.wallets ?? getWallets),
    ...announcedWalletEpics(BITCOIN_WALLETS, parameters.reconnectTimeoutMs === undefined ? {} : { reconnectTimeoutMs: parameters.reconnectTimeoutMs }),
    balance: balanceEpic({ ...parameters.balance, namespace: 'bip122' }),
    // Issue 14: the account's tokens and NFTs (and for EVM identities, Activity and names).
    portfolio: portfolioEpic('bip122'),
  }
}
