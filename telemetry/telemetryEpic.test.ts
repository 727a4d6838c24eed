import { createProviderRegistry } from '../core/connectors/providerRegistry.js'
import { createSecretBox } from '../core/store/secretBox.js'
import { BehaviorSubject, Subject } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { Action } from '../core/actions/types.js'
import type { BodyArgs, HttpClient } from '../core/api/createHttpClient.js'
import { HttpError } from '../core/api/errors.js'
import { SDK_TYPE, SDK_VERSION } from '../core/constants/limits.js'
import type { AirlockDeps, StorageDep } from '../core/deps.js'
import { alertFor } from '../core/errors/alerts.js'
import { resolveOptions, type AirlockOptions } from '../core/options/resolveOptions.js'
import { createInitialState, rootReducer } from '../core/rootReducer.js'
import type { AirlockState } from '../core/state.js'
import type { StateObservable } from '../core/store/types.js'
import { MAX_PENDING_SENDS, telemetryEpic } from './telemetryEpic.js'

const environment = { origin: 'https://dapp.example', pageUrl: 'https://dapp.example/swap', isMobile: false, ssr: false }
function stateWith(options: AirlockOptions = { projectId: 'p1' }, ssr = false): AirlockState {
  return rootReducer(createInitialState(resolveOptions(options).options), { type: 'app/started', environment: { ...environment, ssr } })
}

/** A `state$` whose value tests may change, as the store's reducer would. */
function stateStub(initial: AirlockState) {
  const subject = new BehaviorSubject(initial)
  const state$ = Object.defineProperty(subject.asObservable(), 'value', { get: () => subject.value }) as StateObservable<AirlockState>
  return { state$, set: (state: AirlockState) => subject.next(state) }
}

/** Deps whose analytics `post` records its calls; `reply` decides each answer. */
function fakeDeps(scheduler: AirlockDeps['scheduler'], reply: (args: BodyArgs) => Promise<unknown> = () => Promise.resolve(undefined)) {
  const post = vi.fn(reply)
  const analytics = { baseUrl: 'https://pulse.example', post } as unknown as HttpClient
  let n = 0
  const deps: AirlockDeps = { scheduler, http: { api: analytics, blockchain: analytics, analytics }, storage: {} as StorageDep, window: undefined, id: () => `id${++n}`, providers: createProviderRegistry(), secrets: createSecretBox(() => `s${++n}`) }
  return { deps, post, bodies: () => post.mock.calls.map(([args]) => args.body as { timestamp: number; props: { event: string } }) }
}

/** Runs what the epic left for the scheduler's next turn (the sends) and what the promises it made answer, until nothing is left. */
const settle = async () => {
  // After a marble run the clock is past the 750 frames `flush` stops at by default.
  scheduler.maxFrames = Number.POSITIVE_INFINITY
  // Each round lets the answered sends free their places and the waiting ones go out (2 at a time).
  for (let round = 0; round < 12; round++) {
    scheduler.flush()
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}

const open: Action = { type: 'modal/openRequested' }
const boom = (n: number): Action => ({ type: 'telemetry/errorCaptured', errorType: 'Test', error: { message: `boom ${n}` } })
const values: Record<string, Action> = { o: open, a: boom(1), b: boom(2), c: boom(3), d: boom(4), e: boom(5), f: boom(6), g: boom(7), h: boom(8) }

let scheduler: TestScheduler
beforeEach(() => {
  scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
})

describe('telemetryEpic', () => {
  test('default: an event is POSTed to /e with projectId, st, sv and the SPEC 7 body', () => {
    const { deps, post } = fakeDeps(scheduler)
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-o', values)
      expectObservable(telemetryEpic(action$, stateStub(stateWith()).state$, deps)).toBe('--')
    })
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]![0]).toEqual({
      path: '/e',
      params: { projectId: 'p1', st: SDK_TYPE, sv: SDK_VERSION },
      body: { eventId: 'id1', url: 'https://dapp.example/swap', domain: 'dapp.example', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } },
      signal: expect.any(AbortSignal),
    })
  })

  test('behavior: the POST waits for the scheduler\'s next turn, not the dispatch (the click that opens the modal draws first), with the page of the event', () => {
    const { deps, post } = fakeDeps(scheduler)
    const location = { origin: 'https://dapp.example', href: 'https://dapp.example/swap?email=a@b.example', pathname: '/swap' }
    const action$ = new Subject<Action>()
    telemetryEpic(action$, stateStub(stateWith()).state$, { ...deps, window: { location } }).subscribe()
    action$.next(open)
    expect(post).not.toHaveBeenCalled()
    // The page moves on before the send: the event still says where it happened.
    location.href = 'https://dapp.example/later'
    scheduler.flush()
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]![0].body).toMatchObject({ url: 'https://dapp.example/swap', timestamp: 0 })
  })

  test('edge: an unknown or opaque page is sent as empty url and domain, never as a made-up value', async () => {
    const unknownPage = rootReducer(createInitialState(resolveOptions({ projectId: 'p1' }).options), { type: 'app/started', environment: { ...environment, pageUrl: null } })
    const noPage = fakeDeps(scheduler)
    telemetryEpic(new BehaviorSubject<Action>(open), stateStub(unknownPage).state$, noPage.deps).subscribe()
    // The live location wins over the state, even when it says nothing (an about:blank frame).
    const blank = fakeDeps(scheduler)
    const deps = { ...blank.deps, window: { location: { origin: 'null', href: 'about:blank', pathname: 'blank' } } }
    telemetryEpic(new BehaviorSubject<Action>(open), stateStub(stateWith()).state$, deps).subscribe()
    await settle()
    for (const { post } of [noPage, blank]) {
      expect(post).toHaveBeenCalledTimes(1)
      expect(post.mock.calls[0]![0].body).toMatchObject({ url: '', domain: '' })
    }
  })

  test('behavior: 7 errors within 60 s send 5; after the window slides more pass; track events are never capped', async () => {
    const { deps, bodies } = fakeDeps(scheduler)
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-abcdefg(oo) 59992ms h', values)
      expectObservable(telemetryEpic(action$, stateStub(stateWith()).state$, deps)).toBe('-')
    })
    await settle()
    expect(bodies().map((body) => [body.timestamp, body.props.event])).toEqual([
      [1, 'ERROR'], [2, 'ERROR'], [3, 'ERROR'], [4, 'ERROR'], [5, 'ERROR'],
      [8, 'MODAL_OPEN'], [8, 'MODAL_OPEN'],
      [60_004, 'ERROR'],
    ])
  })

  test.each([
    ['analytics is off', stateWith({ projectId: 'p1', features: { analytics: false } })],
    ['there is no project id', stateWith({})],
    ['rendering on a server', stateWith({ projectId: 'p1' }, true)],
  ])('behavior: nothing at all is sent when %s', async (_, state) => {
    const { deps, post } = fakeDeps(scheduler)
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('-oabcdefgh 2m o', values)
      expectObservable(telemetryEpic(action$, stateStub(state).state$, deps)).toBe('-')
    })
    await settle()
    expect(post).not.toHaveBeenCalled()
  })

  test('behavior: at most 2 sends in flight; analytics turned off meanwhile stops the waiting ones', async () => {
    const replies: ((value: unknown) => void)[] = []
    const { deps, post } = fakeDeps(scheduler, () => new Promise((resolve) => replies.push(resolve)))
    const { state$, set } = stateStub(stateWith())
    const action$ = new Subject<Action>()
    telemetryEpic(action$, state$, deps).subscribe()
    action$.next(open)
    action$.next(open)
    action$.next(open)
    scheduler.flush()
    expect(post).toHaveBeenCalledTimes(2)
    set(stateWith({ projectId: 'p1', features: { analytics: false } }))
    for (const resolve of replies) resolve(undefined)
    await settle()
    expect(post).toHaveBeenCalledTimes(2)
  })

  test('behavior: while the collector is slow, at most MAX_PENDING_SENDS events wait; newer ones are dropped', async () => {
    const replies: ((value: unknown) => void)[] = []
    const { deps, post } = fakeDeps(scheduler, () => new Promise((resolve) => replies.push(resolve)))
    const action$ = new Subject<Action>()
    telemetryEpic(action$, stateStub(stateWith()).state$, deps).subscribe()
    for (let i = 0; i < MAX_PENDING_SENDS + 10; i++) action$.next(open)
    scheduler.flush()
    while (replies.length > 0) {
      for (const resolve of replies.splice(0)) resolve(undefined)
      await settle()
    }
    expect(post).toHaveBeenCalledTimes(MAX_PENDING_SENDS)
  })

  test('behavior: each answer frees its place, so a collector that keeps up gets every event, ok or failed', async () => {
    let n = 0
    // Every third answer is a failure: failed sends free their place too.
    const { deps, post } = fakeDeps(scheduler, () => (++n % 3 === 0 ? Promise.reject(new HttpError(500, { method: 'POST', url: 'https://pulse.example/e' })) : Promise.resolve(undefined)))
    const action$ = new Subject<Action>()
    telemetryEpic(action$, stateStub(stateWith()).state$, deps).subscribe()
    const events = 2 * MAX_PENDING_SENDS + 1
    for (let i = 0; i < events; i++) {
      action$.next(open)
      await settle()
    }
    expect(post).toHaveBeenCalledTimes(events)
  })

  test('behavior: a failed POST emits telemetry/sendFailed, which is never reported itself', async () => {
    const { deps, post } = fakeDeps(scheduler, () => Promise.reject(new HttpError(500, { method: 'POST', url: 'https://pulse.example/e' })))
    const { state$ } = stateStub(stateWith())
    // Wired like the store: whatever the epic emits comes back in as an action.
    const action$ = new Subject<Action>()
    const out: Action[] = []
    telemetryEpic(action$, state$, deps).subscribe((action) => {
      out.push(action)
      action$.next(action)
    })
    action$.next(open)
    await settle()
    action$.next(open)
    await settle()
    expect(out).toEqual([
      { type: 'telemetry/sendFailed', error: { message: 'HTTP status code: 500', code: 500 } },
      { type: 'telemetry/sendFailed', error: { message: 'HTTP status code: 500', code: 500 } },
    ])
    expect(post).toHaveBeenCalledTimes(2)
  })

  test('behavior: a 403 raises Invalid App Configuration once and stops sending', async () => {
    const { deps, post } = fakeDeps(scheduler, () => Promise.reject(new HttpError(403, { method: 'POST', url: 'https://pulse.example/e' })))
    const action$ = new Subject<Action>()
    const out: Action[] = []
    telemetryEpic(action$, stateStub(stateWith()).state$, deps).subscribe((action) => out.push(action))
    action$.next(open)
    action$.next(boom(1))
    await settle()
    action$.next(open)
    await settle()
    const sendFailed = { type: 'telemetry/sendFailed', error: { message: 'HTTP status code: 403', code: 403 } }
    expect(out).toEqual([sendFailed, { type: 'alerts/raised', alert: alertFor('INVALID_APP_CONFIGURATION') }, sendFailed])
    expect(post).toHaveBeenCalledTimes(2)
  })

  test('behavior: on a 403 the Invalid App Configuration alert is not raised again while it is showing; another alert does not hold it back', async () => {
    const forbidden = () => Promise.reject(new HttpError(403, { method: 'POST', url: 'https://pulse.example/e' }))
    const sendFailed = { type: 'telemetry/sendFailed', error: { message: 'HTTP status code: 403', code: 403 } }
    const run = async (state: AirlockState) => {
      const { deps } = fakeDeps(scheduler, forbidden)
      const out: Action[] = []
      telemetryEpic(new BehaviorSubject<Action>(open), stateStub(state).state$, deps).subscribe((action) => out.push(action))
      await settle()
      return out
    }
    const invalidApp = { type: 'alerts/raised', alert: alertFor('INVALID_APP_CONFIGURATION') } as const
    expect(await run(rootReducer(stateWith(), invalidApp))).toEqual([sendFailed])
    expect(await run(rootReducer(stateWith(), { type: 'alerts/raised', alert: alertFor('SESSION_EXPIRED') }))).toEqual([sendFailed, invalidApp])
  })

  test('behavior: unsubscribing aborts the request in flight', () => {
    const { deps, post } = fakeDeps(scheduler, () => new Promise(() => {}))
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const action$ = hot<Action>('-o', values)
      const unsub = '             ^ 30s !'
      expectObservable(telemetryEpic(action$, stateStub(stateWith()).state$, deps), unsub).toBe('-')
      expectSubscriptions(action$.subscriptions).toBe(unsub)
    })
    expect(post.mock.calls[0]![0].signal?.aborted).toBe(true)
  })

  test('behavior: an error source errors the epic (the store restarts it)', () => {
    const { deps, post } = fakeDeps(scheduler)
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const action$ = hot<Action>('-o-#', values)
      expectObservable(telemetryEpic(action$, stateStub(stateWith()).state$, deps)).toBe('---#')
      expectSubscriptions(action$.subscriptions).toBe('^--!')
    })
    expect(post).toHaveBeenCalledTimes(1)
  })

  test('behavior: an empty source completes', () => {
    const { deps, post } = fakeDeps(scheduler)
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const action$ = cold<Action>('|')
      expectObservable(telemetryEpic(action$, stateStub(stateWith()).state$, deps)).toBe('|')
      expectSubscriptions(action$.subscriptions).toBe('(^!)')
    })
    expect(post).not.toHaveBeenCalled()
  })

  test('behavior: a never source sends nothing and is unsubscribed with the epic', () => {
    const { deps, post } = fakeDeps(scheduler)
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const action$ = cold<Action>('-')
      const unsub = '^ 10m !'
      expectObservable(telemetryEpic(action$, stateStub(stateWith()).state$, deps), unsub).toBe('-')
      expectSubscriptions(action$.subscriptions).toBe(unsub)
    })
    expect(post).not.toHaveBeenCalled()
  })

  test('behavior: wired as createAirlock wires it (lazy, its chunk loaded when the store starts it), an action dispatched while it loads is sent', async () => {
    // A fresh module graph, as on a page: the chunk (core/startupEffects.ts) is evaluated by this load.
    vi.resetModules()
    const { telemetry: lazyTelemetryEpic } = (await import('../core/lazyStartupEpics.js')).lazyStartupEpics
    const { deps, post } = fakeDeps(scheduler)
    const action$ = new Subject<Action>()
    const errors: unknown[] = []
    lazyTelemetryEpic(action$, stateStub(stateWith()).state$, deps).subscribe({ error: (error: unknown) => errors.push(error) })
    action$.next(open)
    // Loading the chunk takes a while on a busy machine; a failed load ends the wait at once.
    await vi.waitFor(() => {
      scheduler.flush()
      expect(post.mock.calls.length + errors.length).toBeGreaterThan(0)
    }, { timeout: 15_000 })
    expect(errors).toEqual([])
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]![0].body).toMatchObject({ eventId: 'id1', url: 'https://dapp.example/swap', props: { type: 'track', event: 'MODAL_OPEN' } })
  })
})
