import { catchError, defer, map, of, switchMap, take } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/**
 * Reads storage once at start. The values are validated by the storage layer;
 * if reading fails altogether the app boots disconnected from an empty store,
 * never stuck waiting.
 */
export const hydrateEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, _state$, deps) =>
  action$.pipe(
    ofType('app/started'),
    take(1),
    switchMap(() =>
      defer(() => deps.storage.load()).pipe(
        map(({ values, backend }): Action => ({ type: 'storage/hydrated', values, backend })),
        catchError(() => of<Action>({ type: 'storage/hydrated', values: {}, backend: 'memory' })),
      ),
    ),
  )
