import { defer, map, of, switchMap, type Observable } from 'rxjs'
import type { Address } from 'viem'
import type { Eip1193Provider } from '../../connectors/providerRegistry.js'
import { evmAccountsSchema, evmChainIdSchema, parseWalletResponse } from './walletSchemas.js'

/** What a wallet told us about itself: its accounts (active first) and its chain. */
export interface WalletAccount {
  readonly accounts: readonly Address[]
  /** Undefined when the wallet exposed no account (the chain is not asked then). */
  readonly chainId: number | undefined
}

/**
 * Asks a wallet for its accounts (`eth_requestAccounts` prompts, `eth_accounts` is silent),
 * then for its chain, validating both. Cold: nothing is sent until subscribed.
 * @example readWalletAccount(provider, 'eth_accounts').subscribe(({ accounts, chainId }) => …)
 */
export function readWalletAccount(provider: Eip1193Provider, method: 'eth_requestAccounts' | 'eth_accounts'): Observable<WalletAccount> {
  return defer(() => provider.request({ method })).pipe(
    map((raw) => parseWalletResponse(evmAccountsSchema, raw, method)),
    switchMap((accounts) =>
      accounts.length === 0
        ? of<WalletAccount>({ accounts, chainId: undefined })
        : defer(() => provider.request({ method: 'eth_chainId' })).pipe(
            map((raw): WalletAccount => ({ accounts, chainId: parseWalletResponse(evmChainIdSchema, raw, 'eth_chainId') })),
          ),
    ),
  )
}
