import { filter, map, take } from 'rxjs'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { remoteConfigSettled } from '../options/remoteConfigSettled.js'

/** `app/initialized` once storage is hydrated and the remote config has settled. */
export const initEpic: Epic<Action, AirlockState, AirlockDeps> = (_action$, state$) =>
  state$.pipe(
    filter((state) => state.app.storage.hydrated && remoteConfigSettled(state)),
    take(1),
    map((): Action => ({ type: 'app/initialized' })),
  )
