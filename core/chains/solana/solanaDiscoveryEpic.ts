import { EMPTY, Observable, switchMap, take } from 'rxjs'
import type { Action, ConnectorInfo } from '../../actions/types.js'
import { cleanName, safeIcon } from '../../connectors/injected/parseAnnouncement.js'
import type { AirlockDeps } from '../../deps.js'
import { selectActiveNetwork, selectNetworks } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic, StateObservable } from '../../store/types.js'
import type { Network } from '../types.js'
import { walletChainFor } from './walletStandardChain.js'
import { walletStandardProvider, type StandardWalletLike } from './walletStandardProvider.js'

/** The Wallet Standard registry as `@wallet-standard/app`'s `getWallets()` returns it. */
export interface WalletRegistryLike {
  get(): readonly unknown[]
  on(event: 'register' | 'unregister', listener: (...wallets: unknown[]) => void): () => void
}

/** The connector id of a Wallet Standard Solana wallet: its name, which stays the same across reloads. */
export function solanaConnectorId(name: string): string {
  return `solana:${name}`
}

/**
 * Finds Solana browser wallets the way they announce themselves today, through the Wallet
 * Standard (`@wallet-standard/app`): those registered before the page and those that register
 * later, each with `standard:connect` and a `solana:` chain. Each one's provider (see
 * walletStandardProvider) goes to `deps.providers`, plain data to the store; an unregistered
 * wallet is removed. Malformed wallets are ignored.
 * @example createStore({ …, epics: { discovery: solanaDiscoveryEpic(() => getWallets()) } })
 */
export const solanaDiscoveryEpic =
  (registry: () => WalletRegistryLike | Promise<WalletRegistryLike>): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('app/started'),
      take(1),
      switchMap(() => {
        if (!deps.window || !state$.value.options.enableWallets || selectNetworks(state$.value, 'solana').length === 0) return EMPTY
        return new Observable<Action>((subscriber) => {
          const known = new Map<unknown, string>()
          const add = (...wallets: unknown[]): void => {
            for (const wallet of wallets) {
              const found = readWallet(wallet)
              if (!found || known.has(wallet)) continue
              known.set(wallet, found.connector.id)
              deps.providers.register(found.connector.id, walletStandardProvider(found.wallet, () => activeChain(state$, found.wallet)))
              subscriber.next({ type: 'connectors/announced', connector: found.connector })
            }
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
          let offs: (() => void)[] = []
          let closed = false
          Promise.resolve()
            .then(registry)
            .then((wallets) => {
              if (closed) return
              offs = [wallets.on('register', add), wallets.on('unregister', remove)]
              add(...wallets.get())
            })
            .catch(() => subscriber.complete())
          return () => {
            closed = true
            for (const off of offs) off()
          }
        })
      }),
    )

/** The wallet's id for the active Solana network, else for the first configured one it serves. */
function activeChain(state$: StateObservable<AirlockState>, wallet: StandardWalletLike): string | undefined {
  const state = state$.value
  const active = selectActiveNetwork(state)
  const candidates: Network[] = [...(active.chainNamespace === 'solana' ? [active] : []), ...selectNetworks(state, 'solana')]
  for (const network of candidates) {
    const chain = walletChainFor(wallet.chains, network)
    if (chain) return chain
  }
  return undefined
}

function readWallet(value: unknown): { wallet: StandardWalletLike; connector: ConnectorInfo } | null {
  try {
    if (value === null || typeof value !== 'object') return null
    const wallet = value as StandardWalletLike
    const { name, chains, features } = wallet
    if (typeof name !== 'string' || !Array.isArray(chains) || features === null || typeof features !== 'object') return null
    if (!chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')) || !('standard:connect' in features)) return null
    const clean = cleanName(name.slice(0, 4_096))
    if (!clean) return null
    const icon = safeIcon(wallet.icon)
    return { wallet, connector: { id: solanaConnectorId(clean), name: clean, type: 'ANNOUNCED', namespace: 'solana', ...(icon ? { icon } : {}), installed: true } }
  } catch {
    // A wallet object with throwing getters is ignored like a malformed announcement.
    return null
  }
}
