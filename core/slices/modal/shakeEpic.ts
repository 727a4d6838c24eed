import type { Action } from '../../actions/types.js'
import { SHAKE_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import { restartingTimer } from '../../store/restartingTimer.js'
import type { Epic } from '../../store/types.js'

/**
 * Ends a shake after SPEC's 500 ms; a new shake restarts the clock.
 * @example store.dispatch({ type: 'modal/shakeRequested' }) // modal/shakeEnded 500 ms later
 */
export const shakeEpic =
  (shakeMs = SHAKE_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, _state$, { scheduler }) =>
    action$.pipe(
      ofType('modal/shakeRequested', 'modal/closeRequested'),
      restartingTimer<Action, Action>((action) => (action.type === 'modal/shakeRequested' ? { dueMs: shakeMs, value: { type: 'modal/shakeEnded' } } : 'cancel'), scheduler),
    )
