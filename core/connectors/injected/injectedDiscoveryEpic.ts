import { concat, EMPTY, filter, Observable, of, switchMap, take } from 'rxjs'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps, WindowLike } from '../../deps.js'
import { GENERIC_WALLET_NAME, LEGACY_INJECTED_ID } from '../../slices/connectors/selectors.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import type { ProviderRegistry } from '../providerRegistry.js'
import { isEip1193Provider, parseAnnouncement } from './parseAnnouncement.js'

const ANNOUNCE_EVENT = 'eip6963:announceProvider'
const REQUEST_EVENT = 'eip6963:requestProvider'

/**
 * Finds the browser wallets at start: the legacy `window.ethereum` (announced as `injected`,
 * not installed when absent), then every EIP-6963 wallet, now and whenever one announces
 * later. Providers go to `deps.providers`, plain connector data to the store. Malformed
 * announcements are ignored; unsubscribing (destroy) removes the listener.
 * @example createStore({ …, epics: { discovery: injectedDiscoveryEpic } })
 */
export const injectedDiscoveryEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('app/started'),
    take(1),
    switchMap(() => {
      const win = deps.window
      const { enableWallets, enableEIP6963 } = state$.value.options
      if (!win || !enableWallets) return EMPTY
      return concat(legacyInjected(win, deps.providers), enableEIP6963 && win.addEventListener ? announcements(win, deps.providers) : EMPTY).pipe(
        // Wallets re-announce on every request; the log records a change, not each repeat.
        filter((action) => action.type !== 'connectors/announced' || !alreadyKnown(state$.value, action.connector)),
      )
    }),
  )

function alreadyKnown(state: AirlockState, connector: ConnectorInfo): boolean {
  const json = JSON.stringify(connector)
  return state.connectors.list.some((known) => JSON.stringify(known) === json)
}

function legacyInjected(win: WindowLike, providers: ProviderRegistry): Observable<Action> {
  let ethereum: unknown
  try {
    ethereum = win.ethereum
  } catch {
    // Some extensions install a throwing getter when they conflict with each other.
    ethereum = undefined
  }
  const installed = isEip1193Provider(ethereum)
  if (isEip1193Provider(ethereum)) providers.register(LEGACY_INJECTED_ID, ethereum)
  return of({
    type: 'connectors/announced',
    connector: { id: LEGACY_INJECTED_ID, name: GENERIC_WALLET_NAME, type: 'INJECTED', namespace: 'eip155', installed },
  })
}

function announcements(win: WindowLike, providers: ProviderRegistry): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    const listener = (event: Event): void => {
      let detail: unknown
      try {
        detail = (event as { detail?: unknown }).detail
      } catch {
        return
      }
      const announced = parseAnnouncement(detail)
      if (!announced) return
      providers.register(announced.connector.id, announced.provider)
      subscriber.next({ type: 'connectors/announced', connector: announced.connector })
    }
    win.addEventListener?.(ANNOUNCE_EVENT, listener)
    // Wallets that loaded before us announce again when asked (EIP-6963).
    if (typeof Event === 'function') win.dispatchEvent?.(new Event(REQUEST_EVENT))
    return () => win.removeEventListener?.(ANNOUNCE_EVENT, listener)
  })
}
