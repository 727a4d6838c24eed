import type { Action } from '../../actions/types.js'
import type { AirlockAdapter } from '../../adapters.js'
import type { AirlockDeps } from '../../deps.js'
import type { BalanceEpicParameters } from '../../slices/balances/balanceEpic.js'
import type { AirlockState } from '../../state.js'
import { lazyEpic } from '../../store/lazyEpic.js'
import type { Epic } from '../../store/types.js'

export interface EvmAdapterParameters {
  /** Balance fetching (a custom getter, cache and retry pause), mostly for tests. */
  readonly balance?: BalanceEpicParameters
  /** How long a reload waits for the stored wallet (default RECONNECT_TIMEOUT_MS). */
  readonly reconnectTimeoutMs?: number
}

type EvmEpics = typeof import('./evmEpics.js')
type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/** The EVM epics come with the other start-up effects: one chunk, fetched once when the store starts. */
const loadEvmEpics = (): Promise<EvmEpics> => import('../../startupEffects.js')

/**
 * The EVM (eip155) adapter on viem: injected wallet discovery (EIP-6963 and `window.ethereum`),
 * connect, reconnect after reload, wallet events, disconnect, network switching and the native
 * balance. `createAirlock` adds it by default when an eip155 network is configured. Its code
 * loads on demand (see `lazyEpic`), so it adds nothing to the page's entry chunk.
 * @example createAirlock({ networks: [mainnet], adapters: [evmAdapter()] })
 */
export function evmAdapter(parameters: EvmAdapterParameters = {}): AirlockAdapter {
  const epic = (pick: (epics: EvmEpics) => AirlockEpic): AirlockEpic => lazyEpic(() => loadEvmEpics().then(pick))
  return {
    namespace: 'eip155',
    epics: {
      discovery: epic((m) => m.injectedDiscoveryEpic),
      connect: epic((m) => m.connectEpic),
      reconnect: epic((m) => m.reconnectEpic(parameters.reconnectTimeoutMs)),
      providerEvents: epic((m) => m.providerEventsEpic),
      disconnect: epic((m) => m.disconnectEpic()),
      switchNetwork: epic((m) => m.switchNetworkEpic),
      balance: epic((m) => m.balanceEpic(parameters.balance)),
    },
  }
}
