import { afterEach, describe, expect, test } from 'vitest'
import { mainnet, REDACTED } from '../core/index.js'
import type { AirlockState } from '../core/state.js'
import { redact } from '../core/store/redact.js'
import { createTestAirlock, type TestAirlock } from '../testing/index.js'
import { connectDevtools, DEFAULT_MAX_AGE, type ReduxDevtoolsConnectOptions, type ReduxDevtoolsExtension } from './connectDevtools.js'

/** The extension cannot run here: a stand-in that records what Airlock sends and delivers monitor messages. */
function fakeExtension() {
  const calls = { connect: [] as ReduxDevtoolsConnectOptions[], init: [] as unknown[], send: [] as [unknown, unknown][], errors: [] as string[], unsubscribed: 0, unlistened: 0 }
  let listener: ((message: unknown) => void) | undefined
  const extension: ReduxDevtoolsExtension = {
    connect: (options) => {
      calls.connect.push(options)
      return {
        init: (state) => void calls.init.push(state),
        send: (action, state) => void calls.send.push([action, state]),
        subscribe: (fn) => {
          listener = fn
          return () => void (calls.unlistened += 1)
        },
        unsubscribe: () => void (calls.unsubscribed += 1),
        error: (message) => void calls.errors.push(message),
      }
    },
  }
  return { extension, calls, deliver: (message: unknown) => listener?.(message) }
}

const started: TestAirlock[] = []
afterEach(() => {
  for (const t of started.splice(0)) t.destroy()
})
async function setup(options: { maxAge?: number; name?: string } = {}) {
  const test = await createTestAirlock({ networks: [mainnet] })
  started.push(test)
  const fake = fakeExtension()
  const devtools = connectDevtools(test.airlock, { extension: fake.extension, ...options })
  const seen: AirlockState[] = []
  devtools.airlock.state$.subscribe((state) => seen.push(state))
  const sentTypes = () => fake.calls.send.map(([action]) => (action as { type: string } | null)?.type)
  return { ...test, ...fake, devtools, facade: devtools.airlock, seen, sentTypes }
}
const jumpToAction = (actionId: number, state: unknown) => ({ type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId }, state: JSON.stringify(state) })
const jumpToState = (index: number, state: unknown) => ({ type: 'DISPATCH', payload: { type: 'JUMP_TO_STATE', index }, state: JSON.stringify(state) })
const dispatchMessage = (payload: unknown) => ({ type: 'DISPATCH', payload })

describe('connectDevtools', () => {
  test('error: without the extension it is not connected, changes nothing and never throws', async () => {
    const { airlock } = await createTestAirlock({ networks: [mainnet] })
    try {
      expect((globalThis as { window?: unknown }).window).toBeUndefined()
      const devtools = connectDevtools(airlock)
      expect(devtools.connected).toBe(false)
      expect(devtools.airlock.getState()).toBe(airlock.getState())
      devtools.airlock.open()
      expect(airlock.getState().modal.open).toBe(true)
      expect(() => devtools.disconnect()).not.toThrow()
      expect(connectDevtools(airlock, { extension: undefined }).connected).toBe(false)
    } finally {
      airlock.destroy()
    }
  })

  test('behavior: the page’s extension is found at call time', async () => {
    const { airlock } = await createTestAirlock({ networks: [mainnet] })
    const fake = fakeExtension()
    const global = globalThis as { window?: unknown }
    global.window = { __REDUX_DEVTOOLS_EXTENSION__: fake.extension }
    try {
      const devtools = connectDevtools(airlock)
      expect(devtools.connected).toBe(true)
      expect(fake.calls.init).toHaveLength(1)
      devtools.disconnect()
      expect(devtools.connected).toBe(false)
    } finally {
      delete global.window
      airlock.destroy()
    }
  })

  test('error: an extension whose connect throws, or returns no connection, leaves it unconnected', async () => {
    const { airlock } = await createTestAirlock({ networks: [mainnet] })
    const throwing: ReduxDevtoolsExtension = {
      connect: () => {
        throw new Error('extension crashed')
      },
    }
    const empty = { connect: () => ({}) } as unknown as ReduxDevtoolsExtension
    expect(connectDevtools(airlock, { extension: throwing }).connected).toBe(false)
    expect(connectDevtools(airlock, { extension: empty }).connected).toBe(false)
    airlock.destroy()
  })

  test('behavior: init with the current state, then one send per action, in order, with the state after it', async () => {
    const { airlock, calls, devtools, sentTypes } = await setup()
    expect(devtools.connected).toBe(true)
    expect(calls.init).toEqual([redact(airlock.getState())])
    const logged = airlock.log.size
    airlock.open()
    const afterOpen = redact(airlock.getState())
    airlock.close()
    const entries = airlock.log.entries().slice(logged)
    expect(entries.map((entry) => entry.action.type)).toContain('modal/openRequested')
    expect(sentTypes()).toEqual(entries.map((entry) => entry.action.type))
    expect(calls.send.map(([action]) => action)).toEqual(entries.map((entry) => entry.action))
    expect(calls.send.find(([action]) => (action as { type: string }).type === 'modal/openRequested')?.[1]).toEqual(afterOpen)
    expect(calls.send.at(-1)?.[1]).toEqual(redact(airlock.getState()))
  })

  test('behavior: an action carrying a secret is sent redacted', async () => {
    const { airlock, calls } = await setup()
    airlock.dispatch({ type: 'auth/otpSubmitted', otp: '135790' })
    const sent = calls.send.find(([action]) => (action as { type: string }).type === 'auth/otpSubmitted')
    expect(sent?.[0]).toEqual({ type: 'auth/otpSubmitted', otp: REDACTED })
    expect(JSON.stringify(calls)).not.toContain('135790')
  })

  test('behavior: JUMP_TO_ACTION pins the state on the facade, which cannot act while the live store keeps going', async () => {
    const { airlock, calls, deliver, facade, seen } = await setup()
    airlock.open()
    const openedId = calls.send.length
    const opened = calls.send.at(-1)![1] as AirlockState
    airlock.close()
    deliver(jumpToAction(openedId, opened))
    expect(facade.getState()).toEqual(opened)
    expect(facade.getState().modal.open).toBe(true)
    expect(seen.at(-1)).toBe(facade.getState())
    expect(facade.getProvider()).toBeUndefined()

    const logged = airlock.log.size
    facade.open()
    facade.dispatch({ type: 'modal/openRequested' })
    expect(airlock.log.size).toBe(logged)
    airlock.dispatch({ type: 'modal/shakeRequested' })
    expect(airlock.log.size).toBeGreaterThan(logged)
    expect(airlock.getState().modal.shake).toBe(true)
    expect(facade.getState().modal.shake).toBe(false)
    expect(calls.send.at(-1)?.[0]).toEqual({ type: 'modal/shakeRequested' })
  })

  test('behavior: jumping to the newest action, or the newest state, goes live again', async () => {
    const { airlock, calls, deliver, facade, seen } = await setup()
    airlock.open()
    const opened = calls.send.at(-1)![1]
    airlock.close()
    const newest = calls.send.at(-1)![1]
    deliver(jumpToAction(1, opened))
    expect(facade.getState()).not.toBe(airlock.getState())
    deliver(jumpToAction(calls.send.length, newest))
    expect(facade.getState()).toBe(airlock.getState())
    expect(seen.at(-1)).toBe(airlock.getState())

    deliver(jumpToState(0, calls.init[0]))
    expect(facade.getState()).toEqual(calls.init[0])
    deliver(jumpToState(calls.send.length, newest))
    expect(facade.getState()).toBe(airlock.getState())
  })

  test('parameters: name and maxAge reach connect(); the newest index stops at maxAge - 1', async () => {
    const { airlock, calls, deliver, facade } = await setup({ name: 'Shop', maxAge: 3 })
    expect(calls.connect[0]).toMatchObject({ name: 'Shop', maxAge: 3, features: { jump: true, dispatch: false } })
    for (let i = 0; i < 4; i++) airlock.dispatch({ type: 'modal/shakeRequested' })
    expect(calls.send.length).toBeGreaterThanOrEqual(4)
    deliver(jumpToState(1, calls.init[0]))
    expect(facade.getState()).not.toBe(airlock.getState())
    deliver(jumpToState(2, calls.send.at(-1)![1]))
    expect(facade.getState()).toBe(airlock.getState())
  })

  test('parameters: defaults are the name Airlock and the extension’s maxAge; a maxAge below 2 is refused', async () => {
    const { calls, airlock } = await setup()
    expect(calls.connect[0]).toMatchObject({ name: 'Airlock', maxAge: DEFAULT_MAX_AGE })
    expect(() => connectDevtools(airlock, { extension: fakeExtension().extension, maxAge: 1 })).toThrow(RangeError)
    expect(() => connectDevtools(airlock, { extension: fakeExtension().extension, maxAge: 2.5 })).toThrow(RangeError)
  })

  test('behavior: IMPORT_STATE pins the state at currentStateIndex and shows the imported history', async () => {
    const { airlock, calls, deliver, facade } = await setup()
    const first = { ...airlock.getState(), router: { ...airlock.getState().router, view: 'Networks' } }
    const second = { ...first, modal: { ...first.modal, open: true } }
    const nextLiftedState = { computedStates: [{ state: first }, { state: second }], currentStateIndex: 0, nextActionId: 2, stagedActionIds: [0, 1] }
    deliver(dispatchMessage({ type: 'IMPORT_STATE', nextLiftedState }))
    expect(facade.getState()).toEqual(first)
    expect(calls.send.at(-1)).toEqual([null, nextLiftedState])
    // The newest imported entry is not the live state: jumping there stays pinned.
    deliver(jumpToAction(1, second))
    expect(facade.getState()).toEqual(second)
    // A live action after it is the newest again: its id follows the imported ones (nextActionId 2).
    const echoed = calls.send.length
    airlock.dispatch({ type: 'modal/shakeRequested' })
    deliver(jumpToAction(1 + calls.send.length - echoed, calls.send.at(-1)![1]))
    expect(facade.getState()).toBe(airlock.getState())
  })

  test('behavior: COMMIT, RESET and ROLLBACK start the history again from the live state, live', async () => {
    const { airlock, calls, deliver, facade } = await setup()
    for (const type of ['COMMIT', 'RESET', 'ROLLBACK']) {
      airlock.open()
      deliver(jumpToAction(0, calls.init.at(-1)))
      expect(facade.getState()).not.toBe(airlock.getState())
      const inits = calls.init.length
      deliver(dispatchMessage({ type }))
      expect(calls.init).toHaveLength(inits + 1)
      expect(calls.init.at(-1)).toEqual(redact(airlock.getState()))
      expect(facade.getState()).toBe(airlock.getState())
      airlock.close()
    }
    expect(calls.errors).toHaveLength(2)
  })

  test('behavior: PAUSE_RECORDING stops and resumes sending', async () => {
    const { airlock, deliver, sentTypes } = await setup()
    deliver(dispatchMessage({ type: 'PAUSE_RECORDING', status: true }))
    airlock.dispatch({ type: 'modal/shakeRequested' })
    expect(sentTypes()).toEqual([])
    deliver(dispatchMessage({ type: 'PAUSE_RECORDING', status: false }))
    airlock.dispatch({ type: 'modal/shakeRequested' })
    expect(sentTypes()).toEqual(['modal/shakeRequested'])
  })

  test('behavior: STOP goes live and stops sending; START inits again with the live state', async () => {
    const { airlock, calls, deliver, facade, sentTypes } = await setup()
    airlock.open()
    deliver(jumpToAction(0, calls.init[0]))
    expect(facade.getState()).not.toBe(airlock.getState())
    const sent = calls.send.length
    deliver({ type: 'STOP' })
    expect(facade.getState()).toBe(airlock.getState())
    airlock.close()
    expect(calls.send).toHaveLength(sent)
    deliver({ type: 'START' })
    expect(calls.init).toEqual([calls.init[0], redact(airlock.getState())])
    airlock.dispatch({ type: 'modal/shakeRequested' })
    expect(sentTypes().at(-1)).toBe('modal/shakeRequested')
  })

  test('error: malformed messages are ignored without throwing and leave the facade as it was', async () => {
    const { airlock, calls, deliver, facade } = await setup()
    airlock.open()
    const live = airlock.getState()
    const good = calls.init[0] as AirlockState
    const { connection: _connection, ...noConnection } = good
    const bad: unknown[] = [
      null,
      'DISPATCH',
      42,
      [],
      {},
      { type: 'DISPATCH' },
      { type: 'DISPATCH', payload: null },
      { type: 'DISPATCH', payload: 'JUMP_TO_ACTION', state: JSON.stringify(good) },
      { type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 0 } },
      { type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 0 }, state: '{not json' },
      { type: 'DISPATCH', payload: { type: 'JUMP_TO_ACTION', actionId: 0 }, state: good },
      jumpToAction(0, 'a string'),
      jumpToAction(0, 7),
      jumpToAction(0, null),
      jumpToAction(0, noConnection),
      jumpToAction(0, { ...good, modal: 'open' }),
      jumpToState(0, { ...good, connection: [] }),
      dispatchMessage({ type: 'IMPORT_STATE' }),
      dispatchMessage({ type: 'IMPORT_STATE', nextLiftedState: 'x' }),
      dispatchMessage({ type: 'IMPORT_STATE', nextLiftedState: { computedStates: [{ state: good }], currentStateIndex: 3 } }),
      dispatchMessage({ type: 'IMPORT_STATE', nextLiftedState: { computedStates: [{ state: 'x' }], currentStateIndex: 0 } }),
      dispatchMessage({ type: 'IMPORT_STATE', nextLiftedState: { computedStates: good, currentStateIndex: 0 } }),
      dispatchMessage({ type: 'NOT_A_MONITOR_ACTION' }),
    ]
    const deliverAll = () => {
      for (const message of bad) expect(() => deliver(message)).not.toThrow()
    }
    deliverAll()
    expect(facade.getState()).toBe(live)
    const sent = calls.send.length
    deliver(jumpToAction(0, good))
    const pinned = facade.getState()
    expect(pinned).toEqual(good)
    deliverAll()
    expect(facade.getState()).toBe(pinned)
    expect(calls.send).toHaveLength(sent)
    expect(calls.init).toHaveLength(1)
  })

  test('behavior: disconnect stops sending, goes live, and unsubscribes from the extension', async () => {
    const { airlock, calls, deliver, devtools, facade, sentTypes } = await setup()
    airlock.open()
    deliver(jumpToAction(0, calls.init[0]))
    expect(facade.getState()).not.toBe(airlock.getState())
    devtools.disconnect()
    expect(devtools.connected).toBe(false)
    expect(facade.getState()).toBe(airlock.getState())
    expect(calls.unlistened).toBe(1)
    expect(calls.unsubscribed).toBe(1)
    const sent = sentTypes()
    airlock.close()
    deliver(jumpToAction(0, calls.init[0]))
    expect(sentTypes()).toEqual(sent)
    expect(facade.getState()).toBe(airlock.getState())
    devtools.disconnect()
    expect(calls.unsubscribed).toBe(1)
  })
})
