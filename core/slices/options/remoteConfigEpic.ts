import { catchError, concat, defer, from, of, switchMap, take, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { fromAbortable } from '../../api/fromAbortable.js'
import { retryTransient } from '../../api/retryTransient.js'
import { API_REQUEST_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { toErrorInfo } from '../../errors/BaseError.js'
import { alertFor, alertForServerMessage } from '../../errors/alerts.js'
import { HttpError } from '../../api/errors.js'
import { applyRemoteFeatures, remoteConfigSchema } from '../../options/remoteFeatures.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/**
 * At start: raise the project-id alert, or fetch the remote project config
 * (SPEC 1/7). Remote features override local ones; explicitly set local
 * ones that were overridden raise the "Local configuration ignored" warning.
 * A failed fetch keeps the local features. The fetch and its retries end within one request
 * timeout (`API_REQUEST_TIMEOUT_MS`): `ready()` waits for this epic, never on a hanging service.
 */
export const remoteConfigEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  action$.pipe(
    ofType('app/started'),
    take(1),
    switchMap((): Observable<Action> => {
      const { options } = state$.value
      if (!options.projectId) return of({ type: 'alerts/raised', alert: alertFor('PROJECT_ID_NOT_CONFIGURED') })
      const params = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion }
      const request$ = fromAbortable((signal) => deps.http.api.get({ path: '/appkit/v1/config', params, schema: remoteConfigSchema, signal })).pipe(
        retryTransient({ scheduler: deps.scheduler, withinMs: API_REQUEST_TIMEOUT_MS }),
        switchMap((config) => {
          const { features, ignoredLocal } = applyRemoteFeatures(config, options.localFeatureKeys)
          const loaded: Action = { type: 'options/remoteConfigLoaded', features, ignoredLocal }
          if (ignoredLocal.length === 0) return of(loaded)
          const message = `Your local configuration for ${ignoredLocal.map((key) => `"features.${key}"`).join(', ')} was ignored because a remote configuration was fetched. Manage these features in the project configuration.`
          // The warning lands first, so whoever waits for `initialized` already sees it.
          return of({ type: 'alerts/raised', alert: alertFor('LOCAL_CONFIGURATION_IGNORED', message) } as Action, loaded)
        }),
        catchError((error) => from(failureActions(error))),
      )
      return concat(of<Action>({ type: 'options/remoteConfigRequested' }), defer(() => request$))
    }),
  )

/** A failed fetch keeps local features; a known server message (SPEC 8) also raises its alert. */
function failureActions(error: unknown): Action[] {
  const actions: Action[] = [{ type: 'options/remoteConfigFailed', error: toErrorInfo(error) }]
  const code = error instanceof HttpError && error.body ? alertForServerMessage(error.body) : null
  if (code) actions.unshift({ type: 'alerts/raised', alert: alertFor(code) })
  return actions
}
