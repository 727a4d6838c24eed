import { catchError, filter, from, of, switchMap, take, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { fromAbortable } from '../../api/fromAbortable.js'
import { retryTransient } from '../../api/retryTransient.js'
import { API_REQUEST_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { toErrorInfo } from '../../errors/BaseError.js'
import { alertFor } from '../../errors/alerts.js'
import { isOriginAllowed } from '../../options/origins.js'
import { allowedOriginsSchema } from '../../options/remoteFeatures.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { remoteConfigSettled } from './remoteConfigSettled.js'

// Its own module so `initEpic` (loaded at start) does not pull this epic's code along.
export { remoteConfigSettled }

/**
 * SPEC 6: when email or social login is on (after the remote config has
 * settled), the page origin must match the project's allowed origins or the
 * default list. A mismatch raises "Invalid App Configuration"; a failed fetch
 * raises "Project ID Not Configured", also when it hangs for one request timeout.
 */
export const originCheckEpic: Epic<Action, AirlockState, AirlockDeps> = (_action$, state$, deps) =>
  state$.pipe(
    filter(remoteConfigSettled),
    take(1),
    switchMap((state): Observable<Action> => {
      const { options, app } = state
      if (!options.features.email && !options.features.socials) return of({ type: 'options/originCheckSkipped', reason: 'noEmbeddedLogin' })
      const origin = app.environment.origin
      if (!origin) return of({ type: 'options/originCheckSkipped', reason: 'noOrigin' })
      if (!options.projectId) return of({ type: 'options/originCheckSkipped', reason: 'noProjectId' })
      // Explicit host or default origins need no round trip.
      if (isOriginAllowed(origin, options.allowedOrigins)) return of({ type: 'options/originChecked', origin, allowed: true })
      return fromAbortable((signal) =>
        deps.http.api.get({ path: '/projects/v1/origins', params: { projectId: options.projectId }, schema: allowedOriginsSchema, signal }),
      ).pipe(
        retryTransient({ scheduler: deps.scheduler, withinMs: API_REQUEST_TIMEOUT_MS }),
        switchMap(({ allowedOrigins }): Observable<Action> => {
          const allowed = isOriginAllowed(origin, [...options.allowedOrigins, ...allowedOrigins])
          const checked: Action = { type: 'options/originChecked', origin, allowed }
          if (allowed) return of(checked)
          const message = `Origin ${origin} is not on the allowed origins of this project. Add it to the project configuration.`
          return of(checked, { type: 'alerts/raised', alert: alertFor('INVALID_APP_CONFIGURATION', message) } as Action)
        }),
        catchError((error) =>
          from<Action[]>([
            { type: 'options/originCheckFailed', error: toErrorInfo(error) },
            { type: 'alerts/raised', alert: alertFor('PROJECT_ID_NOT_CONFIGURED') },
          ]),
        ),
      )
    }),
  )
