import type { AirlockAdapter } from '../../adapters.js'
import { injectedDiscoveryEpic } from '../../connectors/injected/injectedDiscoveryEpic.js'
import { balanceEpic, type BalanceEpicParameters } from '../../slices/balances/balanceEpic.js'
import { connectEpic } from './connectEpic.js'
import { disconnectEpic } from './disconnectEpic.js'
import { providerEventsEpic } from './providerEventsEpic.js'
import { reconnectEpic } from './reconnectEpic.js'
import { switchNetworkEpic } from './switchNetworkEpic.js'

export interface EvmAdapterParameters {
  /** Balance fetching (a custom getter, cache and retry pause), mostly for tests. */
  readonly balance?: BalanceEpicParameters
  /** How long a reload waits for the stored wallet (default RECONNECT_TIMEOUT_MS). */
  readonly reconnectTimeoutMs?: number
}

/**
 * The EVM (eip155) adapter on viem: injected wallet discovery (EIP-6963 and `window.ethereum`),
 * connect, reconnect after reload, wallet events, disconnect, network switching and the native
 * balance. `createAirlock` adds it by default when an eip155 network is configured.
 * @example createAirlock({ networks: [mainnet], adapters: [evmAdapter()] })
 */
export function evmAdapter(parameters: EvmAdapterParameters = {}): AirlockAdapter {
  return {
    namespace: 'eip155',
    epics: {
      discovery: injectedDiscoveryEpic,
      connect: connectEpic,
      reconnect: reconnectEpic(parameters.reconnectTimeoutMs),
      providerEvents: providerEventsEpic,
      disconnect: disconnectEpic(),
      switchNetwork: switchNetworkEpic,
      balance: balanceEpic(parameters.balance),
    },
  }
}
