import type { AirlockAdapter } from '../../adapters.js'
import { lazyAdapter } from '../../lazyAdapter.js'
import type { BalanceEpicParameters } from '../../slices/balances/balanceEpic.js'

/**
 * The EVM epics the adapter starts; `evmEpics` returns exactly these (its return type is built from
 * this list, so an epic added there but not here, which would never run, fails the type check).
 */
export const EVM_EPIC_NAMES = ['discovery', 'connect', 'reconnect', 'providerEvents', 'disconnect', 'switchNetwork', 'balance', 'receipt', 'portfolio'] as const

export interface EvmAdapterParameters {
  /** Balance fetching (a custom getter, cache and retry pause), mostly for tests. */
  readonly balance?: Omit<BalanceEpicParameters, 'namespace'>
  /** How long a reload waits for the stored wallet (default RECONNECT_TIMEOUT_MS). */
  readonly reconnectTimeoutMs?: number
}

/**
 * The EVM (eip155) adapter on viem: injected wallet discovery (EIP-6963 and `window.ethereum`),
 * connect, reconnect after reload, wallet events, disconnect, network switching and the native
 * balance. `createAirlock` adds it by default when an eip155 network is configured. Its code
 * loads on demand with the other start-up effects (one chunk), so it adds nothing to the page's
 * entry chunk but the epics' names.
 * @example createAirlock({ networks: [mainnet], adapters: [evmAdapter()] })
 */
export function evmAdapter(parameters: EvmAdapterParameters = {}): AirlockAdapter {
  return lazyAdapter('eip155', EVM_EPIC_NAMES, () =>
    import('../../startupEffects.js').then((m) => m.evmEpics(parameters)),
  )
}
