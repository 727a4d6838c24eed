import { afterEach, describe, expect, test, vi } from 'vitest'
import { mainnet } from '../core/index.js'
import type { AirlockState } from '../core/state.js'
import { createTestAirlock, type TestAirlock } from '../testing/index.js'
import { createTimeTravel } from './createTimeTravel.js'

const started: TestAirlock[] = []
afterEach(() => {
  for (const t of started.splice(0)) t.destroy()
})
async function setup() {
  const test = await createTestAirlock({ networks: [mainnet] })
  started.push(test)
  const timeTravel = createTimeTravel(test.airlock)
  const seen: AirlockState[] = []
  timeTravel.airlock.state$.subscribe((state) => seen.push(state))
  return { ...test, timeTravel, facade: timeTravel.airlock, seen }
}
/** A state that differs from the live one where the UI looks. */
const pastOf = (state: AirlockState): AirlockState => ({ ...state, modal: { ...state.modal, open: true } })

describe('createTimeTravel', () => {
  test('behavior: unpinned, the facade is the live Airlock', async () => {
    const { airlock, facade, timeTravel, seen } = await setup()
    expect(timeTravel.pinned).toBeNull()
    expect(facade.getState()).toBe(airlock.getState())
    expect(facade.state$.value).toBe(airlock.getState())
    facade.open()
    expect(airlock.getState().modal.open).toBe(true)
    facade.close()
    expect(airlock.getState().modal.open).toBe(false)
    facade.dispatch({ type: 'modal/openRequested' })
    expect(airlock.getState().modal.open).toBe(true)
    expect(seen.at(-1)).toBe(airlock.getState())
    expect(seen.length).toBeGreaterThanOrEqual(4)
    for (const key of ['initialState', 'action$', 'log', 'siwx', 'deps'] as const) expect(facade[key]).toBe(airlock[key])
    await expect(facade.ready()).resolves.toBe(airlock.getState())
  })

  test('behavior: getProvider and destroy are the live ones while nothing is pinned', async () => {
    const { airlock, facade } = await setup()
    const provider = { request: vi.fn() }
    const getProvider = vi.spyOn(airlock, 'getProvider').mockReturnValue(provider)
    expect(facade.getProvider('eip155')).toBe(provider)
    expect(getProvider).toHaveBeenCalledWith('eip155')
    const destroy = vi.spyOn(airlock, 'destroy')
    facade.destroy()
    expect(destroy).toHaveBeenCalledTimes(1)
  })

  test('behavior: pinned, getState, state$ and its value give the pinned state; unpinned, the live one again', async () => {
    const { airlock, facade, timeTravel, seen } = await setup()
    const past = pastOf(airlock.getState())
    timeTravel.pin(past)
    expect(timeTravel.pinned).toBe(past)
    expect(facade.getState()).toBe(past)
    expect(facade.state$.value).toBe(past)
    expect(seen.at(-1)).toBe(past)
    const late: AirlockState[] = []
    facade.state$.subscribe((state) => late.push(state)).unsubscribe()
    expect(late).toEqual([past])
    timeTravel.pin(null)
    expect(facade.getState()).toBe(airlock.getState())
    expect(facade.state$.value).toBe(airlock.getState())
    expect(seen.at(-1)).toBe(airlock.getState())
  })

  test('behavior: pinned, the facade cannot act (dispatch, open, close, getProvider) while the live store keeps running', async () => {
    const { airlock, facade, timeTravel, seen } = await setup()
    const getProvider = vi.spyOn(airlock, 'getProvider').mockReturnValue({ request: vi.fn() })
    const past = pastOf(airlock.getState())
    timeTravel.pin(past)
    const logged = airlock.log.size
    facade.open()
    facade.dispatch({ type: 'modal/openRequested' })
    expect(airlock.log.size).toBe(logged)
    expect(airlock.getState().modal.open).toBe(false)
    expect(facade.getProvider()).toBeUndefined()
    expect(getProvider).not.toHaveBeenCalled()

    airlock.open()
    expect(airlock.log.size).toBeGreaterThan(logged)
    expect(airlock.getState().modal.open).toBe(true)
    facade.close()
    expect(airlock.getState().modal.open).toBe(true)
    expect(facade.getState()).toBe(past)
    expect(seen.at(-1)).toBe(past)
  })

  test('behavior: destroy goes live for good; the facade stays the live Airlock', async () => {
    const { airlock, facade, timeTravel, seen } = await setup()
    timeTravel.pin(pastOf(airlock.getState()))
    timeTravel.destroy()
    expect(timeTravel.pinned).toBeNull()
    expect(seen.at(-1)).toBe(airlock.getState())
    timeTravel.pin(pastOf(airlock.getState()))
    expect(timeTravel.pinned).toBeNull()
    expect(facade.getState()).toBe(airlock.getState())
    facade.open()
    expect(airlock.getState().modal.open).toBe(true)
    expect(seen.at(-1)).toBe(airlock.getState())
  })
})
