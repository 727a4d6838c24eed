import { filter, ignoreElements, merge } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import { FRAME_APPROVAL_TIMEOUT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { frameReady, frameSuccess } from '../../frame/builders.js'
import { frameTransportEpic } from '../../frame/frameEpics.js'
import { FRAME_ERRORS } from '../../frame/frameErrors.js'
import type { FrameHost } from '../../frame/FrameHost.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { createProviderRegistry } from '../providerRegistry.js'
import { authProviderEpic } from './authProviderEpic.js'

/**
 * Issue 21 (review rows 4b, 4c): embedded-wallet requests whose frame stops answering, or whose
 * document goes away, always end, in virtual time, through the real frame transport.
 */
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const CAIP = `eip155:31337:${ADDRESS}` as const
const HELLO = '0x68656c6c6f'
const started: Action = { type: 'app/started', environment: { origin: 'http://127.0.0.1:5173', pageUrl: null, isMobile: false, ssr: false } }
/** What these tests follow of everything the epics emit. */
const WATCHED = ['frame/requestSent', 'frame/requestFailed', 'frame/requestSucceeded', 'frame/documentChanged', 'auth/requestSettled']

const settle = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: Error & { code?: number }) => ({ error: error.message, code: error.code }))

/** A frame that answers nothing unless told, and can be reloaded by the test. */
function silentFrame() {
  let listener: ((data: unknown) => void) | undefined
  let reloaded: (() => void) | undefined
  const posted: { id: string; type: string; payload?: unknown }[] = []
  const host: FrameHost = {
    load: () => undefined,
    listen: (l) => ((listener = l), () => (listener = undefined)),
    listenReloads: (l) => ((reloaded = l), () => (reloaded = undefined)),
    post: (m) => void posted.push(m as never),
    setVisible: () => undefined,
    destroy: () => undefined,
  }
  return { host, posted, emit: (data: unknown) => listener?.(data), reload: () => reloaded?.() }
}

function setup(scheduler: TestScheduler) {
  const frame = silentFrame()
  let n = 0
  const deps = { scheduler, providers: createProviderRegistry(), id: () => `id${++n}`, frameHost: frame.host } as unknown as AirlockDeps
  const state = reduce(
    initialState({ networks: [airlockDevnet] }),
    { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP, connectorId: 'auth', accounts: [CAIP] },
    { type: 'frame/loadStarted', url: 'https://secure.example' },
    { type: 'frame/ready' },
  )
  // The auth connector with the real transport; action$ stays subscribed so every action is reduced, as in the store.
  const epic: typeof authProviderEpic = (action$, state$, d) => merge(authProviderEpic(action$, state$, d), frameTransportEpic()(action$, state$, d), action$.pipe(ignoreElements()))
  const sign = () => settle(deps.providers.get('auth')!.request({ method: 'personal_sign', params: [HELLO, ADDRESS] }))
  return { frame, deps, state, epic, sign }
}

const rpcSent = (id: string): Action => ({
  type: 'frame/requestSent',
  id,
  name: 'RPC_REQUEST',
  message: { id, type: '@airlock-app/RPC_REQUEST', payload: { method: 'personal_sign', params: [HELLO, ADDRESS], chainId: 'eip155:31337' } } as never,
  timeoutMs: FRAME_APPROVAL_TIMEOUT_MS,
})
const abortSent = (id: string, of: string): Action => ({ type: 'frame/requestSent', id, name: 'RPC_ABORT', message: { id, type: '@airlock-app/RPC_ABORT', payload: { id: of } } as never, timeoutMs: 3_000 })
const failed = (id: string, name: 'RPC_REQUEST' | 'RPC_ABORT', message: string, reason: 'timeout' | 'aborted' | 'reloaded'): Action => ({ type: 'frame/requestFailed', id, name, error: { message }, reason })

describe('embedded-wallet requests under frame faults', () => {
  test('behavior: an approval the frame never answers (it stopped after Approve) ends after FRAME_APPROVAL_TIMEOUT_MS, in virtual time, and is taken back from the frame', async () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    let signed: Promise<unknown> | undefined
    let after: ReturnType<ReturnType<typeof runEpic>['state']> | undefined
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state, epic, sign } = setup(scheduler)
      const harness = runEpic(scheduler, epic, hot<Action>('s', { s: started }), state, deps)
      scheduler.schedule(() => (signed = sign()), 5)
      expectObservable(harness.out$.pipe(filter((a) => WATCHED.includes(a.type))), `^ ${FRAME_APPROVAL_TIMEOUT_MS + 10_000}ms !`).toBe(`5ms r ${FRAME_APPROVAL_TIMEOUT_MS - 1}ms (xta) 2995ms z`, {
        r: rpcSent('id1'),
        x: failed('id1', 'RPC_REQUEST', FRAME_ERRORS.timeout, 'timeout'),
        t: { type: 'auth/requestSettled', id: 'id1', error: { message: FRAME_ERRORS.timeout } },
        a: abortSent('id3', 'id1'),
        // The frame is silent: its RPC_ABORT ends too, after the sign-out wait.
        z: failed('id3', 'RPC_ABORT', FRAME_ERRORS.timeout, 'timeout'),
      })
      scheduler.schedule(() => (after = harness.state()), FRAME_APPROVAL_TIMEOUT_MS + 5_000)
    })
    expect(await signed!).toEqual({ error: FRAME_ERRORS.timeout, code: undefined })
    expect(after!.frame.pending).toEqual({})
    expect(after!.auth.approvals).toEqual([])
    expect(after!.modal.open).toBe(false)
  })

  test('behavior: the frame reloads under an open approval (its page fails, review 4c): it ends at once with a clear message and a toast, not after 5 minutes; no RPC_ABORT to a document that never saw it; the next request goes to the new document', async () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    let first: Promise<unknown> | undefined
    let second: Promise<unknown> | undefined
    let after: ReturnType<ReturnType<typeof runEpic>['state']> | undefined
    scheduler.run(({ hot, expectObservable }) => {
      const { frame, deps, state, epic, sign } = setup(scheduler)
      const harness = runEpic(scheduler, epic, hot<Action>('s', { s: started }), state, deps)
      scheduler.schedule(() => (first = sign()), 5)
      scheduler.schedule(() => frame.reload(), 50)
      scheduler.schedule(() => frame.emit(frameReady('2.0.0')), 300)
      scheduler.schedule(() => (second = sign()), 900)
      scheduler.schedule(() => frame.emit(frameSuccess('RPC_REQUEST', 'id3', '0xsig')), 950)
      expectObservable(harness.out$.pipe(filter((a) => WATCHED.includes(a.type))), '^ 10s !').toBe('5ms r 44ms (cxt) 845ms q 49ms (ok)', {
        r: rpcSent('id1'),
        c: { type: 'frame/documentChanged', cause: 'load' },
        x: failed('id1', 'RPC_REQUEST', FRAME_ERRORS.reloaded, 'reloaded'),
        t: { type: 'auth/requestSettled', id: 'id1', error: { message: FRAME_ERRORS.reloaded } },
        q: rpcSent('id3'),
        o: { type: 'frame/requestSucceeded', id: 'id3', name: 'RPC_REQUEST', payload: '0xsig' },
        k: { type: 'auth/requestSettled', id: 'id3' },
      })
      scheduler.schedule(() => (after = harness.state()), 60)
    })
    expect(await first!).toEqual({ error: FRAME_ERRORS.reloaded, code: undefined })
    expect(await second!).toEqual({ value: '0xsig' })
    // The view left (the modal closed), and the reason stayed on screen as a toast.
    expect(after!.modal.open).toBe(false)
    expect(after!.notifications.current).toMatchObject({ variant: 'error', message: FRAME_ERRORS.reloaded })
    expect(after!.frame).toMatchObject({ status: 'loading', pending: {} })
  })

  test('behavior: signing out aborts an open approval at once (not after the 3 s sign-out wait), "Request was aborted" 4001; another wallet\'s disconnect leaves it open', async () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    let signed: Promise<unknown> | undefined
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, state, epic, sign } = setup(scheduler)
      const input$ = hot<Action>('s 9ms o 9ms d', {
        s: started,
        o: { type: 'connection/disconnected', namespace: 'solana', reason: 'user' },
        d: { type: 'connection/disconnectRequested', namespace: 'eip155' },
      })
      const harness = runEpic(scheduler, epic, input$, state, deps)
      scheduler.schedule(() => (signed = sign()), 5)
      expectObservable(harness.out$.pipe(filter((a) => WATCHED.includes(a.type))), '^ 100ms !').toBe('5ms r 14ms (xta)', {
        r: rpcSent('id1'),
        x: failed('id1', 'RPC_REQUEST', FRAME_ERRORS.rpcAborted, 'aborted'),
        t: { type: 'auth/requestSettled', id: 'id1' },
        a: abortSent('id2', 'id1'),
      })
    })
    expect(await signed!).toEqual({ error: 'Request was aborted', code: 4001 })
  })

  test('behavior: a stuck request holds nothing: a later one is posted at once and settles on its own answer; closing the modal then aborts the stuck one (4001)', async () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
    let stuck: Promise<unknown> | undefined
    let next: Promise<unknown> | undefined
    let after: ReturnType<ReturnType<typeof runEpic>['state']> | undefined
    scheduler.run(({ hot, expectObservable }) => {
      const { frame, deps, state, epic, sign } = setup(scheduler)
      const harness = runEpic(scheduler, epic, hot<Action>('s 29ms c', { s: started, c: { type: 'modal/closeRequested' } }), state, deps)
      scheduler.schedule(() => (stuck = sign()), 5)
      scheduler.schedule(() => (next = sign()), 10)
      scheduler.schedule(() => frame.emit(frameSuccess('RPC_REQUEST', 'id2', '0xsig')), 20)
      expectObservable(harness.out$.pipe(filter((a) => WATCHED.includes(a.type))), '^ 100ms !').toBe('5ms r 4ms q 9ms (ok) 6ms (xta)', {
        r: rpcSent('id1'),
        q: rpcSent('id2'),
        o: { type: 'frame/requestSucceeded', id: 'id2', name: 'RPC_REQUEST', payload: '0xsig' },
        k: { type: 'auth/requestSettled', id: 'id2' },
        x: failed('id1', 'RPC_REQUEST', FRAME_ERRORS.rpcAborted, 'aborted'),
        t: { type: 'auth/requestSettled', id: 'id1' },
        a: abortSent('id3', 'id1'),
      })
      scheduler.schedule(() => (after = harness.state()), 50)
    })
    expect(await next!).toEqual({ value: '0xsig' })
    expect(await stuck!).toEqual({ error: 'Request was aborted', code: 4001 })
    expect(after!.auth.approvals).toEqual([])
    expect(Object.keys(after!.frame.pending)).toEqual(['id3'])
  })
})
