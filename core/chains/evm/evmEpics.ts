import type { Action } from '../../actions/types.js'
import { injectedDiscoveryEpic } from '../../connectors/injected/injectedDiscoveryEpic.js'
import type { AirlockDeps } from '../../deps.js'
import { balanceEpic } from '../../slices/balances/balanceEpic.js'
import { portfolioEpic } from '../../portfolio/portfolioEpics.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { EVM_EPIC_NAMES, EvmAdapterParameters } from './evmAdapter.js'
import { connectEpic } from './connectEpic.js'
import { disconnectEpic } from './disconnectEpic.js'
import { providerEventsEpic } from './providerEventsEpic.js'
import { receiptEpic } from './receiptEpic.js'
import { reconnectEpic } from './reconnectEpic.js'
import { switchNetworkEpic } from './switchNetworkEpic.js'

/**
 * The EVM adapter's epics, re-exported by `core/startupEffects.ts`, which `evmAdapter` imports
 * dynamically: this code (and zod for wallet responses) never blocks the page's first render.
 * viem itself loads later still, only when a balance is read (`getNativeBalance`).
 * @example const epics = evmEpics({ reconnectTimeoutMs: 5_000 })
 */
export function evmEpics(parameters: EvmAdapterParameters = {}): Record<(typeof EVM_EPIC_NAMES)[number], Epic<Action, AirlockState, AirlockDeps>> {
  return {
    discovery: injectedDiscoveryEpic,
    connect: connectEpic,
    reconnect: reconnectEpic(parameters.reconnectTimeoutMs),
    providerEvents: providerEventsEpic,
    disconnect: disconnectEpic(),
    switchNetwork: switchNetworkEpic,
    balance: balanceEpic({ ...parameters.balance, namespace: 'eip155' }),
    // A sent transaction's receipt, then the balances again (the hash may come before the block).
    receipt: receiptEpic(),
    // Issue 14: the account's tokens and NFTs (and for EVM identities, Activity and names).
    portfolio: portfolioEpic('eip155'),
  }
}
