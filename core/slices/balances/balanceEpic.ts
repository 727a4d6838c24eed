import { catchError, concat, defer, EMPTY, filter, finalize, from, map, merge, Observable, of, switchMap, timer, type ObservableInput } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { walletErrorInfo } from '../../chains/evm/walletErrorInfo.js'
import type { CaipAddress, ChainNamespace, Network } from '../../chains/types.js'
import { BALANCE_RETRY_PAUSE_MS, NATIVE_BALANCE_CACHE_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import { readNativeBalance } from './readNativeBalance.js'
import type { Epic } from '../../store/types.js'
import { activeBalanceTarget, BALANCE_TRIGGER_TYPES, nativeBalanceTarget, type BalanceTarget } from './nativeBalanceTarget.js'

export { BALANCE_UNAVAILABLE_MESSAGE } from './balanceMessages.js'
import { BALANCE_UNAVAILABLE_MESSAGE } from './balanceMessages.js'

/** Reads one native balance; a Promise in production, any ObservableInput in tests. */
export type NativeBalanceGetter = (params: { network: Network; address: string; signal: AbortSignal }) => ObservableInput<bigint>

export interface BalanceEpicParameters {
  readonly getBalance?: NativeBalanceGetter
  readonly cacheMs?: number
  readonly retryPauseMs?: number
  /** The chain family whose connected account this epic keeps the balance of (default eip155). */
  readonly namespace?: ChainNamespace
}

/** The namespace's account is gone: whatever is fetched or waiting for it stops. */
const STOP = 'stop' as const

/**
 * Keeps the native balance of the connected account of one chain family (EVM by default) on the active network (SPEC 4, 9):
 * fetched after a connection, account or network change, on `fetchRequested` with `force`, and
 * after a sent transaction. A balance younger than the cache is not refetched (unless forced).
 * After a failure nothing is fetched during the retry pause: a request meanwhile is queued
 * (`fetchQueued`) and runs when the pause ends, and the shown balance is fetched again then on
 * its own, so it comes back once the RPC does. A newer account or network, or a disconnect,
 * cancels the stale fetch and any wait. Failures and unsupported networks: 'Token Balance Unavailable'.
 * @example createStore({ …, epics: { balance: balanceEpic() } })
 */
export const balanceEpic =
  ({ getBalance = readNativeBalance, cacheMs = NATIVE_BALANCE_CACHE_MS, retryPauseMs = BALANCE_RETRY_PAUSE_MS, namespace = 'eip155' }: BalanceEpicParameters = {}): Epic<
    Action,
    AirlockState,
    AirlockDeps
  > =>
  (action$, state$, deps) =>
    defer(() => {
      /** The key being fetched now: a repeat trigger for it waits for that answer instead of restarting. */
      let inFlight: CaipAddress | null = null

      // A retry that fails again says nothing new: its toast was shown with the first failure.
      const failed = (key: CaipAddress, error: unknown, toast: boolean): Action[] => [
        { type: 'balance/fetchFailed', caipAddress: key, error: walletErrorInfo(error, BALANCE_UNAVAILABLE_MESSAGE), at: deps.scheduler.now() },
        ...(toast ? [{ type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message: BALANCE_UNAVAILABLE_MESSAGE } } as const] : []),
      ]

      /** The shown balance is fetched again when the pause after its failure ends (quietly), while it is still the one shown. */
      const retryWhenPauseEnds = (key: CaipAddress): Observable<Action> =>
        timer(retryPauseMs, deps.scheduler).pipe(
          switchMap(() => {
            // Stryker disable next-line BooleanLiteral: only the shown target's key and source are read here, never its force.
            const shown = activeBalanceTarget(namespace, state$.value, true)
            return shown?.key === key && shown.source ? fetchNow(key, shown.source, false) : EMPTY
          }),
        )

      const fetchNow = (key: CaipAddress, { network, address }: NonNullable<BalanceTarget['source']>, toast: boolean): Observable<Action> => {
        const started: Observable<Action> = state$.value.balances.loading[key] ? EMPTY : of({ type: 'balance/fetchRequested', caipAddress: key })
        const request$ = defer(() => {
          inFlight = key
          return abortable((signal) => getBalance({ network, address, signal }))
        }).pipe(
          finalize(() => {
            // Stryker disable next-line ConditionalExpression: a fetch always finalizes before a later one sets inFlight (switchMap unsubscribes first; a retry starts on a timer after its failed read finalized).
            if (inFlight === key) inFlight = null
          }),
        )
        return concat(
          started,
          request$.pipe(
            map((value): Action => {
              if (typeof value !== 'bigint' || value < 0n) throw new Error('Invalid balance')
              const { decimals, symbol } = network.nativeCurrency
              return { type: 'balance/fetched', caipAddress: key, value: value.toString(), decimals, symbol, at: deps.scheduler.now() }
            }),
            catchError((error: unknown) => concat(from(failed(key, error, toast)), retryWhenPauseEnds(key))),
          ),
        )
      }

      const run = ({ key, force, source }: BalanceTarget): Observable<Action> => {
        const { balances } = state$.value
        const now = deps.scheduler.now()
        // Someone asked (loading is on): a fetch that will not happen now must say so, or the spinner stays.
        const asked = balances.loading[key] === true
        const skip = (reason: 'cached' | 'retryPause'): Observable<Action> => (asked ? of<Action>({ type: 'balance/fetchSkipped', caipAddress: key, reason }) : EMPTY)
        // Never failed reads as failed long ago: no pause.
        const failedAt = balances.failedAt[key] ?? Number.NEGATIVE_INFINITY
        if (now - failedAt < retryPauseMs) {
          if (!source) return skip('retryPause')
          // SPEC 4: no fetch during the pause; the request waits for its end instead of being dropped.
          const at = failedAt + retryPauseMs
          const queued: Observable<Action> = asked ? of({ type: 'balance/fetchQueued', caipAddress: key, at }) : EMPTY
          return concat(queued, timer(at - now, deps.scheduler).pipe(switchMap(() => fetchNow(key, source, asked))))
        }
        const cached = balances.native[key]
        if (!force && cached && now - cached.fetchedAt < cacheMs) return skip('cached')
        if (!source) return from(failed(key, new Error(BALANCE_UNAVAILABLE_MESSAGE), true))
        return fetchNow(key, source, true)
      }

      // `stale` (the fetch a stop or a new target cancels, if any) is read before switchMap
      // unsubscribes that fetch (its finalize clears `inFlight`).
      const gone$ = action$.pipe(
        ofType('connection/disconnected', 'connection/accountsChanged'),
        filter((action) => action.namespace === namespace && (action.type === 'connection/disconnected' || action.accounts.length === 0)),
        map(() => ({ target: STOP, stale: inFlight })),
      )
      const targets$ = action$.pipe(
        ofType(...BALANCE_TRIGGER_TYPES),
        map((action) => nativeBalanceTarget(namespace, action, state$.value)),
        filter((target): target is BalanceTarget => target !== null && (target.force || target.key !== inFlight)),
        // A forced refresh of the key in flight restarts it: nothing is superseded.
        map((target) => ({ target, stale: inFlight !== target.key ? inFlight : null })),
      )
      return merge(targets$, gone$).pipe(
        switchMap(({ target, stale }) =>
          concat(
            stale ? of<Action>({ type: 'balance/fetchSkipped', caipAddress: stale, reason: target === STOP ? 'disconnected' : 'superseded' }) : EMPTY,
            target === STOP ? EMPTY : defer(() => run(target)),
          ),
        ),
      )
    })

/**
 * Subscribes to `run` with an AbortSignal that fires when the subscriber leaves before it settles:
 * `fromAbortable` for any ObservableInput (a Promise in production, a cold observable in marbles).
 * @example abortable((signal) => fetchThing(signal)).pipe(timeout(5_000))
 */
export function abortable<T>(run: (signal: AbortSignal) => ObservableInput<T>): Observable<T> {
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
