import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import { SOCIAL_LOGIN_MARKER_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { createProviderRegistry } from '../providerRegistry.js'
import { authSession, type PopupLike } from './authSession.js'
import { POPUP_BLOCKED_MESSAGE, POPUP_CLOSED_MESSAGE, SOCIAL_RESULT_MESSAGE, socialLoginEpic, TELEGRAM_RESULT_PARAM } from './socialLoginEpic.js'

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const PAGE = 'http://127.0.0.1:5173'
const SECURE = 'http://127.0.0.1:8789'
const RESULT = `${SECURE}/oauth/callback?provider=github&state=abc&user=octo`
const requested: Action = { type: 'auth/socialLoginRequested', provider: 'github' }
const redirect = (uri: string): Action => ({ type: 'frame/requestSucceeded', id: 'id1', name: 'GET_SOCIAL_REDIRECT_URI', payload: { uri } })
const started: Action = { type: 'app/started', environment: { origin: PAGE, pageUrl: `${PAGE}/`, isMobile: false, ssr: false } }
const EVIL = `${RESULT}&evil=1`

function fakePopup(): PopupLike & { closed: boolean; closedByUs: boolean } {
  const popup = { closed: false, closedByUs: false, location: { href: 'about:blank' }, close: () => ((popup.closed = true), (popup.closedByUs = true)) }
  return popup
}

function setup(href = `${PAGE}/`, seed: Record<string, unknown> = {}) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const listeners: ((event: Event) => void)[] = []
  const replaced: string[] = []
  const win = {
    location: { origin: PAGE, href, pathname: '/' },
    addEventListener: (_: string, l: (event: Event) => void) => listeners.push(l),
    removeEventListener: (_: string, l: (event: Event) => void) => listeners.splice(listeners.indexOf(l), 1),
    history: { replaceState: (_: unknown, __: string, url: string) => replaced.push(url) },
  }
  // Typed storage as the real one behaves: null removes; every write is recorded in order.
  const stored = new Map<string, unknown>(Object.entries(seed))
  const writes: [string, unknown][] = []
  const storage = {
    backend: 'memory',
    load: () => Promise.reject(new Error('unused')),
    save: () => Promise.resolve(),
    getItem: (name: string) => Promise.resolve(stored.get(name)),
    setItem: (name: string, value: unknown) => (writes.push([name, value]), value === null ? stored.delete(name) : stored.set(name, value), Promise.resolve()),
  }
  let n = 0
  const deps = { scheduler, storage, window: win, providers: createProviderRegistry(), id: () => `id${++n}` } as unknown as AirlockDeps
  const state = reduce(initialState({ networks: [airlockDevnet], secureSiteUrl: SECURE }), started)
  const post = (data: unknown, origin: string, source: unknown) => listeners.forEach((l) => l({ data, origin, source } as unknown as Event))
  return { scheduler, deps, state, post, listeners, replaced, stored, writes }
}

function collect(env: ReturnType<typeof setup>, input: string, values: Record<string, Action>, at: Record<number, () => void> = {}) {
  const seen: Action[] = []
  env.scheduler.run(({ hot }) => {
    runEpic(env.scheduler, socialLoginEpic(), hot<Action>(input, values), env.state, env.deps).out$.subscribe((a) => seen.push(a))
    for (const [frame, call] of Object.entries(at)) env.scheduler.schedule(call, Number(frame))
  })
  return seen
}

const sent = (seen: Action[]) => seen.flatMap((a) => (a.type === 'frame/requestSent' ? [a] : []))

describe('socialLoginEpic', () => {
  test('default: the popup goes to the redirect uri; the result posted by that popup from the secure origin completes the login', () => {
    const env = setup()
    const popup = fakePopup()
    authSession(env.deps.providers).popup = popup
    const seen = collect(env, 'r 9ms u 99ms c', {
      r: requested,
      u: redirect(`${SECURE}/oauth?provider=github&state=abc`),
      c: { type: 'frame/requestSucceeded', id: 'id2', name: 'CONNECT_SOCIAL', payload: { address: ADDRESS, chainId: 31337, userName: 'octo' } },
    }, {
      // Ignored: another window, another origin, another message type, a non-string uri.
      20: () => env.post({ type: SOCIAL_RESULT_MESSAGE, resultUri: EVIL }, SECURE, {}),
      21: () => env.post({ type: SOCIAL_RESULT_MESSAGE, resultUri: EVIL }, PAGE, popup),
      22: () => env.post({ type: 'other', resultUri: EVIL }, SECURE, popup),
      23: () => env.post({ type: SOCIAL_RESULT_MESSAGE, resultUri: 42 }, SECURE, popup),
      40: () => env.post({ type: SOCIAL_RESULT_MESSAGE, resultUri: RESULT }, SECURE, popup),
    })
    expect(popup.location.href).toBe(`${SECURE}/oauth?provider=github&state=abc`)
    expect(sent(seen).map((a) => a.name)).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])
    expect(sent(seen)[1]).toMatchObject({ message: { payload: { uri: RESULT } } })
    expect(popup.closedByUs).toBe(true)
    expect(seen).toContainEqual(expect.objectContaining({ type: 'auth/userLoaded', social: 'github', userName: 'octo' }))
    expect(seen).toContainEqual(expect.objectContaining({ type: 'connection/accountConnected', connectorId: 'auth' }))
    expect(env.listeners).toHaveLength(0)
  })

  test('behavior: a blocked popup fails at once; a non-https redirect is never opened', () => {
    const blocked = setup()
    expect(collect(blocked, 'r', { r: requested })).toContainEqual({ type: 'auth/loginFailed', error: { message: POPUP_BLOCKED_MESSAGE } })
    const env = setup()
    const popup = fakePopup()
    authSession(env.deps.providers).popup = popup
    const seen = collect(env, 'r 9ms u', { r: requested, u: redirect('javascript:alert(1)') })
    expect(popup.location.href).toBe('about:blank')
    expect(popup.closedByUs).toBe(true)
    expect(seen).toContainEqual({ type: 'auth/loginFailed', error: { message: 'Invalid url' } })
  })

  test('behavior: a popup the person closes ends the attempt at the next look (every 500 ms)', () => {
    const env = setup()
    const popup = fakePopup()
    authSession(env.deps.providers).popup = popup
    const seen = collect(env, 'r 9ms u', { r: requested, u: redirect(`${SECURE}/oauth?provider=github&state=abc`) }, { 700: () => (popup.closed = true) })
    const failed = seen.filter((a) => a.type === 'auth/loginFailed')
    expect(failed).toEqual([{ type: 'auth/loginFailed', error: { message: POPUP_CLOSED_MESSAGE } }])
  })

  test('behavior: a Telegram result in the page URL completes the login this browser started, and is removed from the address bar', async () => {
    const marker = { state: 'abc', provider: 'github', expiresAt: SOCIAL_LOGIN_MARKER_MS }
    const env = setup(`${PAGE}/shop?x=1&${TELEGRAM_RESULT_PARAM}=${encodeURIComponent(RESULT)}`, { [MARKER]: marker })
    const seen = await startWithResult(env)
    expect(env.replaced).toEqual([`${PAGE}/shop?x=1`])
    expect(sent(seen).map((a) => a.name)).toEqual(['CONNECT_SOCIAL'])
    expect(sent(seen)[0]).toMatchObject({ message: { payload: { uri: RESULT } } })
    // Single use: the same link cannot complete a second login.
    expect(env.stored.has(MARKER)).toBe(false)
  })

  describe('issue L-9: a social result in the page URL without a matching "login started" marker', () => {
    const href = `${PAGE}/shop?x=1&${TELEGRAM_RESULT_PARAM}=${encodeURIComponent(RESULT)}`

    test.each([
      ['no marker (a link from elsewhere)', undefined, true],
      ['a marker for another login (state)', { state: 'other', provider: 'github', expiresAt: SOCIAL_LOGIN_MARKER_MS }, true],
      ['an expired marker', { state: 'abc', provider: 'github', expiresAt: 0 }, false],
      ['a malformed marker', { state: 'abc', provider: 'farcaster', expiresAt: SOCIAL_LOGIN_MARKER_MS }, true],
      ['a marker that is only the state', 'abc', true],
    ])('error: %s is ignored and stripped from the URL', async (_, marker, kept) => {
      const env = setup(href, marker === undefined ? {} : { [MARKER]: marker })
      const seen = await startWithResult(env)
      expect(env.replaced).toEqual([`${PAGE}/shop?x=1`])
      expect(seen).toEqual([])
      // Someone else's link never cancels a login in progress; a lapsed marker is removed.
      expect(env.stored.has(MARKER)).toBe(marker !== undefined && kept)
    })
  })

  test('behavior: opening the provider stores the marker (its OAuth state, the provider, expiry by the scheduler clock); the end of the attempt removes it', () => {
    const env = setup()
    const popup = fakePopup()
    authSession(env.deps.providers).popup = popup
    let markerWhileOpen: unknown
    collect(env, 'r 9ms u 99ms c', {
      r: requested,
      u: redirect(`${SECURE}/oauth?provider=github&state=abc`),
      c: { type: 'frame/requestSucceeded', id: 'id2', name: 'CONNECT_SOCIAL', payload: { address: ADDRESS, chainId: 31337, userName: 'octo' } },
    }, {
      20: () => (markerWhileOpen = env.stored.get(MARKER)),
      40: () => env.post({ type: SOCIAL_RESULT_MESSAGE, resultUri: RESULT }, SECURE, popup),
    })
    expect(markerWhileOpen).toEqual({ state: 'abc', provider: 'github', expiresAt: 10 + SOCIAL_LOGIN_MARKER_MS })
    expect(env.stored.has(MARKER)).toBe(false)
    expect(env.writes.filter(([name]) => name === MARKER).map(([, value]) => value)).toEqual([markerWhileOpen, null])
  })

  test('behavior: a provider URL without an OAuth state stores no marker (no page-URL result can complete it)', () => {
    const env = setup(`${PAGE}/`, { [MARKER]: { state: 'old', provider: 'github', expiresAt: SOCIAL_LOGIN_MARKER_MS } })
    const popup = fakePopup()
    authSession(env.deps.providers).popup = popup
    // The person closes the provider window (the attempt ends at the next look).
    collect(env, 'r 9ms u', { r: requested, u: redirect(`${SECURE}/oauth?provider=github`) }, { 30: () => (popup.closed = true) })
    expect(env.writes.filter(([name]) => name === MARKER)[0]).toEqual([MARKER, null])
    expect(env.stored.has(MARKER)).toBe(false)
  })
})

const MARKER = 'walletSocialLoginStarted'

/** Runs the epic from `app/started`, then lets the storage read (a promise) settle. */
async function startWithResult(env: ReturnType<typeof setup>): Promise<Action[]> {
  const seen: Action[] = []
  env.scheduler.run(({ hot }) => {
    runEpic(env.scheduler, socialLoginEpic(), hot<Action>('s', { s: started }), env.state, env.deps).out$.subscribe((a) => seen.push(a))
  })
  await new Promise((resolve) => setTimeout(resolve, 0))
  return seen
}
