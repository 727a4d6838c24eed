import { filter, map, switchMap, timer } from 'rxjs'
import { ofType, type Action } from '../../actions/types.js'
import { SHAKE_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'

/**
 * Ends a shake after SPEC's 500 ms; a new shake restarts the clock.
 * @example store.dispatch({ type: 'modal/shakeRequested' }) // modal/shakeEnded 500 ms later
 */
export const shakeEpic =
  (shakeMs = SHAKE_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, _state$, { scheduler }) =>
    action$.pipe(
      filter(ofType('modal/shakeRequested', 'modal/closeRequested')),
      switchMap((action) =>
        action.type === 'modal/shakeRequested'
          ? timer(shakeMs, scheduler).pipe(map((): Action => ({ type: 'modal/shakeEnded' })))
          : [],
      ),
    )
