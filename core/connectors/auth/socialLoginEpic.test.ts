import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
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

function setup(href = `${PAGE}/`) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const listeners: ((event: Event) => void)[] = []
  const replaced: string[] = []
  const win = {
    location: { origin: PAGE, href, pathname: '/' },
    addEventListener: (_: string, l: (event: Event) => void) => listeners.push(l),
    removeEventListener: (_: string, l: (event: Event) => void) => listeners.splice(listeners.indexOf(l), 1),
    history: { replaceState: (_: unknown, __: string, url: string) => replaced.push(url) },
  }
  const storage = { backend: 'memory', load: () => Promise.reject(new Error('unused')), save: () => Promise.resolve(), getItem: () => Promise.resolve('github'), setItem: () => Promise.resolve() }
  let n = 0
  const deps = { scheduler, storage, window: win, providers: createProviderRegistry(), id: () => `id${++n}` } as unknown as AirlockDeps
  const state = reduce(initialState({ networks: [airlockDevnet], secureSiteUrl: SECURE }), started)
  const post = (data: unknown, origin: string, source: unknown) => listeners.forEach((l) => l({ data, origin, source } as unknown as Event))
  return { scheduler, deps, state, post, listeners, replaced }
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

  test('behavior: a Telegram result in the page URL completes the login and is removed from the address bar', async () => {
    const env = setup(`${PAGE}/shop?x=1&${TELEGRAM_RESULT_PARAM}=${encodeURIComponent(RESULT)}`)
    const seen: Action[] = []
    env.scheduler.run(({ hot }) => {
      runEpic(env.scheduler, socialLoginEpic(), hot<Action>('s', { s: started }), env.state, env.deps).out$.subscribe((a) => seen.push(a))
    })
    expect(env.replaced).toEqual([`${PAGE}/shop?x=1`])
    // The stored provider is read from storage (a promise), then CONNECT_SOCIAL goes out.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent(seen).map((a) => a.name)).toEqual(['CONNECT_SOCIAL'])
    expect(sent(seen)[0]).toMatchObject({ message: { payload: { uri: RESULT } } })
  })
})
