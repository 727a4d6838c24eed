import { concat, EMPTY, map, merge, mergeMap, of, switchMap, take, timer, type Observable } from 'rxjs'
import type { Action } from '../../actions/types.js'
import { ofType } from '../../store/ofType.js'
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { readCooldownStart } from '../../../storage/readCooldownStart.js'
import { readAuthItem } from './authStorage.js'

const SECOND = 1000

/** `cooldownTicked` with the whole seconds left, now and at each second boundary down to 0. */
export function countdown(remainingMs: number, deps: Pick<AirlockDeps, 'scheduler'>): Observable<Action> {
  const seconds = Math.ceil(remainingMs / SECOND)
  if (seconds <= 0) return of({ type: 'auth/cooldownTicked', seconds: 0 })
  const first = remainingMs - (seconds - 1) * SECOND
  return concat(
    of<Action>({ type: 'auth/cooldownTicked', seconds }),
    timer(first, SECOND, deps.scheduler).pipe(
      take(seconds),
      map((i): Action => ({ type: 'auth/cooldownTicked', seconds: seconds - 1 - i })),
    ),
  )
}

/**
 * The email-login cooldown (SPEC 5, 9: one code per 30 s, 'Please try again after N seconds'):
 * counts `cooldownSeconds` down on the scheduler from each `auth/cooldownStarted`, and at start
 * restores a cooldown from the persisted last-email-login time (garbage fails closed: a full
 * cooldown from now). A successful login ends it (SPEC 4).
 * @example createStore({ …, epics: { cooldown: cooldownEpic() } })
 */
export const cooldownEpic =
  (cooldownMs = EMAIL_LOGIN_COOLDOWN_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, _state$, deps) => {
    const restored$ = action$.pipe(
      ofType('app/started'),
      take(1),
      switchMap(() => readAuthItem(deps.storage, 'walletLastEmailLoginTime')),
      mergeMap((stored): Observable<Action> => {
        const now = deps.scheduler.now()
        const start = readCooldownStart(stored, now)
        return start === null || now - start >= cooldownMs ? EMPTY : of({ type: 'auth/cooldownStarted', until: start + cooldownMs })
      }),
    )
    const ticks$ = action$.pipe(
      ofType('auth/cooldownStarted', 'auth/userLoaded'),
      switchMap((action) => (action.type === 'auth/userLoaded' ? EMPTY : countdown(action.until - deps.scheduler.now(), deps))),
    )
    return merge(restored$, ticks$)
  }
