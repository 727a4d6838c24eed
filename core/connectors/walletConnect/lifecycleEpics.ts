import { catchError, concat, defer, EMPTY, exhaustMap, filter, finalize, from, ignoreElements, map, switchMap, takeUntil, timeout, timer, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { toHexChainId } from '../../chains/evm/addEthereumChainParams.js'
import { walletErrorInfo } from '../../chains/evm/walletErrorInfo.js'
import { SWITCH_FAILED_TOAST } from '../../chains/evm/switchNetworkEpic.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS, WALLET_CONNECT_DISCONNECT_TIMEOUT_MS, WALLET_CONNECT_PREWARM_DELAY_MS, WALLET_CONNECT_RESTORE_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './constants.js'
import type { SessionHolder } from './createSessionHolder.js'
import { proposalNamespaces } from './namespaces.js'
import { pointAtActiveChain } from './pairEpic.js'
import { parseSession } from './parseSession.js'
import { endedActions, settledActions, walletConnectConnectorInfo } from './sessionActions.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>
const usesWalletConnect = (state: AirlockState, namespace: keyof AirlockState['connection']['namespaces']) =>
  state.connection.namespaces[namespace]?.connectorId === WALLET_CONNECT_CONNECTOR_ID

/**
 * At start: WalletConnect joins the connectors (so the EVM adapter leaves its connections alone)
 * and its EIP-1193 face goes into `deps.providers` for `getProvider()`. The SDK is not loaded.
 * When the store stops, the relay socket is closed.
 */
export const announceEpic =
  (holder: SessionHolder): AirlockEpic =>
  (action$, _state$, deps) =>
    action$.pipe(
      ofType('app/started'),
      map((): Action => {
        deps.providers.register(WALLET_CONNECT_CONNECTOR_ID, holder.eip1193)
        return { type: 'connectors/announced', connector: walletConnectConnectorInfo() }
      }),
      // `airlock.destroy()` stops the epics: the relay socket goes with them.
      finalize(() => holder.close()),
    )

/**
 * Issue 15: the QR code within a second of the click. When the modal opens (and has had
 * `delayMs` to paint), the SDK is loaded and initialized, its relay socket opened and a pairing
 * made, so choosing WalletConnect shows that pairing's URI at once (pairEpic; it is replaced when
 * it gets old). A pairing still usable is kept, not remade; a failure here is silent (the click
 * tries again and shows its own error); nothing when a WalletConnect connection exists or is
 * being restored.
 */
export const prewarmEpic =
  (holder: SessionHolder, delayMs = WALLET_CONNECT_PREWARM_DELAY_MS): AirlockEpic =>
  (action$, state$, deps) =>
    // A timer of Infinity would fire at once in browsers (it overflows setTimeout): never means never.
    !Number.isFinite(delayMs)
      ? EMPTY
      : action$.pipe(
          ofType('modal/openRequested'),
          filter(() => !Object.values(state$.value.connection.namespaces).some((c) => c?.connectorId === WALLET_CONNECT_CONNECTOR_ID)),
          exhaustMap(() =>
            timer(delayMs, deps.scheduler).pipe(
              map(() => void holder.pairing({ namespaces: proposalNamespaces(state$.value.options.networks), now: deps.scheduler.now(), usableMs: PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS })),
              ignoreElements(),
            ),
          ),
        )

/**
 * After a reload, a stored WalletConnect connection is restored from the SDK's own storage,
 * without a new QR code: the session it finds becomes `connected`; none, a malformed one, an
 * error or no answer in time: every WalletConnect namespace `disconnected` (`reconnectFailed`).
 */
export const restoreEpic =
  (holder: SessionHolder, timeoutMs = WALLET_CONNECT_RESTORE_TIMEOUT_MS): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('storage/hydrated'),
      switchMap((): Observable<Action> => {
        const stored = Object.values(state$.value.connection.namespaces).some((c) => c?.connectorId === WALLET_CONNECT_CONNECTOR_ID && c.status === 'connecting')
        if (!stored) return EMPTY
        const failed = (): Observable<Action> => from(endedActions(state$.value, 'restoreFailed'))
        return defer(() => holder.provider()).pipe(
          switchMap((provider) => {
            const session = parseSession(provider.session)
            if (!session || Object.keys(session.accounts).length === 0) return failed()
            const actions = settledActions(state$.value, session, { restored: true })
            pointAtActiveChain(provider, actions)
            return from(actions)
          }),
          timeout({ first: timeoutMs, scheduler: deps.scheduler, with: failed }),
          catchError(failed),
          takeUntil(action$.pipe(ofType('walletConnect/connectRequested', 'connection/disconnectRequested'))),
        )
      }),
    )

/**
 * Disconnect (SPEC 4): the wallet is told over the relay (best effort, bounded), then every
 * namespace using WalletConnect is reset, whichever namespace was asked.
 */
export const disconnectEpic =
  (holder: SessionHolder, timeoutMs = WALLET_CONNECT_DISCONNECT_TIMEOUT_MS): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('connection/disconnectRequested'),
      filter((action) => usesWalletConnect(state$.value, action.namespace)),
      exhaustMap(() => {
        const provider = holder.current()
        const tell$ = provider?.session
          ? defer(() => provider.disconnect()).pipe(
              timeout({ first: timeoutMs, scheduler: deps.scheduler }),
              ignoreElements(),
              // An unreachable relay must not keep the page connected.
              catchError(() => EMPTY),
            )
          : EMPTY
        return concat(tell$, defer(() => from(endedActions(state$.value, 'user'))))
      }),
    )

/**
 * Switches the EVM network of a WalletConnect session: a chain the wallet approved switches at
 * once; another is asked of the wallet (`wallet_switchEthereumChain`). Failure: the network stays
 * and the error toast shows, as for browser wallets.
 */
export const switchNetworkEpic =
  (holder: SessionHolder): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('network/switchRequested'),
      filter((action) => action.caipNetworkId.startsWith('eip155:') && state$.value.connection.namespaces.eip155?.status === 'connected' && usesWalletConnect(state$.value, 'eip155')),
      exhaustMap(({ caipNetworkId }): Observable<Action> => {
        const network = state$.value.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
        const provider = holder.current()
        if (!network || typeof network.id !== 'number' || !provider) return EMPTY
        return defer(() => provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(network.id as number) }] }, caipNetworkId)).pipe(
          map((): Action => ({ type: 'network/activeChanged', caipNetworkId })),
          catchError((error: unknown) => {
            const info = walletErrorInfo(error, SWITCH_FAILED_TOAST)
            return from<Action[]>([
              { type: 'network/switchFailed', caipNetworkId, error: info },
              { type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message: SWITCH_FAILED_TOAST, description: info.message } },
            ])
          }),
        )
      }),
    )
