import { catchError, concat, defer, EMPTY, filter, finalize, from, groupBy, map, merge, mergeMap, of, switchMap, type Observable, type ObservableInput } from 'rxjs'
import type { PortfolioData } from '../actions/portfolio.js'
import type { Action, ActionOf, ActionType } from '../actions/types.js'
import { abortable } from '../slices/balances/balanceEpic.js'
import { walletErrorInfo } from '../chains/evm/walletErrorInfo.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { ofType } from '../store/ofType.js'
import type { Epic } from '../store/types.js'
import { selectPortfolio } from './selectPortfolio.js'
import type { PortfolioResource } from './types.js'

/** What a resource epic is asked: one key, from the cache or not. */
export interface ResourceRequest {
  readonly key: string
  readonly force: boolean
}

export interface ResourceEpicParameters<R extends PortfolioResource> {
  readonly resource: R
  /** Reads the resource for one key; `signal` aborts it when a newer request replaces it. */
  readonly read: (args: { state: AirlockState; deps: AirlockDeps; key: string; force: boolean; signal: AbortSignal }) => ObservableInput<PortfolioData[R]>
  /** Data younger than this is not fetched again unless forced (SPEC 9). */
  readonly cacheMs: number
  /** After a failure nothing is fetched for this long, forced or not (SPEC 4: 30 s for balances). */
  readonly pauseMs: number
  /** The message of a failure; with `toast`, also shown as an error toast. */
  readonly failure: { readonly message: string; readonly toast: boolean }
  /** Only keys of this chain family (`eip155:…`): each adapter runs its own instance. */
  readonly namespace?: string
  /** Actions other than `portfolio/fetchRequested` that call for a fetch (see `resourceTrigger`). */
  readonly trigger?: ResourceTrigger
}

/** The action types that call for a fetch (only these reach `request`, routed by type) and what each asks for. */
export interface ResourceTrigger {
  readonly types: readonly ActionType[]
  readonly request: (action: Action, state: AirlockState) => ResourceRequest | null
}

/**
 * A `ResourceTrigger` with `request`'s action narrowed to `types`.
 * @example resourceTrigger(['connection/accountConnected'], (action) => ({ key: action.caipAddress, force: false }))
 */
export function resourceTrigger<T extends ActionType>(types: readonly T[], request: (action: ActionOf<T>, state: AirlockState) => ResourceRequest | null): ResourceTrigger {
  // Sound: the epic hands `request` only actions of `types` (`ofType`).
  return { types, request: request as ResourceTrigger['request'] }
}

/**
 * Keeps one kind of per-key data (tokens, NFTs, identities) fresh on request: a cached answer
 * younger than `cacheMs` answers unless forced, nothing is fetched during the pause after a
 * failure, a request for a key being fetched waits for that answer (a forced one restarts it),
 * and keys are fetched independently of each other. Failures become `portfolio/fetchFailed`
 * (and a toast when asked), never an error out of the epic.
 * @example resourceEpic({ resource: 'nfts', read: readNfts, cacheMs: 30_000, pauseMs: 30_000, failure })
 */
export function resourceEpic<R extends PortfolioResource>({ resource, read, cacheMs, pauseMs, failure, trigger, namespace }: ResourceEpicParameters<R>): Epic<Action, AirlockState, AirlockDeps> {
  return (action$, state$, deps) =>
    defer(() => {
      const inFlight = new Set<string>()
      const requests$: Observable<ResourceRequest> = merge(
        action$.pipe(
          ofType('portfolio/fetchRequested'),
          filter((action) => action.resource === resource),
          map((action) => ({ key: action.key, force: action.force === true })),
        ),
        trigger
          ? action$.pipe(
              ofType(...trigger.types),
              map((action) => trigger.request(action, state$.value)),
              filter((request): request is ResourceRequest => request !== null),
            )
          : EMPTY,
      )

      const fetch = (key: string, force: boolean): Observable<Action> =>
        concat(
          of<Action>({ type: 'portfolio/fetchStarted', resource, key }),
          defer(() => {
            inFlight.add(key)
            return abortable((signal) => read({ state: state$.value, deps, key, force, signal }))
          }).pipe(
            finalize(() => inFlight.delete(key)),
            map((data) => ({ type: 'portfolio/fetched', resource, key, data, at: deps.scheduler.now() }) as Action),
            catchError((error: unknown) =>
              from<Action[]>([
                { type: 'portfolio/fetchFailed', resource, key, error: walletErrorInfo(error, failure.message), at: deps.scheduler.now() },
                ...(failure.toast ? [{ type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message: failure.message } } as const] : []),
              ]),
            ),
          ),
        )

      const run = ({ key, force }: ResourceRequest): Observable<Action> => {
        const entry = selectPortfolio(state$.value)[resource][key]
        const now = deps.scheduler.now()
        if (entry?.failedAt !== undefined && now - entry.failedAt < pauseMs) return of({ type: 'portfolio/fetchSkipped', resource, key, reason: 'retryPause' })
        if (!force && entry?.fetchedAt !== undefined && now - entry.fetchedAt < cacheMs) return of({ type: 'portfolio/fetchSkipped', resource, key, reason: 'cached' })
        return fetch(key, force)
      }

      return requests$.pipe(
        filter((request) => namespace === undefined || request.key.startsWith(`${namespace}:`)),
        groupBy((request) => request.key),
        mergeMap((group$) =>
          group$.pipe(
            // A repeat while the answer is on its way waits for it; a forced one (after a send) restarts it.
            filter((request) => request.force || !inFlight.has(request.key)),
            switchMap(run),
          ),
        ),
      )
    })
}
