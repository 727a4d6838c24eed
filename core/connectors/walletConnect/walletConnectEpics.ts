import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic, StateObservable } from '../../store/types.js'
import { createSessionHolder } from './createSessionHolder.js'
import { announceEpic, disconnectEpic, prewarmEpic, restoreEpic, switchNetworkEpic } from './lifecycleEpics.js'
import { pairEpic } from './pairEpic.js'
import { pairingExpiryEpic } from './pairingExpiryEpic.js'
import { relayStatusEpic } from './relayStatusEpic.js'
import { relayWatchdogEpic } from './relayWatchdogEpic.js'
import { sessionEventsEpic } from './sessionEventsEpic.js'
import { requestChain } from './sessionActions.js'
import { storageRecoveryEpic } from './storageRecoveryEpic.js'
import { createUniversalProvider, defaultVerify, pairingMetadata, type CreateUniversalProvider } from './universalProvider.js'
// One shared start-up chunk with the page (see core/sharedChunk.ts).
export { SHARED_CHUNK } from '../../sharedChunk.js'

export interface WalletConnectEpicsParameters {
  /** Creates the universal provider (default: the real SDK, imported on first need). */
  readonly createProvider?: CreateUniversalProvider
  readonly uriTimeoutMs?: number
  /** How long after the modal opens the SDK is made ready ahead of a click (default 300 ms; `Infinity`: never ahead). */
  readonly prewarmDelayMs?: number
  readonly restoreTimeoutMs?: number
  /** How long a dropped relay socket may stay down before it is reported unreachable (default 30 s). */
  readonly relayUnreachableMs?: number
  /**
   * WalletConnect Verify: true for the SDK's verify host, a URL (`https://verify.example`) for a
   * host of the project's choosing, false for none. Default: on, except with a `relayUrl` on this
   * machine (a local relay), where it would only delay the QR code.
   */
  readonly verify?: boolean | string
}

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/**
 * The WalletConnect connector's epics for one Airlock instance, sharing one provider holder.
 * This module is the connector's lazily loaded chunk; the SDK loads later still, on first need.
 * `state$` is read when the provider is created (options, page origin) and on every request (chain).
 * @example const epics = createWalletConnectEpics({}, () => state$)
 */
export function createWalletConnectEpics(parameters: WalletConnectEpicsParameters, state: () => StateObservable<AirlockState>): Record<string, AirlockEpic> {
  const holder = createSessionHolder(
    parameters.createProvider ?? createUniversalProvider,
    () => {
      const { options, app } = state().value
      return { projectId: options.projectId ?? '', relayUrl: options.relayUrl, metadata: pairingMetadata(options.metadata, app.environment.origin), verify: parameters.verify ?? defaultVerify(options.relayUrl) }
    },
    (namespace) => requestChain(state().value, namespace),
    () => state().value.walletConnect.relay === 'unreachable',
  )
  return {
    announce: announceEpic(holder),
    pair: pairEpic(holder, parameters.uriTimeoutMs),
    prewarm: prewarmEpic(holder, parameters.prewarmDelayMs),
    pairingExpiry: pairingExpiryEpic(),
    sessionEvents: sessionEventsEpic(holder),
    restore: restoreEpic(holder, parameters.restoreTimeoutMs),
    disconnect: disconnectEpic(holder),
    switchNetwork: switchNetworkEpic(holder),
    relayStatus: relayStatusEpic(holder),
    relayWatchdog: relayWatchdogEpic(parameters.relayUnreachableMs, () => holder.abortPending()),
    storageRecovery: storageRecoveryEpic(holder),
  }
}
