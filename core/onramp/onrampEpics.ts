import { catchError, concat, defer, EMPTY, exhaustMap, filter, from, map, merge, mergeMap, of, switchMap, take, takeUntil, timer, concatMap } from 'rxjs'
import type { Action } from '../actions/types.js'
import { fromAbortable } from '../api/fromAbortable.js'
import { isSafeOpenUrl } from '../chains/isSafeOpenUrl.js'
import type { CaipAddress, Network } from '../chains/types.js'
import { DEBOUNCE_MS, ONRAMP_BALANCE_POLL_MS, ONRAMP_WATCH_MS } from '../constants/timing.js'
import type { AirlockDeps } from '../deps.js'
import { onrampAmountError } from '../slices/portfolio/onrampReducer.js'
import { readNativeBalance } from '../slices/balances/readNativeBalance.js'
import type { AirlockState } from '../state.js'
import { ofType } from '../store/ofType.js'
import type { Epic } from '../store/types.js'
import { aggregatorUrl } from './aggregatorUrl.js'
import { onrampCalls } from './onrampCalls.js'
import { onrampPopup } from './onrampSession.js'
import type { OnrampState } from './types.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>

const onrampOf = (state: AirlockState): OnrampState | undefined => state.portfolio?.onramp
/** The account's network and address, when it is one Airlock lists. */
function accountOf(state: AirlockState, account: string | null): { network: Network; address: string } | null {
  if (!account) return null
  const [namespace, reference, address] = account.split(':')
  const network = state.options.networks.find((n) => n.caipNetworkId === `${namespace}:${reference}`)
  return network && address ? { network, address } : null
}

/** Whether the on-ramp's account is this family's (each family's instance runs only its own); `always` for an epic run on its own. */
type Mine = (state: AirlockState) => boolean
const always: Mine = () => true

/** The options (SPEC 7 `/v1/onramp/options`), once per account; a failure falls back to the defaults (SPEC 8). */
const optionsEpic = (mine: Mine): AirlockEpic => (action$, state$, deps) =>
  action$.pipe(
    ofType('onramp/opened'),
    filter(({ account }) => mine(state$.value) && onrampOf(state$.value)?.account === account && onrampOf(state$.value)?.options.status === 'loading'),
    switchMap(({ account }) => {
      const target = accountOf(state$.value, account)
      if (!target) return EMPTY
      return fromAbortable((signal) => onrampCalls(state$.value, deps, target.network).options(signal)).pipe(map(({ options, fallback }): Action => ({ type: 'onramp/optionsLoaded', account, options, fallback })))
    }),
  )

export const onrampOptionsEpic: AirlockEpic = optionsEpic(always)

/** Quotes 500 ms after the form last changed (SPEC 9 debounce), only for an amount within the limits; a failure gives a mock quote (SPEC 8). */
const quoteEpic = (mine: Mine): AirlockEpic => (action$, state$, deps) =>
  action$.pipe(
    ofType('onramp/formChanged', 'onramp/optionsLoaded'),
    filter(() => mine(state$.value)),
    switchMap(() => {
      if (onrampOf(state$.value)?.quote.status !== 'waiting') return EMPTY
      return timer(DEBOUNCE_MS, deps.scheduler).pipe(
        switchMap(() => {
          const form = onrampOf(state$.value)
          const target = form && accountOf(state$.value, form.account)
          if (!form || !target || form.quote.status !== 'waiting' || onrampAmountError(form) !== null) return EMPTY
          // The data service's USD price of the coin, when the account's tokens are in (for a mock quote).
          const native = state$.value.portfolio?.tokens[form.account!]?.data?.find((t) => !t.address)
          return concat(
            of<Action>({ type: 'onramp/quoteRequested' }),
            fromAbortable((signal) => onrampCalls(state$.value, deps, target.network).quote(form, native?.price || null, signal)).pipe(map((quote): Action => ({ type: 'onramp/quoteLoaded', quote }))),
          )
        }),
      )
    }),
  )

export const onrampQuoteEpic: AirlockEpic = quoteEpic(always)

/**
 * The provider: the card provider's page (SPEC 7 `/v1/generators/onrampurl`) or the aggregator's,
 * made from the site's key. Its URL goes to the window the click opened (never into state or the log), then the native balance is read every 5 s until it rises, for at
 * most 30 minutes; Activity and the balances are fetched again when the funds arrive.
 */
export const onrampPurchaseEpic = (mine: Mine = always): AirlockEpic => (action$, state$, deps) =>
  action$.pipe(
    ofType('onramp/providerChosen'),
    filter(() => mine(state$.value)),
    exhaustMap(({ provider }) =>
      defer(() => {
        const form = onrampOf(state$.value)
        const target = form && accountOf(state$.value, form.account)
        if (!form || !target || form.purchase.status !== 'opening') return EMPTY
        const popup = onrampPopup(deps.providers)
        const balance = (signal: AbortSignal) => readNativeBalance({ network: target.network, address: target.address, signal })
        const open = fromAbortable(async (signal) => {
          if (!popup || popup.closed) throw new Error('The provider window was blocked or closed. Allow pop-ups for this site and try again.')
          const state = state$.value
          const site = state.options.onrampProviders?.meld
          // The aggregator's page is made here from the site's key; the card provider's by the service.
          const link =
            provider === 'meld'
              ? site
                ? Promise.resolve(aggregatorUrl({ site, form, network: target.network, address: target.address, projectId: state.options.projectId }))
                : Promise.reject(new Error('This site has not set up the aggregator'))
              : onrampCalls(state, deps, target.network).url(form, provider, target.address, signal)
          const [url, start] = await Promise.all([link, balance(signal).catch(() => null)])
          if (!isSafeOpenUrl(url, { allowLocalhostHttp: true })) throw new Error('The provider sent a link that cannot be opened')
          popup.location.href = url
          return start
        })
        const watch = (start: bigint) =>
          timer(ONRAMP_BALANCE_POLL_MS, ONRAMP_BALANCE_POLL_MS, deps.scheduler).pipe(
            // A failed read counts as "not yet".
            concatMap(() => fromAbortable(balance).pipe(catchError(() => EMPTY))),
            filter((now) => now > start),
            take(1),
            takeUntil(merge(timer(ONRAMP_WATCH_MS, deps.scheduler), action$.pipe(ofType('onramp/reset', 'connection/disconnected')))),
            mergeMap((now) => {
              const key = form.account!
              return from<Action[]>([
                { type: 'onramp/fundsArrived', received: (now - start).toString() },
                { type: 'balance/fetchRequested', caipAddress: key as CaipAddress, force: true },
                { type: 'portfolio/fetchRequested', resource: 'tokens', key, force: true },
                // Activity is EVM only (SPEC 9).
                ...(target.network.chainNamespace === 'eip155' ? [{ type: 'activity/pageRequested', key: `${target.network.caipNetworkId}|${target.address}` } as const] : []),
              ])
            }),
          )
        return open.pipe(
          mergeMap((start) => concat(of<Action>({ type: 'onramp/providerOpened', startBalance: start === null ? null : start.toString() }), start === null ? EMPTY : watch(start))),
          catchError((error: unknown) => {
            popup?.close()
            return of<Action>({ type: 'onramp/failed', error: { message: error instanceof Error && error.message ? error.message : 'The provider could not be opened' } })
          }),
        )
      }),
    ),
  )

/** Every on-ramp epic, run with the account data epics of the families it sells to (EVM and Solana). */
export const onrampEpic = (namespace: 'eip155' | 'solana'): AirlockEpic => {
  const mine: Mine = (state) => onrampOf(state)?.account?.startsWith(`${namespace}:`) === true
  // Each checks `mine` after its own types (not on every action first), so the store routes it by type.
  const epics = [optionsEpic(mine), quoteEpic(mine), onrampPurchaseEpic(mine)]
  return (action$, state$, deps) => merge(...epics.map((epic) => epic(action$, state$, deps)))
}
