import { Subject } from 'rxjs'
import { describe, expect, test } from 'vitest'
import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import type { StateObservable } from '../store/types.js'
import { lazyRegistryEpics, startOn } from './lazyRegistryEpics.js'

describe('startOn', () => {
  test('default: the inner epic starts at the first trigger and sees it and what follows, nothing before', () => {
    const action$ = new Subject<Action>()
    const seen: string[] = []
    let starts = 0
    const epic = startOn(['modal/openRequested'], (inner$) => {
      starts += 1
      inner$.subscribe((a) => seen.push(a.type))
      return new Subject<Action>()
    })
    const sub = epic(action$, {} as StateObservable<AirlockState>, {} as AirlockDeps).subscribe()
    action$.next({ type: 'app/initialized' })
    expect(starts).toBe(0)
    action$.next({ type: 'modal/openRequested' })
    action$.next({ type: 'registry/nextPageRequested' })
    action$.next({ type: 'modal/openRequested' })
    expect(starts).toBe(1)
    expect(seen).toEqual(['modal/openRequested', 'registry/nextPageRequested', 'modal/openRequested'])
    sub.unsubscribe()
    action$.next({ type: 'registry/nextPageRequested' })
    expect(seen).toHaveLength(3)
  })

  test('behavior: without a trigger the source completing completes it, unstarted', () => {
    const action$ = new Subject<Action>()
    let completed = false
    let starts = 0
    startOn(['modal/openRequested'], () => {
      starts += 1
      return new Subject<Action>()
    })(action$, {} as StateObservable<AirlockState>, {} as AirlockDeps).subscribe({ complete: () => (completed = true) })
    action$.complete()
    expect(completed).toBe(true)
    expect(starts).toBe(0)
  })

  test('behavior: any of the triggers starts it once; a headless list (registry/loadRequested) starts the registry epics as an open does', () => {
    const action$ = new Subject<Action>()
    let starts = 0
    const epic = startOn(['modal/openRequested', 'registry/loadRequested'], () => {
      starts += 1
      return new Subject<Action>()
    })
    const sub = epic(action$, {} as StateObservable<AirlockState>, {} as AirlockDeps).subscribe()
    action$.next({ type: 'registry/searchRequested', query: 'x' })
    expect(starts).toBe(0)
    action$.next({ type: 'registry/loadRequested' })
    action$.next({ type: 'modal/openRequested' })
    expect(starts).toBe(1)
    sub.unsubscribe()
    expect(Object.keys(lazyRegistryEpics)).toEqual(['registryLists', 'registryPages', 'registrySearch', 'registryPreload'])
  })
})
