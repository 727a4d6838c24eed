import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { lazyEpic } from '../../store/lazyEpic.js'
import type { Epic, StateObservable } from '../../store/types.js'
import type { WalletConnectEpicsParameters } from './walletConnectEpics.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>
type Module = typeof import('./walletConnectEpics.js')

export type WalletConnectParameters = WalletConnectEpicsParameters

const NAMES = ['announce', 'pair', 'prewarm', 'pairingExpiry', 'sessionEvents', 'restore', 'disconnect', 'switchNetwork', 'relayStatus', 'relayWatchdog', 'storageRecovery'] as const

/**
 * The WalletConnect connector (issue #4): pairing by QR code or deep link through the universal
 * provider, expiry and refresh, session events, disconnect and restore after reload. Its epics
 * are one lazily loaded chunk and the SDK loads only when WalletConnect is chosen or a stored
 * session is restored, so none of it is in the page's initial JavaScript. `createAirlock` adds
 * it when `projectId` is set and `enableWalletConnect` is not false.
 * @example createAirlock({ projectId, networks, relayUrl: 'ws://127.0.0.1:8788' })
 */
export function walletConnectConnector(parameters: WalletConnectParameters = {}): Record<string, AirlockEpic> {
  let state$: StateObservable<AirlockState> | undefined
  let loading: Promise<Record<string, AirlockEpic>> | undefined
  // One module load and one provider holder, shared by this instance's epics.
  const load = (): Promise<Record<string, AirlockEpic>> =>
    (loading ??= import('./walletConnectEpics.js').then((m: Module) => m.createWalletConnectEpics(parameters, () => state$!)))
  const epic =
    (name: (typeof NAMES)[number]): AirlockEpic =>
    (action$, states$, deps) => {
      state$ = states$
      return lazyEpic<Action, AirlockState, AirlockDeps>(() => load().then((epics) => epics[name]!))(action$, states$, deps)
    }
  return Object.fromEntries(NAMES.map((name) => [`walletConnect/${name}`, epic(name)]))
}
