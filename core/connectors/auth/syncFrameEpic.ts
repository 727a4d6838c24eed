import { filter, merge, mergeMap, switchMap, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import { appMessage, frameRequest, type AppPayload } from '../../frame/index.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/** Bounded to what the frame accepts (SPEC 3 schemas), so a long app name can never make it drop the message. */
const cut = (value: string, max: number) => value.slice(0, max)

/** SYNC_DAPP_DATA: who the frame works for (SPEC 3: metadata, sdkVersion, sdkType, projectId). */
export function dappData(state: AirlockState): AppPayload<'SYNC_DAPP_DATA'> {
  const { metadata, sdkType, sdkVersion, projectId } = state.options
  const url = metadata.url ?? state.app.environment.origin ?? ''
  return {
    ...(metadata.name ? { metadata: { name: cut(metadata.name, 256), description: cut(metadata.description ?? '', 1024), url: cut(url, 2048), icons: (metadata.icons ?? []).slice(0, 8).map((icon) => cut(icon, 2048)) } } : {}),
    sdkVersion: cut(sdkVersion, 256),
    sdkType: cut(sdkType, 256),
    projectId: cut(projectId ?? '', 256),
  }
}

/** SYNC_THEME: the modal's theme, so the frame's own screens (approvals inside it) match. */
export function themeData(state: AirlockState): AppPayload<'SYNC_THEME'> {
  const variables = Object.entries(state.theme.variables).filter(([, value]) => typeof value === 'number' || value.length <= 256)
  // `system` (or none): the frame follows the device itself, as the modal does.
  const mode = state.theme.mode
  return { ...(mode === 'light' || mode === 'dark' ? { themeMode: mode } : {}), themeVariables: Object.fromEntries(variables) }
}

/**
 * Keeps the secure frame in step with the page (SPEC 3): once it is ready, it gets the dapp data
 * and the theme; later theme changes follow while it is ready. Nobody waits for these replies
 * (SPEC 9: no timeout), and a failure changes nothing for the visitor.
 * @example createStore({ …, epics: { syncFrame: syncFrameEpic } })
 */
export const syncFrameEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => {
  const ready$ = action$.pipe(ofType('frame/ready'))
  const dapp$ = ready$.pipe(mergeMap((): Observable<Action> => frameRequest(action$, deps, appMessage('SYNC_DAPP_DATA', dappData(state$.value)), () => [])))
  const themeChanged$ = action$.pipe(
    ofType('theme/modeChanged', 'theme/variablesChanged'),
    filter(() => state$.value.frame.status === 'ready'),
  )
  // The latest theme wins: a newer change stops waiting for the older reply.
  const theme$ = merge(ready$, themeChanged$).pipe(switchMap((): Observable<Action> => frameRequest(action$, deps, appMessage('SYNC_THEME', themeData(state$.value)), () => [])))
  return merge(dapp$, theme$)
}
