import { EMPTY, Observable, switchMap, take } from 'rxjs'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { cleanName, safeIcon } from '../../connectors/injected/parseAnnouncement.js'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import type { AirlockDeps, WindowLike } from '../../deps.js'
import { selectNetworks } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic, StateObservable } from '../../store/types.js'
import type { ChainNamespace } from '../types.js'

/** The Wallet Standard registry as `@wallet-standard/app`'s `getWallets()` returns it. */
export interface WalletRegistryLike {
  get(): readonly unknown[]
  on(event: 'register' | 'unregister', listener: (...wallets: unknown[]) => void): () => void
}

/** A wallet found in the page: its list entry and the provider Airlock's epics speak to. */
export interface FoundWallet {
  readonly connector: ConnectorInfo
  readonly provider: Eip1193Provider
}

/** How one chain family reads wallets: from the Wallet Standard registry, and (Bitcoin) from the page itself. */
export interface WalletFinder {
  readonly namespace: Exclude<ChainNamespace, 'eip155'>
  /** A registered Wallet Standard wallet this family can use, or null. May throw on hostile objects (caught). */
  fromStandard(wallet: unknown, state$: StateObservable<AirlockState>): FoundWallet | null
  /** Wallets announced another way at start (sats-connect's `window.btc_providers`). */
  fromPage?(win: WindowLike, state$: StateObservable<AirlockState>): FoundWallet[]
}

/**
 * A wallet's list entry: the name cleaned as EIP-6963 names are, the icon only as a bounded
 * `data:image/…`, and the id `<namespace>:<name>`, which stays the same across reloads.
 * @example announcedConnector('solana', 'Phantom', icon) // { id: 'solana:Phantom', … }
 */
export function announcedConnector(namespace: ChainNamespace, name: unknown, icon: unknown): ConnectorInfo | null {
  if (typeof name !== 'string') return null
  const clean = cleanName(name.slice(0, 4_096))
  if (!clean) return null
  const safe = safeIcon(icon)
  return { id: `${namespace}:${clean}`, name: clean, type: 'ANNOUNCED', namespace, ...(safe ? { icon: safe } : {}), installed: true }
}

/**
 * Finds a chain family's browser wallets: those in the Wallet Standard registry (registered before
 * the page and later; an unregistered one is removed) and, for families that have one, the page's
 * own announcement list. Providers go to `deps.providers`, plain data to the store; malformed or
 * hostile wallets are ignored; the first wallet of a name wins.
 * @example createStore({ …, epics: { discovery: walletStandardDiscoveryEpic(finder, getWallets) } })
 */
export const walletStandardDiscoveryEpic =
  (finder: WalletFinder, registry: () => WalletRegistryLike | Promise<WalletRegistryLike>): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('app/started'),
      take(1),
      switchMap(() => {
        const win = deps.window
        if (!win || !state$.value.options.enableWallets || selectNetworks(state$.value, finder.namespace).length === 0) return EMPTY
        return new Observable<Action>((subscriber) => {
          const known = new Map<unknown, string>()
          const announce = (key: unknown, found: FoundWallet | null): void => {
            if (!found || known.has(key) || [...known.values()].includes(found.connector.id)) return
            known.set(key, found.connector.id)
            deps.providers.register(found.connector.id, found.provider)
            subscriber.next({ type: 'connectors/announced', connector: found.connector })
          }
          const read = (read: () => FoundWallet | null): FoundWallet | null => {
            try {
              return read()
            } catch {
              return null
            }
          }
          const add = (...wallets: unknown[]): void => {
            for (const wallet of wallets) announce(wallet, read(() => finder.fromStandard(wallet, state$)))
          }
          const remove = (...wallets: unknown[]): void => {
            for (const wallet of wallets) {
              const id = known.get(wallet)
              if (id === undefined) continue
              known.delete(wallet)
              deps.providers.unregister(id)
              subscriber.next({ type: 'connectors/removed', id })
            }
          }
          if (finder.fromPage) {
            let fromPage: FoundWallet[] = []
            try {
              fromPage = finder.fromPage(win, state$)
            } catch {
              fromPage = []
            }
            for (const found of fromPage) announce(found.connector.id, found)
          }
          let offs: (() => void)[] = []
          let closed = false
          Promise.resolve()
            .then(registry)
            .then((wallets) => {
              if (closed) return
              offs = [wallets.on('register', add), wallets.on('unregister', remove)]
              add(...wallets.get())
            })
            .catch(() => undefined)
          return () => {
            closed = true
            for (const off of offs) off()
          }
        })
      }),
    )
