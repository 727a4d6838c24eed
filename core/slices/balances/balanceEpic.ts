import { catchError, concat, defer, EMPTY, filter, finalize, from, map, Observable, of, switchMap, type ObservableInput } from 'rxjs'
import type { Address } from 'viem'
import type { Action } from '../../actions/types.js'
import { evmBalanceTarget, type BalanceTarget } from '../../chains/evm/evmBalanceTarget.js'
import { walletErrorInfo } from '../../chains/evm/walletErrorInfo.js'
import type { CaipAddress, Network } from '../../chains/types.js'
import { BALANCE_RETRY_PAUSE_MS, NATIVE_BALANCE_CACHE_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/** SPEC 8: the toast for a failed balance or an unsupported network. */
export const BALANCE_UNAVAILABLE_MESSAGE = 'Token Balance Unavailable'

/** Reads one native balance; a Promise in production, any ObservableInput in tests. */
export type NativeBalanceGetter = (params: { network: Network; address: Address; signal: AbortSignal }) => ObservableInput<bigint>

/** The production getter: viem (about 45 KB gzip) is fetched with the first balance read, not at start. */
const readNativeBalance: NativeBalanceGetter = (params) => import('../../chains/evm/getNativeBalance.js').then((m) => m.getNativeBalance(params))

export interface BalanceEpicParameters {
  readonly getBalance?: NativeBalanceGetter
  readonly cacheMs?: number
  readonly retryPauseMs?: number
}

/**
 * Keeps the native balance of the connected EVM account on the active network (SPEC 4, 9):
 * fetched after a connection, account or network change, on `fetchRequested` with `force`, and
 * after a sent transaction. A balance younger than the cache is not refetched (unless forced);
 * after a failure nothing is fetched during the retry pause (even forced). A newer account or
 * network cancels the stale fetch. Failures and unsupported networks: 'Token Balance Unavailable'.
 * @example createStore({ …, epics: { balance: balanceEpic() } })
 */
export const balanceEpic =
  ({ getBalance = readNativeBalance, cacheMs = NATIVE_BALANCE_CACHE_MS, retryPauseMs = BALANCE_RETRY_PAUSE_MS }: BalanceEpicParameters = {}): Epic<
    Action,
    AirlockState,
    AirlockDeps
  > =>
  (action$, state$, deps) =>
    defer(() => {
      /** The key being fetched now: a repeat trigger for it waits for that answer instead of restarting. */
      let inFlight: CaipAddress | null = null

      const failed = (key: CaipAddress, error: unknown): Action[] => [
        { type: 'balance/fetchFailed', caipAddress: key, error: walletErrorInfo(error, BALANCE_UNAVAILABLE_MESSAGE), at: deps.scheduler.now() },
        { type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message: BALANCE_UNAVAILABLE_MESSAGE } },
      ]

      const run = ({ key, force, source }: BalanceTarget): Observable<Action> => {
        const { balances } = state$.value
        const now = deps.scheduler.now()
        // A fetch someone asked for (loading is on) that will not happen must say so, or the spinner stays.
        const skip = (reason: 'cached' | 'retryPause'): Observable<Action> =>
          balances.loading[key] ? of<Action>({ type: 'balance/fetchSkipped', caipAddress: key, reason }) : EMPTY
        const failedAt = balances.failedAt[key]
        if (failedAt !== undefined && now - failedAt < retryPauseMs) return skip('retryPause')
        const cached = balances.native[key]
        if (!force && cached && now - cached.fetchedAt < cacheMs) return skip('cached')
        if (!source) return from(failed(key, new Error(BALANCE_UNAVAILABLE_MESSAGE)))
        const { network, address } = source
        const started: Observable<Action> = balances.loading[key] ? EMPTY : of({ type: 'balance/fetchRequested', caipAddress: key })
        const fetch$ = defer(() => {
          inFlight = key
          return abortable((signal) => getBalance({ network, address, signal }))
        }).pipe(
          map((value): Action => {
            if (typeof value !== 'bigint' || value < 0n) throw new Error('Invalid balance')
            const { decimals, symbol } = network.nativeCurrency
            return { type: 'balance/fetched', caipAddress: key, value: value.toString(), decimals, symbol, at: deps.scheduler.now() }
          }),
          catchError((error: unknown) => from(failed(key, error))),
          finalize(() => {
            if (inFlight === key) inFlight = null
          }),
        )
        return concat(started, fetch$)
      }

      return action$.pipe(
        map((action) => evmBalanceTarget(action, state$.value)),
        filter((target): target is BalanceTarget => target !== null && (target.force || target.key !== inFlight)),
        // Read before switchMap unsubscribes the stale fetch (its finalize clears `inFlight`).
        map((target) => ({ target, superseded: inFlight !== null && inFlight !== target.key ? inFlight : null })),
        switchMap(({ target, superseded }) =>
          concat(superseded ? of<Action>({ type: 'balance/fetchSkipped', caipAddress: superseded, reason: 'superseded' }) : EMPTY, defer(() => run(target))),
        ),
      )
    })

/** Subscribes to `run` with an AbortSignal that fires when the subscriber leaves before it settles. */
function abortable<T>(run: (signal: AbortSignal) => ObservableInput<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    let settled = false
    const inner = defer(() => run(controller.signal)).subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => {
        settled = true
        subscriber.error(error)
      },
      complete: () => {
        settled = true
        subscriber.complete()
      },
    })
    return () => {
      inner.unsubscribe()
      if (!settled) controller.abort()
    }
  })
}
