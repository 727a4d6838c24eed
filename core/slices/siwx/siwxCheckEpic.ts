import { catchError, concat, defer, distinctUntilChanged, EMPTY, filter, from, map, merge, mergeMap, of, switchMap, type Observable } from 'rxjs'
import { z } from 'zod'
import type { Action, SiwxSessionInfo } from '../../actions/types.js'
import { parseCaipAddress } from '../../chains/caip.js'
import type { CaipAddress, CaipNetworkId } from '../../chains/types.js'
import type { AirlockDeps } from '../../deps.js'
import { ofType } from '../../store/ofType.js'
import { BaseError } from '../../errors/BaseError.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { selectSiwxAccount } from './selectors.js'
import { causeOf } from './signFailedActions.js'
import { SIWX_ERRORS } from './siwxErrors.js'

/** What state keeps of a session from the config: bounded metadata, validated (the config is host code). */
const sessionsSchema = z
  .array(z.object({ data: z.object({ issuedAt: z.string().max(64).optional(), expirationTime: z.string().max(64).optional() }).passthrough() }).passthrough())
  .max(100)

/**
 * SPEC 4 steps 1-2 and the initialization rule: whenever the active, confirmed account changes
 * (connect, reconnect after reload, another account or chain), ask the config for its sessions;
 * none opens SIWXSignMessage. A newer account cancels an older check. Failure disconnects,
 * resets to Connect and shows 'A problem occurred while trying initialize authentication'.
 * Another tab's sign-in of the same account (`siwx/otherTabSignedIn`) checks again: a session
 * found closes the sign-in prompt here, none leaves things as they were (no second prompt).
 * @example createStore({ …, epics: { siwxCheck: siwxCheckEpic } })
 */
export const siwxCheckEpic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) =>
  merge(
    // Read after each action (the reducer has run by then), so the check follows the facts in order.
    action$.pipe(
      map(() => selectSiwxAccount(state$.value)),
      distinctUntilChanged(),
      map((caipAddress) => ({ caipAddress, fromTab: false })),
    ),
    action$.pipe(
      ofType('siwx/otherTabSignedIn'),
      filter((action) => action.caipAddress === selectSiwxAccount(state$.value)),
      map(({ caipAddress }) => ({ caipAddress, fromTab: true })),
    ),
  ).pipe(
    switchMap(({ caipAddress, fromTab }): Observable<Action> => {
      const config = deps.siwx
      if (!caipAddress || !config) return EMPTY
      const { chainNamespace, chainId, address } = parseCaipAddress(caipAddress)
      return concat(
        of<Action>({ type: 'siwx/checkStarted', caipAddress }),
        defer(() => config.getSessions(`${chainNamespace}:${chainId}` as CaipNetworkId, address)).pipe(
          mergeMap((sessions): Action[] => {
            const infos = toSessionInfos(sessions, caipAddress)
            const checked: Action = { type: 'siwx/sessionsChecked', caipAddress, required: Boolean(config.getRequired()), sessions: infos }
            if (fromTab) return infos.length > 0 && state$.value.modal.open && state$.value.router.view === 'SIWXSignMessage' ? [checked, { type: 'modal/closeRequested' }] : [checked]
            return infos.length > 0 ? [checked] : [checked, { type: 'modal/openRequested', view: 'SIWXSignMessage' }]
          }),
          catchError((error: unknown) =>
            from<Action[]>([
              { type: 'siwx/checkFailed', caipAddress, error: { message: SIWX_ERRORS.initFailed }, cause: causeOf(error) },
              { type: 'connection/disconnectRequested', namespace: chainNamespace },
              { type: 'router/resetRequested', view: 'Connect' },
              { type: 'notifications/showRequested', notification: { id: deps.id(), variant: 'error', message: SIWX_ERRORS.initFailed } },
            ]),
          ),
        ),
      )
    }),
  )

function toSessionInfos(sessions: unknown, caipAddress: CaipAddress): SiwxSessionInfo[] {
  const parsed = sessionsSchema.safeParse(sessions)
  if (!parsed.success) throw new BaseError('getSessions returned something other than a list of sessions')
  return parsed.data.map(({ data }) => ({
    caipAddress,
    ...(data.issuedAt === undefined ? {} : { issuedAt: data.issuedAt }),
    ...(data.expirationTime === undefined ? {} : { expirationTime: data.expirationTime }),
  }))
}
