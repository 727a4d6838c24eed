import { catchError, concat, defer, EMPTY, exhaustMap, filter, forkJoin, from, map, merge, of, switchMap, takeUntil, timer, toArray, type Observable } from 'rxjs'
import type { Action, ErrorInfo } from '../actions/types.js'
import { ofType } from '../store/ofType.js'
import { fromAbortable } from '../api/fromAbortable.js'
import { retryTransient } from '../api/retryTransient.js'
import { FEATURED_WALLETS_COUNT, RECOMMENDED_WALLETS_COUNT, WALLET_SEARCH_RESULTS, WALLETS_PAGE_SIZE } from '../constants/limits.js'
import { API_REQUEST_TIMEOUT_MS, IMAGE_PRELOAD_TIMEOUT_MS, WALLET_SEARCH_DEBOUNCE_MS } from '../constants/timing.js'
import type { AirlockDeps } from '../deps.js'
import { toErrorInfo } from '../errors/BaseError.js'
import type { AirlockState } from '../state.js'
import type { Epic } from '../store/types.js'
import { walletPageSchema, type WalletPage } from './registrySchema.js'
import { projectParams, walletQueryParams, type WalletQuery } from './registryQuery.js'
import type { RegistryWallet } from './types.js'
// A lazy entry: re-exporting this keeps the page's start-up modules in one chunk (see core/sharedChunk.ts).
export { SHARED_CHUNK } from '../sharedChunk.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

/** One `/getWallets` call as a cold observable (unsubscribing aborts it). */
export type WalletsGetter = (deps: AirlockDeps, state: AirlockState, query: WalletQuery) => Observable<WalletPage>
/** Loads one wallet image; emits true when it is a usable image. */
export type ImageGetter = (deps: AirlockDeps, state: AirlockState, imageId: string) => Observable<boolean>

/**
 * The registry over HTTP: zod-checked at the edge, quick transient failures retried (at most twice)
 * on the scheduler, all within one request timeout: a hanging registry fails after 10 s, not 33.
 */
export const httpWalletsGetter: WalletsGetter = (deps, state, query) =>
  fromAbortable((signal) => deps.http.api.get({ path: '/getWallets', params: walletQueryParams(state.options, query), schema: walletPageSchema, signal })).pipe(
    retryTransient({ scheduler: deps.scheduler, withinMs: API_REQUEST_TIMEOUT_MS }),
  )

export const httpImageGetter: ImageGetter = (deps, state, imageId) =>
  fromAbortable((signal) => deps.http.api.getBlob({ path: `/getWalletImage/${encodeURIComponent(imageId)}`, params: projectParams(state.options), signal })).pipe(
    map((blob) => blob.type.startsWith('image/')),
  )

/** What the views show when the registry cannot be reached (SPEC 8 has no wording for it). */
export const REGISTRY_ERROR_MESSAGE = 'Failed to load wallets'
/** The person sees one message; `code` keeps the cause (an HTTP status, or the error's message) for the log. */
const failure = (error: unknown): ErrorInfo => {
  const info = toErrorInfo(error)
  return { message: REGISTRY_ERROR_MESSAGE, code: info.code ?? info.message }
}

const emit = (...actions: Action[]): Observable<Action> => from(actions)

/** The rdns of the installed wallets (a wallet without one adds `undefined`, which no registry wallet's rdns matches: see notInstalled). */
const installedRdns = (state: AirlockState) => new Set(state.connectors.list.filter((c) => c.installed).map((c) => c.rdns))

/**
 * Featured (the host's `featuredWalletIds` in their order, else the registry's first 4) and
 * recommended (the next 4 that are neither installed nor featured), on the first modal open or
 * headless wallet list (not at page start), or on a retry after a failure. Page 1 of the full list comes with them.
 */
export const listsEpic =
  (getWallets: WalletsGetter = httpWalletsGetter): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('modal/openRequested', 'registry/loadRequested', 'registry/retryRequested'),
      filter(() => state$.value.registry.status === 'idle' || state$.value.registry.status === 'failed'),
      exhaustMap(() => {
        const state = state$.value
        const ids = state.options.featuredWalletIds
        const featured$ = ids.length > 0 ? getWallets(deps, state, { page: 1, entries: Math.min(ids.length, WALLET_SEARCH_RESULTS), include: ids }) : of(null)
        const request$ = forkJoin([getWallets(deps, state, { page: 1, entries: WALLETS_PAGE_SIZE }), featured$]).pipe(
          switchMap(([page, byId]): Observable<Action> => {
            const installed = installedRdns(state$.value)
            const notInstalled = (w: RegistryWallet) => !(w.rdns && installed.has(w.rdns))
            const featured = byId ? ids.flatMap((id) => byId.wallets.filter((w) => w.id === id)) : page.wallets.filter(notInstalled).slice(0, FEATURED_WALLETS_COUNT)
            const featuredIds = new Set(featured.map((w) => w.id))
            const recommended = page.wallets.filter((w) => notInstalled(w) && !featuredIds.has(w.id)).slice(0, RECOMMENDED_WALLETS_COUNT)
            return emit({ type: 'registry/pageLoaded', page: 1, count: page.count, wallets: page.wallets }, { type: 'registry/listsLoaded', featured, recommended })
          }),
          catchError((error) => emit({ type: 'registry/pageFailed', page: 1, error: failure(error) }, { type: 'registry/listsFailed', error: failure(error) })),
        )
        return concat(emit({ type: 'registry/listsRequested' }, { type: 'registry/pageRequested', page: 1 }), request$)
      }),
    )

/**
 * The next page of 40 on `registry/nextPageRequested` (or a retry after a failed page): one
 * request in flight at most, none past `count`, none after a failure until a retry.
 */
export const pagesEpic =
  (getWallets: WalletsGetter = httpWalletsGetter): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('registry/nextPageRequested', 'registry/retryRequested'),
      filter((action) => {
        const { status, loadingPage, error, page, count } = state$.value.registry
        // Page 1 belongs to the lists fetch; a failed page waits for an explicit retry.
        if (status !== 'loaded' || loadingPage !== null || (error !== null) !== (action.type === 'registry/retryRequested')) return false
        return count === null || page * WALLETS_PAGE_SIZE < count
      }),
      exhaustMap(() => {
        const page = state$.value.registry.page + 1
        const request$ = defer(() => getWallets(deps, state$.value, { page, entries: WALLETS_PAGE_SIZE })).pipe(
          map((result): Action => ({ type: 'registry/pageLoaded', page, count: result.count, wallets: result.wallets })),
          catchError((error) => emit({ type: 'registry/pageFailed', page, error: failure(error) })),
        )
        return concat(emit({ type: 'registry/pageRequested', page }), request$)
      }),
    )

/**
 * SPEC 9: search after 300 ms without typing, up to 100 results. Each keystroke restarts the
 * wait and cancels a search in flight (switchMap), so only the latest query is ever answered;
 * an empty box asks nothing (the reducer resets at once).
 */
export const searchEpic =
  (getWallets: WalletsGetter = httpWalletsGetter, debounceMs = WALLET_SEARCH_DEBOUNCE_MS): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('registry/searchRequested'),
      switchMap((action) => {
        const query = action.query.trim()
        if (query === '') return EMPTY
        const request$ = defer(() => getWallets(deps, state$.value, { page: 1, entries: WALLET_SEARCH_RESULTS, search: query, ...(action.badge ? { badge: action.badge } : {}) })).pipe(
          map((result): Action => ({ type: 'registry/searchLoaded', query, count: result.count, wallets: result.wallets.slice(0, WALLET_SEARCH_RESULTS) })),
          catchError((error) => emit({ type: 'registry/searchFailed', query, error: failure(error) })),
        )
        return timer(debounceMs, deps.scheduler).pipe(switchMap(() => concat(emit({ type: 'registry/searchStarted', query }), request$)))
      }),
    )

/**
 * SPEC 9: preload the featured and recommended images, waiting at most 2 s; the ones that fail
 * are remembered so their rows show a placeholder straight away.
 */
export const preloadEpic =
  (getImage: ImageGetter = httpImageGetter, timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS): AirlockEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      ofType('registry/listsLoaded'),
      switchMap(({ featured, recommended }) => {
        const ids = [...new Set([...featured, ...recommended].flatMap((w) => (w.image_id ? [w.image_id] : [])))]
        const loads = ids.map((id) =>
          getImage(deps, state$.value, id).pipe(
            map((ok) => ({ id, ok })),
            catchError(() => of({ id, ok: false })),
          ),
        )
        return merge(...loads).pipe(
          takeUntil(timer(timeoutMs, deps.scheduler)),
          toArray(),
          map((results): Action => ({ type: 'registry/imagesPreloaded', failed: results.filter((r) => !r.ok).map((r) => r.id), timedOut: results.length < ids.length })),
        )
      }),
    )

export const REGISTRY_EPIC_NAMES = ['registryLists', 'registryPages', 'registrySearch', 'registryPreload'] as const

/** The registry's epics by name, for `createAirlock` (through `lazyRegistryEpics`). */
export const registryEpics: Record<(typeof REGISTRY_EPIC_NAMES)[number], AirlockEpic> = {
  registryLists: listsEpic(),
  registryPages: pagesEpic(),
  registrySearch: searchEpic(),
  registryPreload: preloadEpic(),
}
