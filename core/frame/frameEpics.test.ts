import { filter, merge, Subject, switchMap, take } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import { marbleDeps, runEpic } from '../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../tests/support/state.js'
import type { Action } from '../actions/types.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import type { Epic } from '../store/types.js'
import { appMessage, frameError, frameReady, frameSessionUpdate, frameSuccess } from './builders.js'
import { FRAME_ERRORS } from './frameErrors.js'
import { FRAME_SYNC_TIMEOUT_MS } from '../constants/timing.js'
import { frameStartEpic, frameTransportEpic } from './frameEpics.js'
import type { FrameHost } from './FrameHost.js'
import { frameRequest } from './frameRequest.js'
import { FRAME_EPIC_NAMES } from './frameEpics.js'
import type { AppMessage } from './protocol.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
/** For actions whose exact keys matter: `toEqual` would take `{ code: undefined }` for `{}`. */
const strictScheduler = () => new TestScheduler((actual, expected) => expect(actual).toStrictEqual(expected))

/** A FrameHost double: records loads and posts, and lets a test play the frame's window. */
function fakeHost() {
  const posted: unknown[] = []
  const visible: boolean[] = []
  const placements: unknown[] = []
  let listener: ((data: unknown) => void) | undefined
  let reloaded: (() => void) | undefined
  let loads = 0
  const host: FrameHost = {
    load: () => void loads++,
    listen: (l) => {
      listener = l
      return () => (listener = undefined)
    },
    listenReloads: (l) => {
      reloaded = l
      return () => (reloaded = undefined)
    },
    post: (m) => void posted.push(m),
    setVisible: (v, placement) => {
      visible.push(v)
      placements.push(placement)
    },
    destroy: () => undefined,
  }
  return { host, posted, visible, placements, loads: () => loads, emit: (data: unknown) => listener?.(data), reload: () => reloaded?.(), listening: () => listener !== undefined || reloaded !== undefined }
}

function setup(scheduler: TestScheduler, ready = true) {
  const fake = fakeHost()
  const deps = { ...marbleDeps(scheduler), frameHost: fake.host } as AirlockDeps
  const state = ready ? reduce(initialState(), { type: 'frame/loadStarted', url: 'x' }, { type: 'frame/ready' }) : initialState()
  return { fake, deps, state }
}

const email = appMessage('CONNECT_EMAIL', { email: 'ada@example.com' })
const sent = (id: string, message: AppMessage = email, timeoutMs: number | null = 30_000): Action => ({
  type: 'frame/requestSent',
  id,
  name: message.type.slice('@airlock-app/'.length) as never,
  message: { ...message, id } as AppMessage,
  timeoutMs,
})
/** A caller epic like the auth helpers: the transport, plus `ask` once the trigger (`modal/shakeEnded`) comes. */
const onTrigger =
  (ask: (action$: Parameters<Epic<Action, AirlockState, AirlockDeps>>[0], deps: AirlockDeps) => ReturnType<Epic<Action, AirlockState, AirlockDeps>>): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, d) =>
    merge(
      frameTransportEpic()(action$, state$, d),
      action$.pipe(
        filter((a) => a.type === 'modal/shakeEnded'),
        take(1),
        switchMap(() => ask(action$, d)),
      ),
    )

const loadRequested: Action = { type: 'frame/loadRequested' }
const loadStarted: Action = { type: 'frame/loadStarted', url: 'https://secure.walletconnect.org' }
const readyReceived: Action = { type: 'frame/readyReceived', version: '1.0.0' }
const ready: Action = { type: 'frame/ready' }
const notLoaded: Action = { type: 'frame/loadFailed', error: { message: FRAME_ERRORS.notLoaded } }
const originDenied: Action = { type: 'options/originChecked', origin: 'http://192.168.1.20:5173', allowed: false }
const deniedLoad: Action = { type: 'frame/loadFailed', error: { message: 'Invalid App Configuration' } }
const ok = (id: string): Action => ({ type: 'frame/requestSucceeded', id, name: 'CONNECT_EMAIL', payload: { action: 'VERIFY_OTP' } })
const timedOut = (id: string): Action => ({ type: 'frame/requestFailed', id, name: 'CONNECT_EMAIL', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' })

describe('frame load', () => {
  test('default: ready 500 ms after READY', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 101)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      expectObservable(out$).toBe('-l 99ms r 499ms d', { l: loadStarted, r: readyReceived, d: ready })
      scheduler.schedule(() => expect(fake.loads()).toBe(1), 700)
    })
  })

  test('behavior: no READY within 20 s fails the load; a late READY changes nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 25_000)
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      // READY after the timeout is reported as a fact, but no `frame/ready` follows.
      expectObservable(out$).toBe('-l 19999ms f 4998ms r', { l: loadStarted, f: notLoaded, r: readyReceived })
      scheduler.schedule(() => expect(now().frame.status).toBe('failed'), 26_000)
    })
  })

  test('behavior: a page origin the project does not allow fails the load at once with "Invalid App Configuration", without an iframe', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-c-q', { c: originDenied, q: loadRequested }), state, deps)
      expectObservable(out$).toBe('---f', { f: deniedLoad })
      scheduler.schedule(() => expect(fake.loads()).toBe(0), 100)
    })
  })

  test('behavior: the origin check refusing while the frame loads fails the load then, not after 20 s; an allowed origin changes nothing', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state } = setup(scheduler, false)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q 49ms a 49ms c', { q: loadRequested, a: { type: 'options/originChecked', origin: 'http://localhost:5173', allowed: true }, c: originDenied }), state, deps)
      expectObservable(out$).toBe('-l 99ms f', { l: loadStarted, f: deniedLoad })
    })
  })

  test('behavior: after a failed load, a new request tries again (the host reloads the frame)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 20_100)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q 20048ms q', { q: loadRequested }), state, deps)
      expectObservable(out$).toBe('-l 19999ms f 48ms l 49ms r 499ms d', { l: loadStarted, f: notLoaded, r: readyReceived, d: ready })
      scheduler.schedule(() => expect(fake.loads()).toBe(2), 21_000)
    })
  })

  test('behavior: a second load request while loading is ignored (one iframe)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 10)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q-q', { q: loadRequested }), state, deps)
      expectObservable(out$).toBe('-l 8ms r 499ms d', { l: loadStarted, r: readyReceived, d: ready })
      scheduler.schedule(() => expect(fake.loads()).toBe(1), 600)
    })
  })

  test('behavior: a READY without a version makes the frame ready like any other', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      // The version is optional (SPEC 3 "ready (optional version)"): no payload at all is a READY too.
      scheduler.schedule(() => fake.emit(frameReady()), 100)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      expectObservable(out$).toBe('-l 98ms r 499ms d', { l: loadStarted, r: { type: 'frame/readyReceived' }, d: ready })
    })
  })

  test('behavior: a load request while the frame is ready does nothing (no second iframe load)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      expectObservable(out$, '^ 30000ms !').toBe('')
      scheduler.schedule(() => expect(fake.loads()).toBe(0), 30_000)
    })
  })

  test('behavior: a host that cannot load (no page) fails with its message', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      fake.host.load = () => {
        throw new Error('AirlockFrame: parent is not set')
      }
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      expectObservable(out$).toBe('-f', { f: { type: 'frame/loadFailed', error: { message: 'AirlockFrame: parent is not set' } } })
    })
  })
})

describe('frame requests', () => {
  test('default: posted at once when ready; the reply ends it, the 30 s timeout never fires', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k1', { action: 'VERIFY_OTP' })), 50)
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('50ms o', { o: ok('k1') })
      scheduler.schedule(() => {
        expect(fake.posted).toEqual([{ id: 'k1', ...email }])
        expect(now().frame.pending).toEqual({})
      }, 40_000)
    })
  })

  test('behavior: no reply in 30 s times out; a reply after that is dropped', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k1', { action: 'VERIFY_OTP' })), 31_000)
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('- 30000ms t', { t: timedOut('k1') })
      scheduler.schedule(() => expect(now().frame.error).toEqual({ message: FRAME_ERRORS.timeout }), 32_000)
    })
  })

  test('hostile: a duplicate reply is ignored, the first wins', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k1', { action: 'VERIFY_OTP' })), 10)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k1', { action: 'CONNECT' })), 20)
      scheduler.schedule(() => fake.emit(frameError('CONNECT_EMAIL', 'k1', 'late error')), 30)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('10ms o', { o: ok('k1') })
    })
  })

  test('hostile: replies with an unknown id, no id, or for another request type are ignored', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'nope', { action: 'CONNECT' })), 10)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', undefined, { action: 'CONNECT' })), 11)
      scheduler.schedule(() => fake.emit(frameSuccess('GET_CHAIN_ID', 'k1', { chainId: 1 })), 12)
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('- 30000ms t', { t: timedOut('k1') })
      scheduler.schedule(() => expect(Object.keys(now().frame.pending)).toEqual(['k1']), 100)
    })
  })

  test('behavior: an error reply fails with its message, or "An error occurred" when blank', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameError('CONNECT_EMAIL', 'k1', 'Invalid email')), 5)
      scheduler.schedule(() => fake.emit(frameError('CONNECT_EMAIL', 'k2', '  ')), 6)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s-u', { s: sent('k1'), u: sent('k2') }), state, deps)
      expectObservable(out$).toBe('5ms a b', {
        a: { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: 'Invalid email' }, reason: 'error' },
        b: { type: 'frame/requestFailed', id: 'k2', name: 'CONNECT_EMAIL', error: { message: 'An error occurred' }, reason: 'error' },
      })
    })
  })

  test('behavior: a request while idle loads the frame and is posted only once it is ready', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 100)
      scheduler.schedule(() => expect(fake.posted).toEqual([]), 599)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k1', { action: 'VERIFY_OTP' })), 700)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('-(ql) 95ms r 499ms d 99ms o', { q: loadRequested, l: loadStarted, r: readyReceived, d: ready, o: ok('k1') })
      scheduler.schedule(() => expect(fake.posted).toEqual([{ id: 'k1', ...email }]), 650)
    })
  })

  test('behavior: a frame that never loads fails the waiting request at 20 s (before its 30 s)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('-(ql) 19996ms (fx)', {
        q: loadRequested,
        l: loadStarted,
        f: notLoaded,
        x: { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: FRAME_ERRORS.notLoaded }, reason: 'notLoaded' },
      })
      scheduler.schedule(() => expect(fake.posted).toEqual([]), 40_000)
    })
  })

  test('behavior: aborting an rpc request says "Request was aborted" before its timeout', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state } = setup(scheduler)
      const rpc = appMessage('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] })
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s 99999ms a', { s: sent('r1', rpc, 300_000), a: { type: 'frame/abortRequested', id: 'r1' } }), state, deps)
      expectObservable(out$).toBe('- 100000ms x', {
        x: { type: 'frame/requestFailed', id: 'r1', name: 'RPC_REQUEST', error: { message: 'Request was aborted' }, reason: 'aborted' },
      })
    })
  })

  test('behavior: no request waits forever: `timeoutMs: null` (an old log, a hand-made request) gets the SPEC 9 timeout of its name', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state } = setup(scheduler)
      const rpc = appMessage('RPC_REQUEST', { method: 'eth_blockNumber' })
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('r1', rpc, null) }), state, deps)
      expectObservable(out$).toBe('- 20000ms x', {
        x: { type: 'frame/requestFailed', id: 'r1', name: 'RPC_REQUEST', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' },
      })
      scheduler.schedule(() => expect(now().frame.pending).toEqual({}), 20_002)
    })
  })

  test('behavior: SYNC_THEME and SYNC_DAPP_DATA to a silent frame leave frame.pending after FRAME_SYNC_TIMEOUT_MS (nobody waits, nothing leaks)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state } = setup(scheduler)
      // As syncFrameEpic sends them: through frameRequest, with the default timeout of their name.
      const epic = onTrigger((action$, d) => merge(frameRequest(action$, d, appMessage('SYNC_THEME', { themeMode: 'dark' }), () => []), frameRequest(action$, d, appMessage('SYNC_DAPP_DATA', { sdkVersion: '1', sdkType: 'airlock', projectId: '' }), () => [])))
      const { out$, state: now } = runEpic(scheduler, epic, hot<Action>('-g', { g: { type: 'modal/shakeEnded' } }), state, deps)
      expectObservable(out$.pipe(filter((a) => a.type === 'frame/requestFailed'))).toBe(`- ${FRAME_SYNC_TIMEOUT_MS}ms (ab)`, {
        a: { type: 'frame/requestFailed', id: 'id1', name: 'SYNC_THEME', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' },
        b: { type: 'frame/requestFailed', id: 'id2', name: 'SYNC_DAPP_DATA', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' },
      })
      scheduler.schedule(() => expect(Object.keys(now().frame.pending)).toEqual(['id1', 'id2']), FRAME_SYNC_TIMEOUT_MS)
      scheduler.schedule(() => expect(now().frame.pending).toEqual({}), FRAME_SYNC_TIMEOUT_MS + 2)
    })
  })

  test('behavior: a post that throws fails the request with the host message', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      fake.host.post = () => {
        throw new Error('AirlockFrame: iframe is not set')
      }
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('-x', {
        x: { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: 'AirlockFrame: iframe is not set' }, reason: 'notLoaded' },
      })
    })
  })

  test('behavior: a host that throws without a message (or throws a non-Error) fails with "Network Error - Could not load embedded wallet"', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      fake.host.load = () => {
        throw { message: 'not an Error' }
      }
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      expectObservable(out$).toBe('-f', { f: notLoaded })
    })
    const posting = newScheduler()
    posting.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(posting)
      fake.host.post = () => {
        throw new Error('')
      }
      const { out$ } = runEpic(posting, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      expectObservable(out$).toBe('-x', {
        x: { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: FRAME_ERRORS.notLoaded }, reason: 'notLoaded' },
      })
    })
  })

  test('behavior: an abort ends only its own request; a non-rpc one fails with "Something went wrong"', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k2', { action: 'VERIFY_OTP' })), 30)
      // Ids are shared across action types (the auth connector's RPC jobs settle under the frame
      // request's id): another type carrying k2's id is no abort of k2.
      const input$ = hot<Action>('-st 7ms a 9ms e', { s: sent('k1'), t: sent('k2'), a: { type: 'frame/abortRequested', id: 'k1' }, e: { type: 'auth/requestSettled', id: 'k2' } })
      const { out$ } = runEpic(scheduler, frameTransportEpic(), input$, state, deps)
      expectObservable(out$).toBe('10ms x 19ms o', {
        x: { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: 'Something went wrong' }, reason: 'aborted' },
        o: ok('k2'),
      })
    })
  })

  test('hostile: a reply without an id answers nothing, not even a request whose id is the text "undefined"', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      // A lookup by the missing id would read `pending['undefined']`.
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', undefined, { action: 'CONNECT' })), 10)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('undefined') }), state, deps)
      expectObservable(out$).toBe('- 30000ms t', { t: timedOut('undefined') })
    })
  })

  test('behavior: a reply carries exactly what the frame sent: the error code when there is one, no `code` or `payload` key when there is none', () => {
    const scheduler = strictScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      const signOut = appMessage('SIGN_OUT')
      scheduler.schedule(() => fake.emit(frameError('CONNECT_EMAIL', 'k1', 'User rejected', 4001)), 5)
      scheduler.schedule(() => fake.emit(frameError('CONNECT_EMAIL', 'k2', 'Invalid email')), 6)
      scheduler.schedule(() => fake.emit(frameSuccess('SIGN_OUT', 'k3')), 7)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-stu', { s: sent('k1'), t: sent('k2'), u: sent('k3', signOut, 3_000) }), state, deps)
      expectObservable(out$).toBe('5ms abc', {
        a: { type: 'frame/requestFailed', id: 'k1', name: 'CONNECT_EMAIL', error: { message: 'User rejected', code: 4001 }, reason: 'error' },
        b: { type: 'frame/requestFailed', id: 'k2', name: 'CONNECT_EMAIL', error: { message: 'Invalid email' }, reason: 'error' },
        c: { type: 'frame/requestSucceeded', id: 'k3', name: 'SIGN_OUT' },
      })
    })
  })

  test('behavior: sign out waits at most 3 s (frameRequest with the SPEC timeout)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state } = setup(scheduler)
      // A caller epic like the auth helper's: on a trigger, ask the frame and map the reply.
      const epic = onTrigger((action$, d) => frameRequest(action$, d, appMessage('SIGN_OUT'), (reply): Action => (reply.ok ? { type: 'modal/closeRequested' } : { type: 'modal/shakeRequested' })))
      const { out$ } = runEpic(scheduler, epic, hot<Action>('-g', { g: { type: 'modal/shakeEnded' } }), state, deps)
      expectObservable(out$).toBe('-s 2999ms (ft)', {
        s: { type: 'frame/requestSent', id: 'id1', name: 'SIGN_OUT', message: { id: 'id1', type: '@airlock-app/SIGN_OUT' }, timeoutMs: 3000 },
        f: { type: 'frame/requestFailed', id: 'id1', name: 'SIGN_OUT', error: { message: FRAME_ERRORS.timeout }, reason: 'timeout' },
        t: { type: 'modal/shakeRequested' },
      })
    })
  })
})

describe('frame document replaced (the frame reloaded, or its page failed to load)', () => {
  const changed = (cause: 'ready' | 'load'): Action => ({ type: 'frame/documentChanged', cause })
  const reloaded = (id: string): Action => ({ type: 'frame/requestFailed', id, name: 'CONNECT_EMAIL', error: { message: FRAME_ERRORS.reloaded }, reason: 'reloaded' })
  const readyV2: Action = { type: 'frame/readyReceived', version: '2.0.0' }

  test('behavior: a new READY from a ready frame fails the request posted to the old document at once, then the frame is ready again 500 ms later; a late reply is dropped', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameReady('2.0.0')), 10)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k1', { action: 'VERIFY_OTP' })), 20)
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s', { s: sent('k1') }), state, deps)
      // Not 30 s later: at once. The new document's READY is the ready of this "load".
      expectObservable(out$).toBe('10ms (crx) 495ms d', { c: changed('ready'), r: readyV2, x: reloaded('k1'), d: ready })
      scheduler.schedule(() => expect(now().frame).toMatchObject({ status: 'loading', pending: {} }), 11)
      scheduler.schedule(() => expect(now().frame).toMatchObject({ status: 'ready', version: '2.0.0', pending: {} }), 600)
      // Nothing was loaded or posted again by the page.
      scheduler.schedule(() => expect([fake.loads(), fake.posted.length]).toEqual([0, 1]), 40_000)
    })
  })

  test('behavior: an iframe load the host did not ask for fails the posted request at once; one sent meanwhile waits and goes to the new document after its READY', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      // The dev frame's order: the document's `load` first, its READY after its own start-up.
      scheduler.schedule(() => fake.reload(), 10)
      scheduler.schedule(() => fake.emit(frameReady('2.0.0')), 300)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k2', { action: 'VERIFY_OTP' })), 900)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s 98ms u', { s: sent('k1'), u: sent('k2') }), state, deps)
      expectObservable(out$).toBe('10ms (cx) 286ms r 499ms d 99ms o', { c: changed('load'), x: reloaded('k1'), r: readyV2, d: ready, o: ok('k2') })
      scheduler.schedule(() => expect(fake.posted.map((m) => (m as { id: string }).id)).toEqual(['k1']), 799)
      scheduler.schedule(() => expect(fake.posted.map((m) => (m as { id: string }).id)).toEqual(['k1', 'k2']), 801)
    })
  })

  test('error: the frame\'s page failed to load (origin down): the posted request fails at once, the frame fails 20 s later with the request that waited, and the next request reloads it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.reload(), 10)
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-s 98ms u 29999ms v', { s: sent('k1'), u: sent('k2'), v: sent('k3') }), state, deps)
      expectObservable(out$, '^ 40000ms !').toBe('10ms (cx) 19996ms (fn) 10086ms (ql)', {
        c: changed('load'),
        x: reloaded('k1'),
        f: notLoaded,
        n: { type: 'frame/requestFailed', id: 'k2', name: 'CONNECT_EMAIL', error: { message: FRAME_ERRORS.notLoaded }, reason: 'notLoaded' },
        q: loadRequested,
        l: loadStarted,
      })
      scheduler.schedule(() => expect(now().frame).toMatchObject({ status: 'failed', pending: {} }), 20_011)
      scheduler.schedule(() => expect(fake.loads()).toBe(1), 30_200)
    })
  })

  test('behavior: the new document\'s own load event after its READY is not another change; loads while loading, failed or idle are not either', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameReady('2.0.0')), 10)
      scheduler.schedule(() => fake.reload(), 50)
      scheduler.schedule(() => fake.reload(), 200)
      scheduler.schedule(() => fake.emit(frameSuccess('CONNECT_EMAIL', 'k2', { action: 'VERIFY_OTP' })), 700)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('600ms u', { u: sent('k2') }), state, deps)
      expectObservable(out$).toBe('10ms (cr) 496ms d 189ms o', { c: changed('ready'), r: readyV2, d: ready, o: ok('k2') })
    })
  })

  test('behavior: a frame that loaded, answered, and then reloads by itself is reported (its first READY does not hide the reload)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 100)
      scheduler.schedule(() => fake.emit(frameSessionUpdate('jwt')), 700)
      scheduler.schedule(() => fake.reload(), 1_000)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), state, deps)
      expectObservable(out$, '^ 2000ms !').toBe('-l 98ms r 499ms d 99ms t 299ms c', {
        l: loadStarted,
        r: readyReceived,
        d: ready,
        t: { type: 'frame/sessionUpdated', token: 'jwt' },
        c: changed('load'),
      })
    })
  })

  test('behavior: the new document\'s own load event, even once it is ready again, is not another change; the next reload after it is', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameReady('2.0.0')), 10)
      // A slow page: its `load` fires after the frame is ready again (510 ms).
      scheduler.schedule(() => fake.reload(), 600)
      scheduler.schedule(() => fake.reload(), 1_000)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-'), state, deps)
      expectObservable(out$, '^ 2000ms !').toBe('10ms (cr) 496ms d 489ms e', { c: changed('ready'), r: readyV2, d: ready, e: changed('load') })
    })
  })

  test('behavior: a frame that reloads while idle or loading is left to its load; a store going away stops listening (subscription)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const { fake, deps, state } = setup(scheduler, false)
      scheduler.schedule(() => fake.reload(), 5)
      scheduler.schedule(() => fake.emit(frameReady('1.0.0')), 100)
      scheduler.schedule(() => fake.reload(), 101)
      const input$ = hot<Action>('-q', { q: loadRequested })
      const { out$ } = runEpic(scheduler, frameTransportEpic(), input$, state, deps)
      expectObservable(out$, '^ 999ms !').toBe('-l 98ms r 499ms d', { l: loadStarted, r: readyReceived, d: ready })
      expectSubscriptions(input$.subscriptions).toBe('^ 999ms !')
      scheduler.schedule(() => expect(fake.listening()).toBe(true), 999)
      scheduler.schedule(() => expect(fake.listening()).toBe(false), 1_001)
    })
  })
})

describe('frame host lifetime', () => {
  test('behavior: a store going away removes the iframe it made and its page listener', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const removed: string[] = []
      // The window parts createDomFrameHost touches: without a host in deps, frameHostFor makes the DOM one.
      const iframe = { style: {}, setAttribute: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, remove: () => void removed.push('iframe') }
      const window = { document: { body: { appendChild: () => undefined }, createElement: () => iframe }, addEventListener: () => undefined, removeEventListener: (type: string) => void removed.push(type) }
      const deps = { ...marbleDeps(scheduler), window } as unknown as AirlockDeps
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-q', { q: loadRequested }), initialState(), deps)
      expectObservable(out$, '^ 100ms !').toBe('-l', { l: loadStarted })
      scheduler.schedule(() => expect(removed).toEqual([]), 100)
      scheduler.schedule(() => expect(removed).toEqual(['message', 'iframe']), 102)
    })
  })
})

describe('frame inbound', () => {
  test('hostile: malformed data is dropped and reported at most once a minute', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      for (const [at, data] of [[10, null], [20, 'x'], [30, [1]], [40, { type: '@airlock-frame/NOPE' }], [50, { type: '@airlock-frame/READY', payload: 7 }], [70_010, 'again']] as const) {
        scheduler.schedule(() => fake.emit(data), at)
      }
      const { out$, state: now } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-'), state, deps)
      const dropped: Action = { type: 'frame/messageDropped', reason: 'malformed' }
      expectObservable(out$).toBe('10ms d 69999ms d', { d: dropped })
      scheduler.schedule(() => expect(now().frame).toEqual(state.frame), 80_000)
    })
  })

  test('behavior: SESSION_UPDATE becomes frame/sessionUpdated; visibility reaches the host', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      scheduler.schedule(() => fake.emit(frameSessionUpdate('jwt')), 3)
      const { out$ } = runEpic(scheduler, frameTransportEpic(), hot<Action>('-v', { v: { type: 'frame/visibilityRequested', visible: true } }), state, deps)
      expectObservable(out$).toBe('3ms t', { t: { type: 'frame/sessionUpdated', token: 'jwt' } })
      scheduler.schedule(() => expect(fake.visible).toEqual([true]), 5)
    })
  })

  test('behavior: empty and never action sources still listen to the frame without error', () => {
    const scheduler = newScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const { deps, state } = setup(scheduler)
      expectObservable(runEpic(scheduler, frameTransportEpic(), cold<Action>('|'), state, deps).out$).toBe('')
    })
  })
})

describe('frame visibility', () => {
  test('behavior: the host gets the bounds and color scheme asked for, and nothing it was not asked for', () => {
    const scheduler = strictScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      const bounds = { top: 10, left: 20, width: 360, height: 480 }
      const input$ = hot<Action>('-abc', {
        a: { type: 'frame/visibilityRequested', visible: true, bounds, colorScheme: 'dark' },
        b: { type: 'frame/visibilityRequested', visible: true, colorScheme: 'light' },
        c: { type: 'frame/visibilityRequested', visible: false },
      })
      expectObservable(runEpic(scheduler, frameTransportEpic(), input$, state, deps).out$).toBe('')
      scheduler.schedule(() => {
        expect(fake.visible).toEqual([true, true, false])
        expect(fake.placements).toStrictEqual([{ bounds, colorScheme: 'dark' }, { colorScheme: 'light' }, {}])
      }, 10)
    })
  })

  test('behavior: a host that cannot show the frame (no iframe yet) is no error: later requests still reach it', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { fake, deps, state } = setup(scheduler)
      const shown: boolean[] = []
      fake.host.setVisible = (visible) => {
        if (shown.push(visible) === 1) throw new Error('AirlockFrame: iframe is not set')
      }
      const input$ = hot<Action>('-ab', { a: { type: 'frame/visibilityRequested', visible: true }, b: { type: 'frame/visibilityRequested', visible: false } })
      expectObservable(runEpic(scheduler, frameTransportEpic(), input$, state, deps).out$, '^ 100ms !').toBe('')
      scheduler.schedule(() => expect(shown).toEqual([true, false]), 10)
    })
  })
})

describe('frameStartEpic', () => {
  test.each([
    [true, [{ type: 'frame/loadRequested' }]],
    [undefined, []],
    [false, []],
  ])('behavior: email login used = %s', async (used, expected) => {
    const storage = { getItem: async (name: string) => (name === 'walletEmailLoginUsed' ? used : undefined) }
    const action$ = new Subject<Action>()
    const out: Action[] = []
    const done = new Promise<void>((resolve) => frameStartEpic(action$, {} as never, { storage } as never).subscribe({ next: (a) => out.push(a), complete: resolve }))
    action$.next({ type: 'storage/hydrated', values: {}, backend: 'memory' })
    await done
    expect(out).toEqual(expected)
  })

  test('behavior: nothing is read before storage is hydrated', async () => {
    const asked: string[] = []
    const storage = {
      getItem: async (name: string) => {
        asked.push(name)
        return true
      },
    }
    const action$ = new Subject<Action>()
    const out: Action[] = []
    const done = new Promise<void>((resolve) => frameStartEpic(action$, {} as never, { storage } as never).subscribe({ next: (a) => out.push(a), complete: resolve }))
    action$.next({ type: 'app/initialized' })
    expect(asked).toEqual([])
    action$.next({ type: 'storage/hydrated', values: {}, backend: 'memory' })
    await done
    expect([asked, out]).toEqual([['walletEmailLoginUsed'], [{ type: 'frame/loadRequested' }]])
  })

  test.each([
    ['no storage', undefined],
    ['a host storage without getItem (StorageDep has none)', { backend: 'memory' }],
  ])('behavior: %s reads as "not used"', async (_name, storage) => {
    const action$ = new Subject<Action>()
    const out: Action[] = []
    const done = new Promise<void>((resolve, reject) => frameStartEpic(action$, {} as never, { storage } as never).subscribe({ next: (a) => out.push(a), error: reject, complete: resolve }))
    action$.next({ type: 'storage/hydrated', values: {}, backend: 'memory' })
    await done
    expect(out).toEqual([])
  })

  test('behavior: a storage that fails reads as "not used"', async () => {
    const storage = { getItem: () => Promise.reject(new Error('quota')) }
    const action$ = new Subject<Action>()
    const out: Action[] = []
    const done = new Promise<void>((resolve, reject) => frameStartEpic(action$, {} as never, { storage } as never).subscribe({ next: (a) => out.push(a), error: reject, complete: resolve }))
    action$.next({ type: 'storage/hydrated', values: {}, backend: 'memory' })
    await done
    expect(out).toEqual([])
  })
})

test('lazyFrameEpics names match frameEpics', async () => {
  const { lazyFrameEpics } = await import('./lazyFrameEpics.js')
  expect(Object.keys(lazyFrameEpics)).toEqual([...FRAME_EPIC_NAMES])
})
