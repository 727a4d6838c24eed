import { describe, expect, test } from 'vitest'
import { base } from '../core/chains/networks.js'
import { createInitialState } from '../core/createInitialState.js'
import { resolveOptions } from '../core/options/resolveOptions.js'
import { rootReducer } from '../core/rootReducer.js'
import type { AirlockState } from '../core/state.js'
import { createReadOnlyAirlock, READ_ONLY_PREVIEW } from './createReadOnlyAirlock.js'

const initial = createInitialState(resolveOptions({ networks: [base] }).options)

describe('createReadOnlyAirlock', () => {
  test('behavior: shows the state it is given, and the next one to every subscriber', () => {
    const preview = createReadOnlyAirlock(initial)
    const seen: AirlockState[] = []
    preview.state$.subscribe((state) => seen.push(state))
    const opened = rootReducer(initial, { type: 'modal/openRequested' })
    preview.show(opened)
    expect(seen).toEqual([initial, opened])
    expect(preview.getState()).toBe(opened)
    expect(preview.state$.value).toBe(opened)
    expect(preview.initialState).toBe(initial)
  })

  test('behavior: read-only: dispatch, open and close change nothing; no wallet, no log, no request leaves', async () => {
    const preview = createReadOnlyAirlock(initial)
    preview.dispatch({ type: 'modal/openRequested' })
    preview.open()
    preview.close()
    expect(preview.getState()).toBe(initial)
    expect(preview.getProvider('eip155')).toBeUndefined()
    expect(preview.log.entries()).toEqual([])
    const error = (await preview.deps.http.api.get({ path: '/anything' } as never).catch((e: unknown) => e)) as Error
    expect(error.message).toContain('Network request failed')
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error.cause as Error | undefined)?.message)).toContain(READ_ONLY_PREVIEW)
    expect(await preview.ready()).toBe(initial)
  })

  test('behavior: destroy completes the state stream', () => {
    const preview = createReadOnlyAirlock(initial)
    let completed = false
    preview.state$.subscribe({ complete: () => void (completed = true) })
    preview.destroy()
    expect(completed).toBe(true)
  })
})
