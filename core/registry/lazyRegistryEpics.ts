import type { Subscription } from 'rxjs'
// Deep rxjs entry points, not the barrel: this module is on the start-up path (see core/store/lazyEpic.ts).
import { Observable } from 'rxjs/internal/Observable'
import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { createActionRouter, type ActionRouter } from '../store/actionRouter.js'
import { lazyEpic } from '../store/lazyEpic.js'
import type { Epic } from '../store/types.js'
import type { REGISTRY_EPIC_NAMES } from './registryEpics.js'

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>
type Name = (typeof REGISTRY_EPIC_NAMES)[number]
const NAMES: readonly Name[] = ['registryLists', 'registryPages', 'registrySearch', 'registryPreload']

/**
 * Starts `epic` only at the first action of one of the `triggers` types, handing it that action
 * and the ones after it. Until then the registry is not asked, so a page whose visitor never opens the modal
 * never calls it (the code itself comes with the modal's chunk at idle, see react/modal/Modal.tsx).
 * @example startOn(['modal/openRequested'], lazyEpic(() => import('./x.js').then((m) => m.xEpic)))
 */
export function startOn(triggers: readonly Action['type'][], epic: AirlockEpic): AirlockEpic {
  return (action$, state$, deps) =>
    new Observable<Action>((subscriber) => {
      // A router, not a Subject: no Subject class on the page's start-up path (issue 12).
      let source: ActionRouter<Action> | undefined
      let inner: Subscription | undefined
      const actions = action$.subscribe({
        next: (action) => {
          if (!source && triggers.includes(action.type)) {
            source = createActionRouter<Action>()
            inner = epic(source.actions, state$, deps).subscribe(subscriber)
          }
          source?.emit(action)
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => (source ? source.complete() : subscriber.complete()),
      })
      return () => {
        actions.unsubscribe()
        inner?.unsubscribe()
      }
    })
}

/** One dynamic import for all four, fetched when the modal first opens. */
const load = () => import('./registryEpics.js')

/** The modal's first open, or a headless wallet list (`useWalletList`) mounting. */
const TRIGGERS: readonly Action['type'][] = ['modal/openRequested', 'registry/loadRequested']

/**
 * The registry epics for `createAirlock`: their code and their first request wait for the first
 * `modal/openRequested` or `registry/loadRequested` (start-up stays quiet), then actions flow to them in order.
 * @example createStore({ …, epics: { ...lazyRegistryEpics } })
 */
export const lazyRegistryEpics: Readonly<Record<Name, AirlockEpic>> = Object.fromEntries(
  NAMES.map((name) => [name, startOn(TRIGGERS, lazyEpic(() => load().then((m) => m.registryEpics[name])))]),
) as Record<Name, AirlockEpic>
