import { getWallets } from '@wallet-standard/app'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import { balanceEpic } from '../../slices/balances/balanceEpic.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { SolanaAdapterParameters } from './solanaAdapter.js'
import { solanaConnectEpic, solanaReconnectEpic } from './solanaConnectEpic.js'
import { solanaDisconnectEpic } from './solanaDisconnectEpic.js'
import { solanaDiscoveryEpic } from './solanaDiscoveryEpic.js'
import { solanaEventsEpic } from './solanaEventsEpic.js'

// Keeps the page's start-up modules in one shared chunk (see sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

/**
 * The Solana adapter's epics, one chunk that `solanaAdapter` imports when the store starts (after
 * the first paint): nothing of Solana is in the page's initial JavaScript.
 * @example const epics = solanaEpics({ reconnectTimeoutMs: 5_000 })
 */
export function solanaEpics(parameters: SolanaAdapterParameters = {}): Record<'discovery' | 'connect' | 'reconnect' | 'events' | 'disconnect' | 'balance', Epic<Action, AirlockState, AirlockDeps>> {
  return {
    discovery: solanaDiscoveryEpic(parameters.wallets ?? getWallets),
    connect: solanaConnectEpic,
    reconnect: solanaReconnectEpic(parameters.reconnectTimeoutMs),
    events: solanaEventsEpic,
    disconnect: solanaDisconnectEpic(),
    balance: balanceEpic({ ...parameters.balance, namespace: 'solana' }),
  }
}
