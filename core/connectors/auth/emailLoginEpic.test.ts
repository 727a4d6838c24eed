import { merge, of } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import type { AirlockDeps } from '../../deps.js'
import type { AirlockState } from '../../state.js'
import type { Epic } from '../../store/types.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { createProviderRegistry } from '../providerRegistry.js'
import { cooldownEpic } from './cooldownEpic.js'
import { emailLoginEpic } from './emailLoginEpic.js'
import { alertFor } from '../../errors/alerts.js'

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const EMAIL = 'ada@example.com'

function setup(scheduler: TestScheduler) {
  const writes: Record<string, unknown> = {}
  const storage = {
    backend: 'memory',
    load: () => Promise.reject(new Error('unused')),
    save: () => Promise.resolve(),
    getItem: () => of(undefined),
    setItem: (name: string, value: unknown) => ((writes[name] = value), Promise.resolve()),
  }
  let n = 0
  const deps = { scheduler, storage, providers: createProviderRegistry(), id: () => `id${++n}` } as unknown as AirlockDeps
  const state = initialState({ networks: [airlockDevnet], defaultAccountTypes: { eip155: 'eoa' } })
  return { deps, writes, state }
}

/** Email login with the cooldown running beside it, as in the store. */
const epic: Epic<Action, AirlockState, AirlockDeps> = (action$, state$, deps) => merge(emailLoginEpic()(action$, state$, deps), cooldownEpic()(action$, state$, deps))
const ok = (id: string, name: string, payload?: unknown): Action => ({ type: 'frame/requestSucceeded', id, name: name as never, ...(payload === undefined ? {} : { payload }) })
const sentNames = (actions: Action[]) => actions.flatMap((a) => (a.type === 'frame/requestSent' ? [a.name] : []))

describe('emailLoginEpic', () => {
  test('default: CONNECT_EMAIL → VERIFY_OTP → CONNECT_OTP → GET_USER → connected, with the login flags stored', () => {
    const scheduler = newScheduler()
    const seen: Action[] = []
    let final: AirlockState | undefined
    scheduler.run(({ hot }) => {
      const { deps, writes, state } = setup(scheduler)
      const input$ = hot<Action>('-e 9ms a 9ms o 9ms b 9ms u', {
        e: { type: 'auth/emailLoginRequested', email: EMAIL },
        a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_OTP' }),
        o: { type: 'auth/otpSubmitted', otp: '123456' },
        b: ok('id2', 'CONNECT_OTP'),
        u: ok('id3', 'GET_USER', { address: ADDRESS, chainId: 31337, email: EMAIL, preferredAccountType: 'eoa' }),
      })
      const run = runEpic(scheduler, epic, input$, state, deps)
      run.out$.subscribe((a) => seen.push(a))
      scheduler.schedule(() => {
        final = run.state()
        expect(writes).toMatchObject({ walletEmailLoginUsed: true, walletLastEmailLoginTime: null, walletEmail: EMAIL })
      }, 100)
    })
    expect(sentNames(seen)).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER'])
    const getUser = seen.find((a) => a.type === 'frame/requestSent' && a.name === 'GET_USER')
    expect(getUser).toMatchObject({ message: { payload: { chainId: 31337, preferredAccountType: 'eoa' } } })
    expect(seen).toContainEqual({ type: 'router/pushRequested', view: 'EmailVerifyOtp' })
    expect(seen).toContainEqual({ type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:31337:${ADDRESS}`, connectorId: 'auth', accounts: [`eip155:31337:${ADDRESS}`] })
    expect(final?.connection.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'auth' })
    expect(final?.auth).toMatchObject({ step: 'idle', cooldownSeconds: 0 })
    // The email stays out of state (it is redacted from the log; replay must stay exact).
    expect(JSON.stringify(final)).not.toContain(EMAIL)
  })

  test('behavior: a second code within 30 s is refused with the countdown; after 30 s it goes out', () => {
    const scheduler = newScheduler()
    const seen: Action[] = []
    const states: AirlockState[] = []
    scheduler.run(({ hot }) => {
      const { deps, state } = setup(scheduler)
      const e: Action = { type: 'auth/emailLoginRequested', email: EMAIL }
      const input$ = hot<Action>('-e 9ms a 10s e 20s e', { e, a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_OTP' }) })
      const run = runEpic(scheduler, epic, input$, state, deps)
      run.out$.subscribe((a) => seen.push(a))
      scheduler.schedule(() => states.push(run.state()), 10_013)
      scheduler.schedule(() => states.push(run.state()), 12_013)
    })
    expect(sentNames(seen)).toEqual(['CONNECT_EMAIL', 'CONNECT_EMAIL'])
    expect(states[0]?.auth).toMatchObject({ blocked: true, cooldownSeconds: 20 })
    expect(states[1]?.auth).toMatchObject({ blocked: true, cooldownSeconds: 18 })
    const second = seen.filter((a) => a.type === 'frame/requestSent')[1]
    expect(second).toMatchObject({ id: 'id2' })
  })

  test('behavior: an attempt that sent no code (the frame did not load) starts no cooldown: the retry goes out at once, and the code it sends starts it (review 4a)', () => {
    const scheduler = newScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const { deps, writes, state } = setup(scheduler)
      const notLoaded = { message: 'Network Error - Could not load embedded wallet' }
      const input$ = hot<Action>('-e 9ms f 9ms e 9ms a', {
        e: { type: 'auth/emailLoginRequested', email: EMAIL },
        f: { type: 'frame/requestFailed', id: 'id1', name: 'CONNECT_EMAIL', error: notLoaded, reason: 'notLoaded' },
        a: ok('id2', 'CONNECT_EMAIL', { action: 'VERIFY_OTP' }),
      })
      const sent = (id: string): Action => ({ type: 'frame/requestSent', id, name: 'CONNECT_EMAIL', message: { id, type: '@airlock-app/CONNECT_EMAIL', payload: { email: EMAIL } }, timeoutMs: 30_000 })
      const run = runEpic(scheduler, epic, input$, state, deps)
      expectObservable(run.out$, '^ 1500ms !').toBe('-s 9ms (lr) 6ms t 9ms (cnpu) 994ms v', {
        s: sent('id1'),
        l: { type: 'auth/loginFailed', error: notLoaded },
        r: { type: 'alerts/raised', alert: alertFor('IFRAME_LOAD_FAILED') },
        t: sent('id2'),
        c: { type: 'auth/cooldownStarted', until: 31 + 30_000 },
        n: { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' },
        p: { type: 'router/pushRequested', view: 'EmailVerifyOtp' },
        u: { type: 'auth/cooldownTicked', seconds: 30 },
        v: { type: 'auth/cooldownTicked', seconds: 29 },
      })
      // Nothing was persisted for the failed attempt; the sent code's time was.
      scheduler.schedule(() => expect(writes).not.toHaveProperty('walletLastEmailLoginTime'), 30)
      scheduler.schedule(() => expect(writes).toMatchObject({ walletLastEmailLoginTime: 31 }), 32)
      scheduler.schedule(() => expect(run.state().auth).toMatchObject({ step: 'idle', blocked: false, cooldownSeconds: 0 }), 15)
    })
  })

  test('behavior: an attempt the frame did not answer in time may have sent a code: it starts the cooldown', () => {
    const scheduler = newScheduler()
    const seen: Action[] = []
    scheduler.run(({ hot }) => {
      const { deps, state } = setup(scheduler)
      const input$ = hot<Action>('-e 30s f', {
        e: { type: 'auth/emailLoginRequested', email: EMAIL },
        f: { type: 'frame/requestFailed', id: 'id1', name: 'CONNECT_EMAIL', error: { message: 'Embedded Wallet Request Timed Out' }, reason: 'timeout' },
      })
      runEpic(scheduler, epic, input$, state, deps).out$.subscribe((a) => seen.push(a))
    })
    expect(seen).toContainEqual({ type: 'auth/cooldownStarted', until: 30_002 + 30_000 })
    expect(seen.findIndex((a) => a.type === 'auth/cooldownStarted')).toBeLessThan(seen.findIndex((a) => a.type === 'auth/loginFailed'))
  })

  test('behavior: a wrong code shows the frame message and keeps the code view; an unknown server message raises no alert', () => {
    const scheduler = newScheduler()
    const seen: Action[] = []
    let final: AirlockState | undefined
    scheduler.run(({ hot }) => {
      const { deps, state } = setup(scheduler)
      const input$ = hot<Action>('-e 9ms a 9ms o 9ms f', {
        e: { type: 'auth/emailLoginRequested', email: EMAIL },
        a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_OTP' }),
        o: { type: 'auth/otpSubmitted', otp: '000000' },
        f: { type: 'frame/requestFailed', id: 'id2', name: 'CONNECT_OTP', error: { message: 'Invalid code' }, reason: 'error' },
      })
      const run = runEpic(scheduler, epic, input$, state, deps)
      run.out$.subscribe((a) => seen.push(a))
      scheduler.schedule(() => (final = run.state()), 50)
    })
    expect(final?.auth).toMatchObject({ step: 'verifyOtp', error: { message: 'Invalid code' } })
    expect(seen.some((a) => a.type === 'alerts/raised')).toBe(false)
  })

  test('behavior: SPEC 8 server messages raise their alert (origin not allowed → Invalid App Configuration)', () => {
    const scheduler = newScheduler()
    const seen: Action[] = []
    scheduler.run(({ hot }) => {
      const { deps, state } = setup(scheduler)
      const input$ = hot<Action>('-e 9ms f', {
        e: { type: 'auth/emailLoginRequested', email: EMAIL },
        f: { type: 'frame/requestFailed', id: 'id1', name: 'CONNECT_EMAIL', error: { message: 'Unauthorized: origin not allowed' }, reason: 'error' },
      })
      runEpic(scheduler, epic, input$, state, deps).out$.subscribe((a) => seen.push(a))
    })
    expect(seen).toContainEqual(expect.objectContaining({ type: 'alerts/raised', alert: expect.objectContaining({ code: 'INVALID_APP_CONFIGURATION', title: 'Invalid App Configuration' }) }))
  })

  test('behavior: VERIFY_DEVICE waits on CONNECT_DEVICE, whose approval sends the code: the code view follows, no second CONNECT_EMAIL', () => {
    const scheduler = newScheduler()
    const seen: Action[] = []
    let final: (() => AirlockState) | undefined
    scheduler.run(({ hot }) => {
      const { deps, state } = setup(scheduler)
      const input$ = hot<Action>('-e 9ms a 9ms d 9ms o', {
        e: { type: 'auth/emailLoginRequested', email: EMAIL },
        a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_DEVICE' }),
        d: ok('id2', 'CONNECT_DEVICE'),
        o: { type: 'auth/otpSubmitted', otp: '123456' },
      })
      const harness = runEpic(scheduler, epic, input$, state, deps)
      harness.out$.subscribe((a) => seen.push(a))
      final = harness.state
    })
    expect(sentNames(seen)).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP'])
    expect(seen).toContainEqual({ type: 'router/pushRequested', view: 'EmailVerifyDevice' })
    expect(seen).toContainEqual({ type: 'router/replaceRequested', view: 'EmailVerifyOtp' })
    expect(seen.filter((a) => a.type === 'auth/cooldownStarted')).toHaveLength(1)
    expect(final!().auth.step).toBe('verifying')
  })

  // The routing and cancelling rules, each checked on the exact actions at their exact frames
  // (email login alone, no cooldown ticks; `pre` sets the view the person is on).
  function flow(marbles: string, values: Record<string, Action>, pre: Action[] = []): [number, Action][] {
    const scheduler = newScheduler()
    const seen: [number, Action][] = []
    scheduler.run(({ hot }) => {
      const { deps, state } = setup(scheduler)
      runEpic(scheduler, emailLoginEpic(), hot<Action>(marbles, values), reduce(state, ...pre), deps).out$.subscribe((a) => seen.push([scheduler.now(), a]))
    })
    return seen
  }
  const request: Action = { type: 'auth/emailLoginRequested', email: EMAIL }
  const sent = (id: string, name: string, payload?: unknown, timeoutMs = 30_000): Action =>
    ({ type: 'frame/requestSent', id, name, message: { type: `@airlock-app/${name}`, ...(payload === undefined ? {} : { payload }), id }, timeoutMs }) as Action
  const codeSent = (next: 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT'): Action => ({ type: 'auth/emailCodeSent', next })
  const cooldownFrom11: Action = { type: 'auth/cooldownStarted', until: 11 + 30_000 }
  const onView = (view: string): Action[] => [{ type: 'modal/openRequested', view } as Action]

  test('behavior: CONNECT (no code needed) routes nowhere and connects at once: frameConnected by email, then GET_USER', () => {
    expect(flow('-e 9ms a', { e: request, a: ok('id1', 'CONNECT_EMAIL', { action: 'CONNECT' }) })).toEqual([
      [1, sent('id1', 'CONNECT_EMAIL', { email: EMAIL })],
      [11, cooldownFrom11],
      [11, codeSent('CONNECT')],
      [11, { type: 'auth/frameConnected', method: 'email' }],
      [11, sent('id2', 'GET_USER', { chainId: 31337, preferredAccountType: 'eoa' }, 20_000)],
    ])
  })

  test.each([
    ['the connect view', 'Connect', [{ type: 'router/pushRequested', view: 'EmailVerifyOtp' }]],
    ['the code view already (no second push)', 'EmailVerifyOtp', []],
    ['the device view (replaced, so back does not return to it)', 'EmailVerifyDevice', [{ type: 'router/replaceRequested', view: 'EmailVerifyOtp' }]],
  ])('behavior: VERIFY_OTP from %s routes exactly so', (_, view, route) => {
    const routed = flow('-e 9ms a', { e: request, a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_OTP' }) }, onView(view))
    expect(routed).toEqual([[1, sent('id1', 'CONNECT_EMAIL', { email: EMAIL })], [11, cooldownFrom11], [11, codeSent('VERIFY_OTP')], ...route.map((a) => [11, a])])
  })

  test('behavior: leaving the code view while the code is checked ignores the check\'s answer; the code itself goes to the frame', () => {
    const seen = flow('-e 9ms a 9ms o 4ms c 5ms b', {
      e: request,
      a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_OTP' }),
      o: { type: 'auth/otpSubmitted', otp: '123456' },
      c: { type: 'auth/loginCancelled' },
      b: ok('id2', 'CONNECT_OTP'),
    })
    expect(seen.slice(4)).toEqual([[21, sent('id2', 'CONNECT_OTP', { otp: '123456' })]])
  })

  const device = { e: request, a: ok('id1', 'CONNECT_EMAIL', { action: 'VERIFY_DEVICE' }) }
  const deviceStart: [number, Action][] = [
    [1, sent('id1', 'CONNECT_EMAIL', { email: EMAIL })],
    [11, cooldownFrom11],
    [11, codeSent('VERIFY_DEVICE')],
    [11, { type: 'router/pushRequested', view: 'EmailVerifyDevice' }],
    [11, sent('id2', 'CONNECT_DEVICE')],
  ]
  test.each([
    ['the device view: replaced by the code view', [], [{ type: 'router/replaceRequested', view: 'EmailVerifyOtp' }]],
    ['the code view already: stays', [{ type: 'router/replaceRequested', view: 'EmailVerifyOtp' }], []],
    ['another view: the code view is pushed', [{ type: 'router/replaceRequested', view: 'Connect' }], [{ type: 'router/pushRequested', view: 'EmailVerifyOtp' }]],
  ] as [string, Action[], Action[]][])('behavior: the device approved while on %s', (_, moves, route) => {
    // The person moves (input `m`, not an output) at 16; the approval comes at 21.
    const seen = flow(`-e 9ms a 4ms ${moves.length ? 'm' : '-'} 4ms d`, { ...device, m: moves[0] ?? request, d: ok('id2', 'CONNECT_DEVICE') })
    expect(seen).toEqual([...deviceStart, [21, { type: 'auth/deviceApproved' }], [21, codeSent('VERIFY_OTP')], ...route.map((a) => [21, a])])
  })

  test('behavior: a refused device approval fails the login (no code view, no approval)', () => {
    const error = { message: 'Link expired' }
    const seen = flow('-e 9ms a 9ms f', { ...device, f: { type: 'frame/requestFailed', id: 'id2', name: 'CONNECT_DEVICE', error, reason: 'error' } })
    expect(seen).toEqual([...deviceStart, [21, { type: 'auth/loginFailed', error }]])
  })

  test('behavior: leaving the device view stops waiting for the approval: its late answer does nothing', () => {
    const seen = flow('-e 9ms a 4ms c 4ms d', { ...device, c: { type: 'auth/loginCancelled' }, d: ok('id2', 'CONNECT_DEVICE') })
    expect(seen).toEqual(deviceStart)
  })

  test('hostile: a cancel carrying a stray `next: VERIFY_DEVICE` starts no device wait (only a sent code does)', () => {
    const stray = { type: 'auth/loginCancelled', next: 'VERIFY_DEVICE' } as Action
    expect(flow('-c', { c: stray })).toEqual([])
  })
})
