import { catchError, defer, EMPTY, filter, finalize, from, ignoreElements, map, mergeMap, subscribeOn, tap, type Observable } from 'rxjs'
import type { Action } from '../core/actions/types.js'
import { fromAbortable } from '../core/api/fromAbortable.js'
import { HttpError } from '../core/api/errors.js'
import { TELEMETRY_ERROR_CAP, TELEMETRY_ERROR_WINDOW_MS } from '../core/constants/timing.js'
import type { AirlockDeps } from '../core/deps.js'
import { alertFor } from '../core/errors/alerts.js'
import { toErrorInfo } from '../core/errors/BaseError.js'
import type { AirlockState } from '../core/state.js'
import type { Epic } from '../core/store/types.js'
import { capErrors } from './errorCap.js'
import { domainOf, sanitizePageUrl } from './pageUrl.js'
import { toAnalyticsEvent, type AnalyticsEvent } from './toAnalyticsEvent.js'

/** POSTs in flight at once, so a slow collector cannot pile up requests... */
export const MAX_CONCURRENT_SENDS = 2
/** ...and events accepted (in flight plus waiting); newer ones are dropped while it is full. */
export const MAX_PENDING_SENDS = 20

/** The body of `POST /e` (SPEC 7). */
export interface AnalyticsBody {
  eventId: string
  /** Origin + path of the page, never query or hash; '' when unknown. */
  url: string
  domain: string
  timestamp: number
  props: AnalyticsEvent['props']
}

/** An event with what was true when it happened. */
interface Stamped {
  readonly event: AnalyticsEvent
  readonly timestamp: number
  readonly href: string | null | undefined
}

/**
 * Whether anything may be sent now: analytics on, a project id, and a browser page.
 * @example canSendAnalytics(store.getState()) // false while rendering on a server
 */
export function canSendAnalytics(state: AirlockState): boolean {
  return state.options.features.analytics && Boolean(state.options.projectId) && !state.app.environment.ssr
}

/**
 * Sends the analytics event of every action to `POST /e`, at most 5 errors a minute, and
 * nothing at all while `canSendAnalytics` is false. Failures become `telemetry/sendFailed`.
 * @example createStore({ reducer: rootReducer, epics: { telemetry: telemetryEpic }, deps, initialState })
 */
export const telemetryEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  defer(() => {
    // Epics see an action after the reducer ran, so the state before it is the one seen last time.
    let before = state$.value
    let pending = 0
    // A 403 means this origin is not allowed (SPEC 6): every later send would fail the same way.
    let forbidden = false

    /** What must be read when the event happens: its time, and the page it happened on. */
    const stamp = (event: AnalyticsEvent): Stamped => ({
      event,
      timestamp: deps.scheduler.now(),
      // The live location follows client-side navigation; the state only knows the first page.
      href: deps.window?.location.href ?? state$.value.app.environment.pageUrl,
    })

    const toBody = ({ event, timestamp, href }: Stamped): AnalyticsBody => {
      const url = sanitizePageUrl(href)
      return { eventId: deps.id(), url: url ?? '', domain: domainOf(url) ?? '', timestamp, props: event.props }
    }

    const failed = (error: unknown): Action[] => {
      const actions: Action[] = [{ type: 'telemetry/sendFailed', error: toErrorInfo(error) }]
      if (error instanceof HttpError && error.status === 403 && !forbidden) {
        forbidden = true
        if (!state$.value.alerts.some((alert) => alert.code === 'INVALID_APP_CONFIGURATION')) {
          actions.push({ type: 'alerts/raised', alert: alertFor('INVALID_APP_CONFIGURATION') })
        }
      }
      return actions
    }

    const send = (body: AnalyticsBody): Observable<Action> =>
      defer(() => {
        // Checked again here: the host may turn analytics off while this event waited.
        const state = state$.value
        if (forbidden || !canSendAnalytics(state)) return EMPTY
        const { projectId, sdkType, sdkVersion } = state.options
        const params = { projectId, st: sdkType, sv: sdkVersion }
        // fromAbortable: tearing the epic down aborts the request instead of leaking it.
        return fromAbortable((signal) => deps.http.analytics.post({ path: '/e', params, body, signal })).pipe(
          ignoreElements(),
          catchError((error: unknown) => from(failed(error))),
        )
      }).pipe(
        finalize(() => {
          pending -= 1
        }),
      )

    return action$.pipe(
      map((action) => {
        const after = state$.value
        const event = toAnalyticsEvent(action, before, after)
        before = after
        return event
      }),
      filter((event): event is AnalyticsEvent => event !== null && !forbidden && canSendAnalytics(state$.value)),
      filter(() => pending < MAX_PENDING_SENDS),
      // After the queue check, so an error dropped for a full queue does not spend the budget.
      capErrors<AnalyticsEvent>(TELEMETRY_ERROR_CAP, TELEMETRY_ERROR_WINDOW_MS, deps.scheduler),
      tap(() => {
        pending += 1
      }),
      // Time and page are taken when the event happens, not when a slow collector gets to it.
      map(stamp),
      // The rest waits for the scheduler's next turn (a task of its own in a browser): the body,
      // its id and the request took about 1.1 ms of the click that opens the modal, all before
      // React could draw it (issue 12); nothing drawn depends on them.
      mergeMap((stamped) => defer(() => send(toBody(stamped))).pipe(subscribeOn(deps.scheduler)), MAX_CONCURRENT_SENDS),
    )
  })
