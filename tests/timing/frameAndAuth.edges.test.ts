import { merge, of } from 'rxjs'
import { describe } from 'vitest'
import type { Action } from '../../core/actions/types.js'
import { airlockDevnet } from '../../core/chains/networks.js'
import { authProviderEpic } from '../../core/connectors/auth/authProviderEpic.js'
import { authSession, type PopupLike } from '../../core/connectors/auth/authSession.js'
import { cooldownEpic } from '../../core/connectors/auth/cooldownEpic.js'
import { emailLoginEpic } from '../../core/connectors/auth/emailLoginEpic.js'
import { notAllowedEpic } from '../../core/connectors/auth/notAllowedEpic.js'
import { signOutEpic } from '../../core/connectors/auth/signOutEpic.js'
import { socialLoginEpic, TELEGRAM_RESULT_PARAM } from '../../core/connectors/auth/socialLoginEpic.js'
import { syncFrameEpic } from '../../core/connectors/auth/syncFrameEpic.js'
import {
  EMAIL_LOGIN_COOLDOWN_MS,
  ERROR_UI_DELAY_MS,
  FRAME_APPROVAL_TIMEOUT_MS,
  FRAME_DROP_REPORT_WINDOW_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SYNC_TIMEOUT_MS,
  SIGN_OUT_WAIT_MS,
  SOCIAL_LOGIN_MARKER_MS,
  SOCIAL_POPUP_POLL_MS,
} from '../../core/constants/timing.js'
import type { AirlockDeps } from '../../core/deps.js'
import { frameReady, frameSuccess } from '../../core/frame/builders.js'
import { frameTransportEpic } from '../../core/frame/frameEpics.js'
import type { FrameHost } from '../../core/frame/FrameHost.js'
import type { AppMessage } from '../../core/frame/protocol.js'
import type { AirlockState } from '../../core/state.js'
import type { Epic } from '../../core/store/types.js'
import { marbleDeps } from '../support/epicHarness.js'
import { initialState, reduce } from '../support/state.js'
import { runTimeline, timingEdge, typesOf, virtualClock, type Timed } from '../support/timingEdges.js'

/**
 * SPEC 9's frame and login timings at both edges, each through the real epic and the real frame
 * transport (a scripted frame behind a FrameHost double), on a virtual clock.
 */

type AirlockEpic = Epic<Action, AirlockState, AirlockDeps>
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const EMAIL = 'ada@example.com'

/** A secure frame behind the FrameHost interface: records what the page posts; `reply` plays the frame's window. */
function scriptedFrame() {
  const posted: AppMessage[] = []
  let listener: ((data: unknown) => void) | undefined
  const host: FrameHost = {
    load: () => undefined,
    listen: (l) => {
      listener = l
      return () => (listener = undefined)
    },
    post: (m) => void posted.push(m as AppMessage),
    setVisible: () => undefined,
    destroy: () => undefined,
  }
  /** The id of the last request of that name the page posted. */
  const idOf = (name: string) => posted.filter((m) => m.type === `@airlock-app/${name}`).at(-1)?.id
  return { host, posted, idOf, reply: (data: unknown) => listener?.(data) }
}

/** Auth storage as the real one behaves, synchronously: typed keys, null removes. */
function syncStorage(seed: Record<string, unknown> = {}) {
  const stored = new Map<string, unknown>(Object.entries(seed))
  return {
    stored,
    storage: {
      backend: 'memory',
      load: () => Promise.reject(new Error('unused')),
      save: () => Promise.resolve(),
      getItem: (name: string) => of(stored.get(name)),
      setItem: (name: string, value: unknown) => (value === null ? stored.delete(name) : stored.set(name, value), Promise.resolve()),
    },
  }
}

/** Marble deps with the scripted frame and sync storage. */
function frameDeps(clock: ReturnType<typeof virtualClock>, seed?: Record<string, unknown>) {
  const frame = scriptedFrame()
  const { storage, stored } = syncStorage(seed)
  const deps = { ...marbleDeps(clock), frameHost: frame.host, storage } as unknown as AirlockDeps
  return { frame, deps, stored }
}

/** The caller epic with the whole frame transport beside it, as the store runs them. */
const withTransport =
  (...epics: AirlockEpic[]): AirlockEpic =>
  (action$, state$, deps) =>
    merge(frameTransportEpic()(action$, state$, deps), ...epics.map((epic) => epic(action$, state$, deps)))

const base = () => initialState({ networks: [airlockDevnet], defaultAccountTypes: { eip155: 'eoa' }, features: { email: true } })
const frameReadyState = (state = base()) => reduce(state, { type: 'frame/loadStarted', url: 'https://secure.example' }, { type: 'frame/ready' })

/** How each request of that name ended: `frame/requestSucceeded` or `frame/requestFailed:<reason>`. */
const endings = (out: readonly Timed[], name: string): string[] =>
  out.flatMap(({ action: a }) => ((a.type === 'frame/requestSucceeded' || a.type === 'frame/requestFailed') && a.name === name ? [a.type === 'frame/requestFailed' ? `${a.type}:${a.reason}` : a.type] : []))

describe('frame transport (SPEC 9)', () => {
  timingEdge('FRAME_LOAD_TIMEOUT_MS: a READY 19 999 ms after the load starts makes the frame ready; at 20 000 ms the load has failed', {
    constant: FRAME_LOAD_TIMEOUT_MS,
    spec: 20_000,
    run: (ms) => {
      const clock = virtualClock()
      const { frame, deps } = frameDeps(clock)
      const { state } = runTimeline(clock, { epic: frameTransportEpic(), state: base(), deps, inputs: [[0, { type: 'frame/loadRequested' }]], calls: [[ms, () => frame.reply(frameReady('1.7.7'))]] })
      return state.frame.status
    },
    before: 'ready',
    at: 'failed',
  })

  timingEdge('FRAME_READY_DELAY_MS: the frame counts as ready 500 ms after its READY, not before', {
    constant: FRAME_READY_DELAY_MS,
    spec: 500,
    run: (ms) => {
      const clock = virtualClock()
      const { frame, deps } = frameDeps(clock)
      const { state } = runTimeline(clock, { epic: frameTransportEpic(), state: base(), deps, inputs: [[0, { type: 'frame/loadRequested' }]], calls: [[0, () => frame.reply(frameReady('1.7.7'))]], lookAt: ms })
      return state.frame.status
    },
    before: 'loading',
    at: 'ready',
  })

  timingEdge('FRAME_REQUEST_TIMEOUT_MS: CONNECT_EMAIL answered 29 999 ms after it was sent succeeds; at 30 000 ms it has timed out', {
    constant: FRAME_REQUEST_TIMEOUT_MS,
    spec: 30_000,
    run: (ms) => {
      const clock = virtualClock()
      const { frame, deps } = frameDeps(clock)
      const { out } = runTimeline(clock, {
        epic: withTransport(emailLoginEpic()),
        state: frameReadyState(),
        deps,
        inputs: [[0, { type: 'auth/emailLoginRequested', email: EMAIL }]],
        calls: [[ms, () => frame.reply(frameSuccess('CONNECT_EMAIL', frame.idOf('CONNECT_EMAIL'), { action: 'VERIFY_OTP' }))]],
      })
      return endings(out, 'CONNECT_EMAIL')
    },
    before: ['frame/requestSucceeded'],
    at: ['frame/requestFailed:timeout'],
  })

  timingEdge('SIGN_OUT_WAIT_MS: sign out waits for a silent frame 3 000 ms, then disconnects anyway and drops the SIGN_OUT request', {
    constant: SIGN_OUT_WAIT_MS,
    spec: 3_000,
    run: (ms) => {
      const clock = virtualClock()
      const { deps } = frameDeps(clock)
      const connected = reduce(frameReadyState(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:31337:${ADDRESS}`, connectorId: 'auth' })
      const { out, state } = runTimeline(clock, { epic: withTransport(signOutEpic()), state: connected, deps, inputs: [[0, { type: 'connection/disconnectRequested', namespace: 'eip155' }]], lookAt: ms })
      // The epic's own wait and the transport's SIGN_OUT timeout (frameRequestTimeout) are both SIGN_OUT_WAIT_MS.
      return { signedOut: typesOf(out).includes('auth/signedOut'), pending: Object.values(state.frame.pending).map((p) => p.name) }
    },
    before: { signedOut: false, pending: ['SIGN_OUT'] },
    at: { signedOut: true, pending: [] },
  })

  timingEdge('FRAME_APPROVAL_TIMEOUT_MS: a signature the person approves in the frame 299 999 ms after the request is delivered; at 300 000 ms it has timed out', {
    constant: FRAME_APPROVAL_TIMEOUT_MS,
    spec: 300_000,
    run: (ms) => {
      const clock = virtualClock()
      const { frame, deps } = frameDeps(clock)
      const ask = () => {
        const provider = deps.providers.get('auth')!
        // The dapp's promise: rejected on the timeout (handled here), resolved on the approval.
        void (provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }) as Promise<unknown>).catch(() => undefined)
      }
      const started: Action = { type: 'app/started', environment: { origin: 'https://dapp.example', pageUrl: 'https://dapp.example/', isMobile: false, ssr: false } }
      const { out } = runTimeline(clock, {
        epic: withTransport(authProviderEpic),
        state: frameReadyState(),
        deps,
        inputs: [[0, started]],
        calls: [
          [1, ask],
          [1 + ms, () => frame.reply(frameSuccess('RPC_REQUEST', frame.idOf('RPC_REQUEST'), `0x${'ab'.repeat(65)}`))],
        ],
      })
      return endings(out, 'RPC_REQUEST')
    },
    before: ['frame/requestSucceeded'],
    // The timed-out request is also taken back in the frame (RPC_ABORT, which nobody answers here).
    at: ['frame/requestFailed:timeout'],
  })

  timingEdge('FRAME_SYNC_TIMEOUT_MS: unanswered theme and dapp-data syncs stay pending 59 999 ms and are dropped at 60 000 ms', {
    constant: FRAME_SYNC_TIMEOUT_MS,
    spec: 60_000,
    run: (ms) => {
      const clock = virtualClock()
      const { deps } = frameDeps(clock)
      const loading = reduce(base(), { type: 'frame/loadStarted', url: 'https://secure.example' })
      const { state } = runTimeline(clock, { epic: withTransport(syncFrameEpic), state: loading, deps, inputs: [[0, { type: 'frame/ready' }]], lookAt: ms })
      return Object.values(state.frame.pending).map((p) => p.name).sort()
    },
    before: ['SYNC_DAPP_DATA', 'SYNC_THEME'],
    at: [],
  })

  timingEdge('FRAME_DROP_REPORT_WINDOW_MS: after a malformed frame message reported at 0 ms, another at 59 999 ms is dropped unreported; at 60 000 ms it is reported', {
    constant: FRAME_DROP_REPORT_WINDOW_MS,
    spec: 60_000,
    run: (ms) => {
      const clock = virtualClock()
      const { frame, deps } = frameDeps(clock)
      const garbage = () => frame.reply({ type: '@airlock-frame/NOT_A_MESSAGE' })
      const { out } = runTimeline(clock, { epic: frameTransportEpic(), state: frameReadyState(), deps, calls: [[0, garbage], [ms, garbage]], lookAt: ms })
      return out.filter(({ action: a }) => a.type === 'frame/messageDropped').map((t) => t.ms)
    },
    before: [0],
    at: [0, 60_000],
  })
})

describe('login and approval timing (SPEC 5, 9)', () => {
  timingEdge('ERROR_UI_DELAY_MS: a disallowed request shows its error 300 ms later; closing the modal at 299 ms cancels it', {
    constant: ERROR_UI_DELAY_MS,
    spec: 300,
    run: (ms) => {
      const clock = virtualClock()
      const { out } = runTimeline(clock, {
        epic: notAllowedEpic(),
        state: base(),
        deps: marbleDeps(clock),
        inputs: [
          [0, { type: 'auth/requestNotAllowed', method: 'eth_signTypedData' }],
          [ms, { type: 'modal/closeRequested' }],
        ],
      })
      return typesOf(out).includes('auth/notAllowedShown')
    },
    before: false,
    at: true,
  })

  timingEdge('EMAIL_LOGIN_COOLDOWN_MS: a second code 29 999 ms after the first is refused; at 30 000 ms it goes out', {
    constant: EMAIL_LOGIN_COOLDOWN_MS,
    spec: 30_000,
    run: (ms) => {
      const clock = virtualClock()
      const { storage } = syncStorage()
      const deps = { ...marbleDeps(clock), storage } as unknown as AirlockDeps
      const epic: AirlockEpic = (action$, state$, d) => merge(emailLoginEpic()(action$, state$, d), cooldownEpic()(action$, state$, d))
      const request: Action = { type: 'auth/emailLoginRequested', email: EMAIL }
      const { out } = runTimeline(clock, {
        epic,
        state: base(),
        deps,
        inputs: [
          [0, request],
          // The frame sent the code at once: the cooldown counts from 0 ms.
          [0, { type: 'frame/requestSucceeded', id: 'id1', name: 'CONNECT_EMAIL', payload: { action: 'VERIFY_OTP' } }],
          [ms, request],
        ],
        lookAt: ms,
      })
      return out.filter(({ action: a }) => a.type === 'frame/requestSent' && a.name === 'CONNECT_EMAIL').length
    },
    before: 1,
    at: 2,
  })

  timingEdge('EMAIL_LOGIN_COOLDOWN_MS: after a reload, a code sent 29 999 ms ago still blocks the next one; one sent 30 000 ms ago does not', {
    constant: EMAIL_LOGIN_COOLDOWN_MS,
    spec: 30_000,
    run: (ms) => {
      const clock = virtualClock()
      // The last code went out at 0 ms (persisted); the page starts again `ms` later and asks for a code at once.
      const { storage } = syncStorage({ walletLastEmailLoginTime: 0 })
      const deps = { ...marbleDeps(clock), storage } as unknown as AirlockDeps
      const started: Action = { type: 'app/started', environment: { origin: 'https://dapp.example', pageUrl: 'https://dapp.example/', isMobile: false, ssr: false } }
      const { out, state } = runTimeline(clock, { epic: cooldownEpic(), state: base(), deps, inputs: [[ms, started], [ms, { type: 'auth/emailLoginRequested', email: EMAIL }]], lookAt: ms })
      const restored = out.flatMap(({ action: a }) => (a.type === 'auth/cooldownStarted' ? [a.until] : []))
      return { restored, blocked: state.auth.blocked, secondsLeft: state.auth.cooldownSeconds }
    },
    // 1 ms left still counts as a whole second ('Please try again after 1 seconds'); none left restores nothing.
    before: { restored: [30_000], blocked: true, secondsLeft: 1 },
    at: { restored: [], blocked: false, secondsLeft: 0 },
  })

  timingEdge('SOCIAL_LOGIN_MARKER_MS: a social result in the page URL 599 999 ms after this browser opened the provider completes the login; at 600 000 ms it is ignored', {
    constant: SOCIAL_LOGIN_MARKER_MS,
    spec: 600_000,
    run: (ms) => {
      const PAGE = 'http://127.0.0.1:5173'
      const SECURE = 'http://127.0.0.1:8789'
      const RESULT = `${SECURE}/oauth/callback?provider=github&state=abc&user=octo`
      const started: Action = { type: 'app/started', environment: { origin: PAGE, pageUrl: `${PAGE}/`, isMobile: false, ssr: false } }
      const page = (href: string) => ({
        location: { origin: PAGE, href, pathname: '/' },
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        history: { replaceState: () => undefined },
      })
      const state = reduce(initialState({ networks: [airlockDevnet], secureSiteUrl: SECURE }), started)

      // This browser opens the provider at 0 ms: the epic stores its "login started" marker.
      const opening = virtualClock()
      const first = syncStorage()
      const openerDeps = { ...marbleDeps(opening), storage: first.storage, window: page(`${PAGE}/`) } as unknown as AirlockDeps
      const popup: PopupLike = { closed: false, location: { href: 'about:blank' }, close: () => undefined }
      authSession(openerDeps.providers).popup = popup
      let marker: unknown
      runTimeline(opening, {
        epic: socialLoginEpic(),
        state,
        deps: openerDeps,
        inputs: [
          [0, { type: 'auth/socialLoginRequested', provider: 'github' }],
          [0, { type: 'frame/requestSucceeded', id: 'id1', name: 'GET_SOCIAL_REDIRECT_URI', payload: { uri: `${SECURE}/oauth?provider=github&state=abc` } }],
        ],
        calls: [[0, () => (marker = first.stored.get('walletSocialLoginStarted'))]],
        lookAt: 1,
      })

      // The provider sends the person back into the page with the result, `ms` after the provider opened.
      const returning = virtualClock()
      const second = syncStorage({ walletSocialLoginStarted: marker })
      const href = `${PAGE}/?${TELEGRAM_RESULT_PARAM}=${encodeURIComponent(RESULT)}`
      const deps = { ...marbleDeps(returning), storage: second.storage, window: page(href) } as unknown as AirlockDeps
      const { out } = runTimeline(returning, { epic: socialLoginEpic(), state, deps, inputs: [[ms, started]], lookAt: ms })
      return out.flatMap(({ action: a }) => (a.type === 'frame/requestSent' ? [a.name] : []))
    },
    before: ['CONNECT_SOCIAL'],
    at: [],
  })

  timingEdge('SOCIAL_POPUP_POLL_MS: a provider window closed as soon as it opened is still awaited at 499 ms; the look at 500 ms ends the attempt', {
    constant: SOCIAL_POPUP_POLL_MS,
    spec: 500,
    run: (ms) => {
      const SECURE = 'http://127.0.0.1:8789'
      const clock = virtualClock()
      const { storage } = syncStorage()
      const deps = { ...marbleDeps(clock), storage } as unknown as AirlockDeps
      const popup = { closed: false, location: { href: 'about:blank' }, close: () => undefined }
      authSession(deps.providers).popup = popup
      const { out } = runTimeline(clock, {
        epic: socialLoginEpic(),
        state: initialState({ networks: [airlockDevnet], secureSiteUrl: SECURE }),
        deps,
        inputs: [
          [0, { type: 'auth/socialLoginRequested', provider: 'github' }],
          [0, { type: 'frame/requestSucceeded', id: 'id1', name: 'GET_SOCIAL_REDIRECT_URI', payload: { uri: `${SECURE}/oauth?provider=github&state=abc` } }],
        ],
        calls: [[0, () => (popup.closed = true)]],
        lookAt: ms,
      })
      return typesOf(out).includes('auth/loginFailed')
    },
    before: false,
    at: true,
  })
})
