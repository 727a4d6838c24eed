import { catchError, concat, defer, EMPTY, exhaustMap, filter, from, map, merge, mergeMap, of, switchMap, take, throwError, timeout, timer, concatMap } from 'rxjs'
import { formatUnits } from 'viem'
import type { Action } from '../actions/types.js'
import { fromAbortable } from '../api/fromAbortable.js'
import { walletErrorInfo } from '../chains/evm/walletErrorInfo.js'
import type { Eip1193Provider } from '../connectors/providerRegistry.js'
import { DEBOUNCE_MS, SWAP_ALLOWANCE_POLL_MS, SWAP_APPROVAL_TIMEOUT_MS, SWAP_QUOTE_REFRESH_MS } from '../constants/timing.js'
import type { AirlockDeps } from '../deps.js'
import { BaseError } from '../errors/BaseError.js'
import { swapFormComplete } from '../slices/portfolio/swapReducer.js'
import type { AirlockState } from '../state.js'
import { ofType } from '../store/ofType.js'
import { sendEvmTransaction, sentTransactionActions } from '../portfolio/sentTransaction.js'
import type { Epic } from '../store/types.js'
import { swapCalls, toWalletTransaction } from './swapCalls.js'
import type { BuiltTransaction } from './swapSchemas.js'
import type { SwapState } from './types.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

const swapOf = (state: AirlockState): SwapState | undefined => state.portfolio?.swap
const errorOf = (error: unknown, fallback: string) => ({ message: error instanceof Error && error.message ? error.message : fallback })

/** The Swap view's token list (SPEC 7 `/v1/convert/tokens`), fetched when a new form opens. */
export const swapTokensEpic: AirlockEpic = (action$, state$, deps) =>
  action$.pipe(
    ofType('swap/opened'),
    filter(({ account }) => swapOf(state$.value)?.account === account && swapOf(state$.value)?.tokens.status === 'loading'),
    switchMap(({ account }) =>
      fromAbortable((signal) => swapCalls(state$.value, deps, account).tokens(signal)).pipe(
        map((tokens): Action => ({ type: 'swap/tokensLoaded', account, tokens })),
        catchError((error: unknown) => of<Action>({ type: 'swap/tokensFailed', account, error: errorOf(error, 'Could not load the tokens') })),
      ),
    ),
  )

/**
 * Quotes (SPEC 7 quotes, allowance, gas price): 500 ms after the form last changed (SPEC 9
 * debounce), and again at once when a quote went stale; a newer form cancels the request in flight.
 */
export const swapQuoteEpic: AirlockEpic = (action$, state$, deps) =>
  action$.pipe(
    // A change, a flip or an expiry quotes; opening, confirming or resetting the form cancels a pending one.
    ofType('swap/formChanged', 'swap/flipped', 'swap/quoteExpired', 'swap/opened', 'swap/confirmed', 'swap/reset'),
    switchMap((action) => {
      const swap = swapOf(state$.value)
      const wanted = action.type === 'swap/quoteExpired' ? swap?.quote.status === 'stale' : swap?.quote.status === 'waiting' && (action.type === 'swap/formChanged' || action.type === 'swap/flipped')
      if (!swap || !wanted) return EMPTY
      return timer(action.type === 'swap/quoteExpired' ? 0 : DEBOUNCE_MS, deps.scheduler).pipe(
        switchMap(() => {
          const form = swapOf(state$.value)
          if (!form?.account || !swapFormComplete(form)) return EMPTY
          return concat(
            of<Action>({ type: 'swap/quoteRequested' }),
            fromAbortable((signal) => swapCalls(state$.value, deps, form.account!).quote(form, signal)).pipe(
              map((quote): Action => ({ type: 'swap/quoteLoaded', quote: { ...quote, at: deps.scheduler.now() } })),
              catchError((error: unknown) => of<Action>({ type: 'swap/quoteFailed', error: errorOf(error, 'Could not get a quote') })),
            ),
          )
        }),
      )
    }),
  )

/** A quote shown for 15 s goes stale (the view says so) and is asked for again while the Swap view is open. */
export const swapQuoteRefreshEpic: AirlockEpic = (action$, state$, deps) =>
  action$.pipe(
    // A new quote starts the clock; anything that replaces, spends or leaves the quote stops it.
    ofType('swap/quoteLoaded', 'swap/opened', 'swap/formChanged', 'swap/flipped', 'swap/quoteRequested', 'swap/quoteFailed', 'swap/quoteExpired', 'swap/confirmed', 'swap/reset', 'router/pushRequested', 'modal/closeRequested'),
    switchMap((action) =>
      action.type === 'swap/quoteLoaded'
        ? timer(SWAP_QUOTE_REFRESH_MS, deps.scheduler).pipe(
            filter(() => swapOf(state$.value)?.quote.status === 'ready' && state$.value.modal.open && state$.value.router.view === 'Swap'),
            map((): Action => ({ type: 'swap/quoteExpired' })),
          )
        : EMPTY,
    ),
  )

/**
 * The swap itself, once the person confirmed the preview: when the allowance is short the wallet
 * first sends the approval the service built, and the allowance is read again until it covers the
 * amount; then the swap transaction. Both go through the connected wallet (injected, WalletConnect,
 * or the embedded wallet with its own approval in the secure frame). On success the swap shows in
 * Activity and the balances are fetched again; one swap at a time.
 */
export const swapExecuteEpic: AirlockEpic = (action$, state$, deps) =>
  action$.pipe(
    ofType('swap/confirmed'),
    exhaustMap(() =>
      defer(() => {
        const state = state$.value
        const swap = swapOf(state)
        const quote = swap?.quote.value
        if (!swap?.account || !quote || !swap.from || !swap.to || (swap.execution.status !== 'approving' && swap.execution.status !== 'swapping')) return EMPTY
        const connectorId = state.connection.namespaces.eip155?.connectorId
        const provider = connectorId ? deps.providers.get(connectorId) : undefined
        if (!provider) return of<Action>({ type: 'swap/failed', error: { message: 'Connect a wallet first' } })
        const calls = swapCalls(state, deps, swap.account)
        const approve =
          swap.execution.status === 'approving'
            ? fromAbortable((signal) => calls.buildApprove(swap, quote, signal)).pipe(
                mergeMap((tx) => from(sendEvmTransaction(provider, toWalletTransaction(tx)))),
                mergeMap((hash) =>
                  concat(
                    of<Action>({ type: 'swap/approvalSent', hash }),
                    timer(0, SWAP_ALLOWANCE_POLL_MS, deps.scheduler).pipe(
                      // A failed read counts as "not yet".
                      concatMap(() => fromAbortable((signal) => calls.allowance(swap, signal)).pipe(catchError(() => of(0n)))),
                      filter((allowance) => allowance >= BigInt(quote.fromAmount)),
                      take(1),
                      timeout({ first: SWAP_APPROVAL_TIMEOUT_MS, scheduler: deps.scheduler, with: () => throwError(() => new BaseError('The approval was not confirmed in time')) }),
                      map((): Action => ({ type: 'swap/approved' })),
                    ),
                  ),
                ),
              )
            : EMPTY
        const send = defer(() => fromAbortable((signal) => calls.buildSwap(swap, quote, signal))).pipe(
          mergeMap((tx) => from(sendEvmTransaction(provider, toWalletTransaction(tx)))),
          mergeMap((hash) =>
            from<Action[]>([
              { type: 'swap/succeeded', hash },
              ...sentTransactionActions({
                hash,
                account: swap.account!,
                operationType: 'trade',
                sentTo: '',
                transfers: [
                  { direction: 'out', quantity: { numeric: formatUnits(BigInt(quote.fromAmount), swap.from!.decimals) }, fungible: { name: swap.from!.name, symbol: swap.from!.symbol, iconUrl: swap.from!.logoUri }, spam: false },
                  { direction: 'in', quantity: { numeric: formatUnits(BigInt(quote.toAmount), swap.to!.decimals) }, fungible: { name: swap.to!.name, symbol: swap.to!.symbol, iconUrl: swap.to!.logoUri }, spam: false },
                ],
                now: deps.scheduler.now(),
              }),
            ]),
          ),
        )
        return concat(approve, send).pipe(catchError((error: unknown) => of<Action>({ type: 'swap/failed', error: walletErrorInfo(error, 'The swap was not sent') })))
      }),
    ),
  )


/** Every swap epic, run with the EVM account data epics (core/portfolio/portfolioEpics.ts). */
export const swapEpic: AirlockEpic = (action$, state$, deps) =>
  merge(swapTokensEpic(action$, state$, deps), swapQuoteEpic(action$, state$, deps), swapQuoteRefreshEpic(action$, state$, deps), swapExecuteEpic(action$, state$, deps))
