import { catchError, EMPTY, map, of, switchMap, take, type Observable } from 'rxjs'
import { z } from 'zod'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { fromAbortable } from '../../api/fromAbortable.js'
import { retryTransient } from '../../api/retryTransient.js'
import { API_REQUEST_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { toErrorInfo } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/** The body of `GET /getAnalyticsConfig` (SPEC 7). */
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })

/**
 * At start, when analytics is on: asks the project's own switch (`GET /getAnalyticsConfig`,
 * SPEC 7). Off there turns analytics off for this page (nothing more is sent to `POST /e`); a
 * failed, malformed or hanging (one request timeout) answer keeps the local setting. Nothing is
 * asked when analytics is off, there is no project id, or on a server.
 */
export const analyticsConfigEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('app/started'),
    take(1),
    switchMap((): Observable<Action> => {
      const { options, app } = state$.value
      if (!options.projectId || !options.features.analytics || app.environment.ssr) return EMPTY
      const params = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion }
      return fromAbortable((signal) => deps.http.api.get({ path: '/getAnalyticsConfig', params, schema: analyticsConfigSchema, signal })).pipe(
        retryTransient({ scheduler: deps.scheduler, withinMs: API_REQUEST_TIMEOUT_MS }),
        map((config): Action => ({ type: 'options/analyticsConfigLoaded', enabled: config.isAnalyticsEnabled })),
        catchError((error: unknown) => of<Action>({ type: 'options/analyticsConfigFailed', error: toErrorInfo(error) })),
      )
    }),
  )
