import { describe, expect, test } from 'vitest'
import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { createActionRouter, type Attach } from '../store/actionRouter.js'
import { RoutedActions } from '../store/actionRouter.js'
import type { StateObservable } from '../store/types.js'
import { lazyRegistryEpics } from './lazyRegistryEpics.js'

describe('lazyRegistryEpics', () => {
  test('default: the four registry epics, each asking the store only for the modal opening or a headless list until one comes', () => {
    const router = createActionRouter<Action>()
    const asked: (readonly string[] | null)[] = []
    const attach: Attach<Action> = (types, subscriber, rank) => {
      asked.push(types)
      return router.actions.connect(types, subscriber, rank)
    }
    const action$ = new RoutedActions<Action>(attach)
    const subs = Object.values(lazyRegistryEpics).map((epic) => epic(action$, {} as StateObservable<AirlockState>, {} as AirlockDeps).subscribe())
    expect(Object.keys(lazyRegistryEpics)).toEqual(['registryLists', 'registryPages', 'registrySearch', 'registryPreload'])
    expect(asked).toEqual(Array(4).fill(['modal/openRequested', 'registry/loadRequested']))
    for (const sub of subs) sub.unsubscribe()
  })
})
