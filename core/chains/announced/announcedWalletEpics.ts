import { catchError, concat, defer, distinctUntilChanged, EMPTY, exhaustMap, filter, from, ignoreElements, map, mergeMap, Observable, of, subscribeOn, switchMap, take, takeUntil, timeout } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { RECONNECT_TIMEOUT_MS, REVOKE_PERMISSIONS_TIMEOUT_MS } from '../../constants/timing.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import type { AirlockDeps } from '../../deps.js'
import { BaseError } from '../../errors/BaseError.js'
import { selectConnector } from '../../slices/connectors/selectors.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic } from '../../store/types.js'
import { walletErrorInfo } from '../evm/walletErrorInfo.js'
import { NETWORK_NOT_FOUND_MESSAGE, switchFailed } from '../switchFailed.js'
import type { CaipAddress, ChainNamespace, Network } from '../types.js'

export const WALLET_NOT_FOUND_MESSAGE = 'Wallet not found: it is not installed or was not announced'
export const NO_ACCOUNTS_MESSAGE = 'The wallet returned no accounts'

/**
 * The two requests every announced non-EVM wallet's provider (see walletStandardProvider,
 * satsConnectProvider) answers for Airlock's own epics, refused to hosts by `getProvider()`'s list:
 * `airlock_connect` ({ silent? } → addresses, the default account first) and `airlock_disconnect`.
 */
export const CONNECT_METHOD = 'airlock_connect'
export const DISCONNECT_METHOD = 'airlock_disconnect'

/** What differs between chain families; the epics are the same. */
export interface AnnouncedWalletSpec {
  readonly namespace: Exclude<ChainNamespace, 'eip155'>
  /** The configured network the wallet's accounts live on, or undefined when none fits them. */
  network(state: AirlockState, addresses: readonly string[]): Network | undefined
  /** Whether the connected account can move to `network` (a Bitcoin address is for one network's format). */
  accepts(network: Network, address: string): boolean
}

/** The wallet's account cannot be used on the network asked for (a Bitcoin address of another format). */
export const ACCOUNT_NOT_ON_NETWORK_MESSAGE = "The wallet's account is not for this network"

/** True when this adapter speaks to the connector itself: a wallet of its namespace that announced itself in the page. */
export function isAnnouncedConnector(state: AirlockState, namespace: ChainNamespace, connectorId: string | null | undefined): boolean {
  const connector = selectConnector(state, connectorId)
  return connector?.namespace === namespace && connector.type === 'ANNOUNCED'
}

/** The facts of a confirmed connection: the accounts CAIP qualified on their network, then that network as the wallet's chain. */
export function announcedConnectedActions(spec: AnnouncedWalletSpec, state: AirlockState, connectorId: string, addresses: readonly string[]): Action[] {
  const network = addresses.length > 0 ? spec.network(state, addresses) : undefined
  if (!network) return []
  const accounts = addresses.map((address): CaipAddress => `${network.caipNetworkId}:${address}`)
  const connector = selectConnector(state, connectorId)
  return [
    { type: 'connection/accountConnected', namespace: spec.namespace, caipAddress: accounts[0]!, connectorId, accounts, wallet: { id: connectorId, name: connector?.name ?? connectorId } },
    { type: 'network/chainChanged', namespace: spec.namespace, caipNetworkId: network.caipNetworkId },
  ]
}

function requestAccounts(provider: Eip1193Provider, silent: boolean): Observable<string[]> {
  return defer(() => provider.request({ method: CONNECT_METHOD, params: silent ? { silent } : {} })).pipe(map((accounts) => accounts as string[]))
}

/**
 * The connection epics of a chain family whose wallets announce themselves in the page (Solana
 * through the Wallet Standard, Bitcoin through sats-connect): connect, the silent confirmation
 * after a reload, the wallet's account events, and disconnect. Wallets of other kinds
 * (WalletConnect, the embedded wallet) are left to their own adapters.
 * @example const { connect, reconnect, events, disconnect } = announcedWalletEpics(spec)
 */
export function announcedWalletEpics(
  spec: AnnouncedWalletSpec,
  { reconnectTimeoutMs = RECONNECT_TIMEOUT_MS, disconnectTimeoutMs = REVOKE_PERMISSIONS_TIMEOUT_MS }: { reconnectTimeoutMs?: number; disconnectTimeoutMs?: number } = {},
): Record<'connect' | 'reconnect' | 'events' | 'disconnect' | 'switchNetwork', Epic<Action, AirlockState, AirlockDeps>> {
  const { namespace } = spec
  const ours = (state: AirlockState, connectorId: string | null | undefined) => isAnnouncedConnector(state, namespace, connectorId)
  const requested = (action$: Observable<Action>, ...types: ('connection/connectRequested' | 'connection/disconnectRequested')[]) =>
    action$.pipe(
      ofType(...types),
      filter((action) => action.namespace === namespace),
    )

  /** One request at a time (a double click prompts once); a disconnect meanwhile abandons it; a rejection is reported, never retried. */
  const connect: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
    action$.pipe(
      ofType('connection/connectRequested'),
      filter((action) => action.namespace === namespace && ours(state$.value, action.connectorId)),
      exhaustMap(({ connectorId }): Observable<Action> => {
        const failed = (error: unknown): Action => ({ type: 'connection/connectFailed', namespace, connectorId, error: walletErrorInfo(error, 'Connection failed') })
        const provider = deps.providers.get(connectorId)
        if (!provider) return of(failed(new BaseError(WALLET_NOT_FOUND_MESSAGE)))
        return requestAccounts(provider, false).pipe(
          mergeMap((addresses) => {
            const actions = announcedConnectedActions(spec, state$.value, connectorId, addresses)
            if (actions.length === 0) throw new BaseError(NO_ACCOUNTS_MESSAGE)
            return from(actions)
          }),
          catchError((error: unknown) => of(failed(error))),
          takeUntil(requested(action$, 'connection/disconnectRequested')),
        )
      }),
    )

  /**
   * After a reload, confirms the stored connection with the wallet itself (SPEC 4: a cached address
   * alone is never `connected`): waits for the wallet to announce itself, then asks silently (never
   * a prompt). No answer within the timeout, no accounts or an error: `reconnectFailed`.
   */
  const reconnect: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
    action$.pipe(
      ofType('storage/hydrated'),
      switchMap((): Observable<Action> => {
        const cached = state$.value.connection.namespaces[namespace]
        if (cached?.status !== 'connecting' || !cached.caipAddress || !cached.connectorId) return EMPTY
        const { connectorId } = cached
        // WalletConnect or the embedded wallet: restored by their own adapters.
        if (!connectorId.startsWith(`${namespace}:`)) return EMPTY
        const failed: Action = { type: 'connection/disconnected', namespace, reason: 'reconnectFailed' }
        return state$.pipe(
          filter((state) => ours(state, connectorId)),
          take(1),
          switchMap(() => {
            const provider = deps.providers.get(connectorId)
            // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: requesting through a missing provider throws inside `defer`, and the catchError below answers the same `failed` on the same frame (the `→ true` twin, skipped with it, is killed by every confirmed reconnect)
            if (!provider) return of(failed)
            return requestAccounts(provider, true).pipe(
              mergeMap((addresses) => {
                const actions = announcedConnectedActions(spec, state$.value, connectorId, addresses)
                return actions.length === 0 ? of(failed) : from(actions)
              }),
            )
          }),
          // Stryker disable next-line ArrowFunction: equivalent, `with` returning undefined makes timeout error (innerFrom(undefined) throws into its subscriber) and the catchError below answers the same `failed` at the same time
          timeout({ first: reconnectTimeoutMs, with: () => of(failed), scheduler: deps.scheduler }),
          catchError(() => of(failed)),
          takeUntil(requested(action$, 'connection/connectRequested', 'connection/disconnectRequested')),
        )
      }),
    )

  /** The wallet's `accountsChanged` (addresses, default first): new accounts on the connection's network; none left: `disconnected` (`wallet`). */
  const events: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
    state$.pipe(
      map((state) => {
        const connection = state.connection.namespaces[namespace]
        return connection?.status === 'connected' && ours(state, connection.connectorId) ? connection.connectorId : null
      }),
      distinctUntilChanged(),
      switchMap((connectorId) => {
        const provider = connectorId ? deps.providers.get(connectorId) : undefined
        if (!provider?.on) return EMPTY
        return new Observable<Action>((subscriber) => {
          const listener = (payload: unknown): void => {
            const connection = state$.value.connection.namespaces[namespace]
            // Stryker disable next-line OptionalChaining: equivalent, the listener is only attached once this namespace is connected, and the reducer never removes a namespace's entry (a disconnect writes the disconnected value)
            if (!connection?.caipAddress || !Array.isArray(payload)) return
            if (payload.length === 0) {
              subscriber.next({ type: 'connection/disconnected', namespace, reason: 'wallet' })
              return
            }
            const chain = connection.caipAddress.slice(0, connection.caipAddress.lastIndexOf(':'))
            const accounts = payload.map((address): CaipAddress => `${chain}:${String(address)}` as CaipAddress)
            if (accounts.join() !== connection.accounts.join()) subscriber.next({ type: 'connection/accountsChanged', namespace, accounts })
          }
          // Stryker disable next-line OptionalChaining: equivalent, `provider.on` was checked above (no `on`: EMPTY) and `?.` only satisfies the optional method's type
          provider.on?.('accountsChanged', listener as (...args: unknown[]) => void)
          return () => provider.removeListener?.('accountsChanged', listener as (...args: unknown[]) => void)
        }).pipe(takeUntil(requested(action$, 'connection/disconnectRequested')))
      }),
    )

  /** A best-effort disconnect in the wallet (errors and silence ignored, bounded), then `disconnected` (`user`). */
  const disconnect: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
    requested(action$, 'connection/disconnectRequested').pipe(
      exhaustMap((): Observable<Action> => {
        const state = state$.value
        const connection = state.connection.namespaces[namespace]
        const connectorId = connection?.connectorId ?? null
        const done = of<Action>({ type: 'connection/disconnected', namespace, reason: 'user' })
        // A stored wallet that never came back is forgotten all the same; other kinds close their own sessions.
        if (!connectorId || !ours(state, connectorId)) return connectorId?.startsWith(`${namespace}:`) ? done : EMPTY
        // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: `→ true`, `connection.status` and `!== ""` are equivalent: a connection with a connectorId is never `disconnected` (the reducer's disconnected value has connectorId null, returned above), so the check is always true here (the `→ false` twin, skipped with them, is killed by the default disconnect)
        const provider = connection?.status !== 'disconnected' ? deps.providers.get(connectorId) : undefined
        const forget$ = provider
          ? defer(() => provider.request({ method: DISCONNECT_METHOD })).pipe(
              // On the next turn, once the events epic has let go: the wallet's own change event is not a second disconnect.
              subscribeOn(deps.scheduler),
              timeout({ first: disconnectTimeoutMs, scheduler: deps.scheduler }),
              ignoreElements(),
              catchError(() => EMPTY),
            )
          : EMPTY
        return concat(forget$, done)
      }),
    )

  /**
   * A network of this family was picked: the app's choice, not the wallet's (a Wallet Standard
   * wallet signs for the chain it is told; a sats-connect account is for one address format). It
   * becomes active at once, the connected account with it, unless that account cannot be used there
   * (then 'Network switch failed'). Never left `switchingTo`.
   */
  const switchNetwork: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
    action$.pipe(
      ofType('network/switchRequested'),
      filter(({ caipNetworkId }) => caipNetworkId.startsWith(`${namespace}:`)),
      mergeMap(({ caipNetworkId }): Observable<Action> => {
        const state = state$.value
        const network = state.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
        if (!network) return from(switchFailed(caipNetworkId, { message: NETWORK_NOT_FOUND_MESSAGE }, deps.id()))
        const connection = state.connection.namespaces[namespace]
        // WalletConnect and the embedded wallet switch through their own adapters.
        if (connection?.status === 'connected' && !ours(state, connection.connectorId)) return EMPTY
        const address = connection?.status === 'connected' && connection.caipAddress ? connection.caipAddress.slice(connection.caipAddress.lastIndexOf(':') + 1) : null
        if (address !== null && !spec.accepts(network, address)) return from(switchFailed(caipNetworkId, { message: ACCOUNT_NOT_ON_NETWORK_MESSAGE }, deps.id()))
        return of<Action>({ type: 'network/activeChanged', caipNetworkId })
      }),
    )

  return { connect, reconnect, events, disconnect, switchNetwork }
}
