// @vitest-environment happy-dom
import { act } from 'react'
import { EMPTY } from 'rxjs'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { airlockDevnet } from '../../core/chains/networks.js'
import { authSession } from '../../core/connectors/auth/authSession.js'
import type { SecretRef } from '../../core/store/secretBox.js'
import { DEFAULT_WALLETS, queryWallets } from '../../examples/devnet/walletRegistry.js'
import { announce, CAIP_ADDRESS, count, dispatch, render, testAirlock, waitFor, wallet } from '../testing/renderAirlock.js'
import { useConnect, WALLET_CONNECT_OFF } from './useConnect.js'
import { useEmailLogin } from './useEmailLogin.js'
import { useSocialLogin } from './useSocialLogin.js'
import { useWalletConnectUri, type UseWalletConnectUriParameters } from './useWalletConnectUri.js'
import { useWalletList, type RegistryWalletItem, type UseWalletListParameters, type WalletListItem } from './useWalletList.js'

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

type TestAirlock = ReturnType<typeof testAirlock>

/** Renders a hook and keeps every value it returned; `rerender` passes new props. */
function renderHook<P, T>(airlock: TestAirlock, hook: (props: P) => T, props: P, { strict = false } = {}) {
  const values: T[] = []
  function Probe(p: { props: P }) {
    values.push(hook(p.props))
    return null
  }
  const view = render(airlock, <Probe props={props} />, { strict })
  return { values, latest: () => values[values.length - 1]!, rerender: (next: P) => view.rerender(<Probe props={next} />), unmount: view.unmount }
}

const API = 'https://api.registry.test'

/** The registry API as the devnet gateway answers it, in memory; `fault` makes `/getWallets` fail with that status. */
function registryAirlock(options: Parameters<typeof testAirlock>[0] = {}) {
  const api = { fault: null as number | null, queries: [] as URLSearchParams[] }
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input))
    if (url.pathname !== '/getWallets') return new Response('{}', { status: 404 })
    api.queries.push(url.searchParams)
    if (api.fault) return new Response(JSON.stringify({ message: 'bad' }), { status: api.fault })
    const q = url.searchParams
    const body = queryWallets(DEFAULT_WALLETS, { page: q.get('page'), entries: q.get('entries'), include: q.get('include'), exclude: q.get('exclude'), chains: q.get('chains'), search: q.get('search') })
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  return Object.assign(testAirlock({ projectId: 'airlock-dev', apiUrl: API, enableWalletConnect: false, ...options, deps: { fetch: fetch as typeof globalThis.fetch } }), { api })
}

const list = (airlock: TestAirlock, props: UseWalletListParameters = {}, strict = false) => renderHook(airlock, (p: UseWalletListParameters) => useWalletList(p), props, { strict })
const names = (items: readonly WalletListItem[]) => items.map((item) => item.name)

describe('useWalletList', () => {
  test('default: without a projectId, the browser wallets only; the registry is never asked', () => {
    const airlock = testAirlock()
    announce(airlock, wallet(), wallet({ id: 'io.rabby', rdns: 'io.rabby', name: 'Rabby' }))
    const { latest } = list(airlock)
    expect(latest()).toMatchObject({ registryEnabled: false, featured: [], wallets: [], count: 0, loading: false, error: null, hasMore: false })
    expect(latest().installed.map((item) => [item.kind, item.id, item.name, item.installed, item.recent])).toEqual([
      ['connector', 'io.metamask', 'MetaMask', true, false],
      ['connector', 'io.rabby', 'Rabby', true, false],
    ])
    expect(count(airlock, 'registry/loadRequested')).toBe(0)
    expect(count(airlock, 'registry/searchRequested')).toBe(0)
  })

  test('behavior: mounting loads the registry once (StrictMode too); pages, featured minus installed, loadMore', async () => {
    const airlock = registryAirlock()
    announce(airlock, wallet())
    const { latest } = list(airlock, {}, true)
    expect(count(airlock, 'registry/loadRequested')).toBe(1)
    await waitFor(() => expect(latest().wallets).toHaveLength(39))
    const first = latest()
    expect(first.loading).toBe(false)
    expect(first.count).toBe(airlock.getState().registry.count)
    expect(first.count).toBeGreaterThan(5_000)
    expect(first.hasMore).toBe(true)
    // MetaMask is installed: listed once, as a browser wallet, never again from the registry.
    expect(names(first.installed)).toEqual(['MetaMask'])
    expect(names(first.wallets)).not.toContain('MetaMask')
    expect(first.featured.length).toBeGreaterThan(0)
    expect(names(first.featured)).not.toContain('MetaMask')
    const item = first.wallets[0] as RegistryWalletItem
    expect(item.kind).toBe('registry')
    expect(item.imageUrl).toMatch(new RegExp(`^${API}/getWalletImage/[0-9a-f]{64}\\?projectId=airlock-dev&`))
    act(() => latest().loadMore())
    act(() => latest().loadMore())
    await waitFor(() => expect(latest().wallets).toHaveLength(79))
    expect(count(airlock, 'registry/nextPageRequested')).toBe(1)
    expect(airlock.api.queries.map((q) => q.get('page'))).toEqual(['1', '2'])
  })

  test('parameters: search filters the browser wallets at once and asks the registry (debounced); cleared, the pages are back', async () => {
    const airlock = registryAirlock()
    announce(airlock, wallet(), wallet({ id: 'io.rabby', rdns: 'io.rabby', name: 'Rabby' }))
    const { latest, rerender } = list(airlock)
    // Page 1 has 40, MetaMask and Rabby among them: they are listed as browser wallets only.
    await waitFor(() => expect(latest().wallets).toHaveLength(38))
    rerender({ search: '  rain ' })
    expect(latest().installed).toEqual([])
    expect(latest().hasMore).toBe(false)
    await waitFor(() => expect(names(latest().wallets)).toContain('Rainbow'))
    expect(latest().wallets.every((w) => /rain/i.test(w.name))).toBe(true)
    expect(latest().count).toBe(latest().wallets.length)
    expect(airlock.api.queries.at(-1)?.get('search')).toBe('rain')
    rerender({ search: 'rab' })
    expect(names(latest().installed)).toEqual(['Rabby'])
    rerender({ search: '' })
    expect(latest().wallets).toHaveLength(38)
    expect(names(latest().installed)).toEqual(['MetaMask', 'Rabby'])
  })

  test('error: a failed load shows the error with the data kept; retry loads again', async () => {
    const airlock = registryAirlock()
    airlock.api.fault = 400
    const { latest } = list(airlock)
    await waitFor(() => expect(latest().error).not.toBeNull())
    expect(latest()).toMatchObject({ loading: false, wallets: [], hasMore: false })
    airlock.api.fault = null
    act(() => latest().retry())
    await waitFor(() => expect(latest().wallets).toHaveLength(40))
    expect(latest().error).toBeNull()
    expect(count(airlock, 'registry/retryRequested')).toBe(1)
  })

  test('behavior: a failed search is retried by retry() with the same query', async () => {
    const airlock = registryAirlock()
    const { latest, rerender } = list(airlock)
    await waitFor(() => expect(latest().wallets).toHaveLength(40))
    airlock.api.fault = 400
    rerender({ search: 'zer' })
    await waitFor(() => expect(latest().error).not.toBeNull())
    airlock.api.fault = null
    act(() => latest().retry())
    await waitFor(() => expect(names(latest().wallets)).toContain('Zerion'))
    expect(latest().error).toBeNull()
  })

  test('behavior: recent wallets come first, marked recent', () => {
    const airlock = testAirlock()
    announce(airlock, wallet(), wallet({ id: 'io.rabby', rdns: 'io.rabby', name: 'Rabby' }))
    dispatch(airlock, { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: 'io.rabby', wallet: { id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' } })
    const { latest } = list(airlock)
    expect(latest().recent.map((item) => [item.name, item.recent])).toEqual([['Rabby', true]])
    expect(latest().installed.map((item) => [item.name, item.recent])).toEqual([
      ['MetaMask', false],
      ['Rabby', true],
    ])
  })
})

/**
 * WalletConnect on (a projectId), its connector's epics replaced by quiet ones: no SDK, no relay;
 * the tests dispatch the pairing's facts as the pair epic would.
 */
const WALLET_CONNECT_EPICS = ['announce', 'pair', 'prewarm', 'pairingExpiry', 'sessionEvents', 'restore', 'disconnect', 'switchNetwork', 'relayStatus', 'relayWatchdog', 'storageRecovery']
async function wcAirlock() {
  const airlock = testAirlock({
    projectId: 'p',
    epics: Object.fromEntries(WALLET_CONNECT_EPICS.map((name) => [`walletConnect/${name}`, () => EMPTY])),
    // The project's remote config answers at once (nothing configured), so the store initializes without waiting it out.
    deps: { fetch: (async () => new Response('{}', { status: 404 })) as typeof fetch },
  })
  await act(() => airlock.ready())
  return airlock
}

const connectHook = (airlock: TestAirlock) => renderHook(airlock, () => useConnect(), undefined)
const connectorItem = (id = 'io.metamask'): WalletListItem => {
  const connector = wallet({ id, rdns: id })
  return { kind: 'connector', id, name: connector.name, icon: connector.icon, installed: true, recent: false, connector, also: [] }
}
const registryItem = (overrides: Partial<RegistryWalletItem['wallet']> = {}): RegistryWalletItem => {
  const w = { id: 'rainbow', name: 'Rainbow', image_id: null, mobile_link: null, desktop_link: null, webapp_link: null, rdns: null, chains: [], ...overrides }
  return { kind: 'registry', id: w.id, name: w.name, imageUrl: undefined, wallet: w }
}

describe('useConnect', () => {
  test('default: idle; connect asks the wallet once (a double click too), then connecting, then connected; no view is pushed', () => {
    const airlock = testAirlock()
    announce(airlock, wallet())
    const { latest } = connectHook(airlock)
    expect(latest()).toMatchObject({ status: 'idle', error: null, wallet: null })
    const item = connectorItem()
    act(() => latest().connect(item))
    act(() => latest().connect(item))
    expect(airlock.actions.filter((a) => a.type === 'connection/connectRequested')).toEqual([{ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' }])
    expect(latest()).toMatchObject({ status: 'connecting', error: null, wallet: item })
    dispatch(airlock, { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: 'io.metamask' })
    expect(latest().status).toBe('connected')
    expect(count(airlock, 'router/pushRequested')).toBe(0)
    expect(airlock.getState().modal.open).toBe(false)
  })

  test('error: a refusal is failed with its error; reset goes back to idle; connecting again clears the error', () => {
    const airlock = testAirlock()
    const { latest } = connectHook(airlock)
    act(() => latest().connect(connectorItem()))
    dispatch(airlock, { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'io.metamask', error: { message: 'User rejected the request.', code: 4001 } })
    expect(latest()).toMatchObject({ status: 'failed', error: { message: 'User rejected the request.', code: 4001 } })
    act(() => latest().reset())
    expect(latest()).toMatchObject({ status: 'idle', error: null, wallet: null })
    act(() => latest().connect(connectorItem()))
    expect(latest()).toMatchObject({ status: 'connecting', error: null })
  })

  test('behavior: another wallet connecting on the same namespace is not this attempt', () => {
    const airlock = testAirlock()
    const { latest } = connectHook(airlock)
    act(() => latest().connect(connectorItem('io.metamask')))
    dispatch(airlock, { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.rabby' })
    expect(latest().status).toBe('idle')
  })

  test('behavior: a registry wallet installed here connects as a browser wallet; any other pairs through WalletConnect', async () => {
    const airlock = await wcAirlock()
    announce(airlock, wallet())
    const { latest } = connectHook(airlock)
    act(() => latest().connect(registryItem({ id: 'mm', name: 'MetaMask', rdns: 'io.metamask' })))
    expect(airlock.actions.filter((a) => a.type === 'connection/connectRequested')).toEqual([{ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' }])
    expect(latest().status).toBe('connecting')

    const rainbow = registryItem()
    act(() => latest().connect(rainbow))
    expect(airlock.actions.filter((a) => a.type === 'walletConnect/connectRequested')).toEqual([{ type: 'walletConnect/connectRequested', wallet: { id: 'rainbow', name: 'Rainbow' } }])
    expect(airlock.getState().registry.selected).toEqual(rainbow.wallet)
    expect(latest()).toMatchObject({ status: 'connecting', wallet: rainbow })
    dispatch(airlock, { type: 'walletConnect/connectFailed', error: { message: 'Connection declined' } })
    expect(latest()).toMatchObject({ status: 'failed', error: { message: 'Connection declined' } })
    act(() => latest().connect(rainbow))
    dispatch(airlock, { type: 'walletConnect/sessionSettled', peer: { name: 'Rainbow' }, accounts: [CAIP_ADDRESS], restored: false })
    expect(latest().status).toBe('connected')
    expect(count(airlock, 'router/pushRequested')).toBe(0)
  })

  test('behavior: reset drops the WalletConnect pairing it started', async () => {
    const airlock = await wcAirlock()
    const { latest } = connectHook(airlock)
    act(() => latest().connect(registryItem()))
    act(() => latest().reset())
    expect(count(airlock, 'walletConnect/pairingCancelled')).toBe(1)
    expect(airlock.getState().walletConnect.status).toBe('idle')
    expect(latest().status).toBe('idle')
  })

  test('error: a registry wallet not installed here, with WalletConnect off, fails at once and pairs nothing', async () => {
    const airlock = testAirlock({ enableWalletConnect: false })
    await act(() => airlock.ready())
    const { latest } = connectHook(airlock)
    act(() => latest().connect(registryItem()))
    expect(latest()).toMatchObject({ status: 'failed', error: WALLET_CONNECT_OFF })
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(0)
  })
})

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const URI2 = `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${'d'.repeat(64)}`
/** What the pair epic does: the URI goes into the secret box, the action names it. */
const uriReceived = (airlock: TestAirlock, uri: string, expiresAt: number) => {
  const uriRef: SecretRef = airlock.deps.secrets.put(uri)
  dispatch(airlock, { type: 'walletConnect/uriReceived', uriRef, expiresAt })
  return uriRef
}
const uriHook = (airlock: TestAirlock, props: UseWalletConnectUriParameters = {}, strict = false) =>
  renderHook(airlock, (p: UseWalletConnectUriParameters) => useWalletConnectUri(p), props, { strict })

describe('useWalletConnectUri', () => {
  test('default: without a projectId WalletConnect is off: nothing pairs, idle, refresh does nothing', async () => {
    const airlock = testAirlock()
    await act(() => airlock.ready())
    const { latest } = uriHook(airlock)
    expect(latest()).toMatchObject({ enabled: false, status: 'idle', uri: undefined })
    act(() => latest().refresh())
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(0)
  })

  test('behavior: mounting starts one pairing (StrictMode too); the URI and its expiry; an expiring URI is replaced; unmounting drops the pairing', async () => {
    const airlock = await wcAirlock()
    const { latest, unmount } = uriHook(airlock, {}, true)
    expect(airlock.actions.filter((a) => a.type === 'walletConnect/connectRequested')).toEqual([{ type: 'walletConnect/connectRequested' }])
    expect(latest()).toMatchObject({ uri: undefined, expiresAt: undefined, status: 'pairing', error: null })
    const ref = uriReceived(airlock, URI, 240_000)
    expect(latest()).toMatchObject({ uri: URI, expiresAt: 240_000, status: 'pairing' })
    dispatch(airlock, { type: 'walletConnect/pairingExpired', uriRef: ref })
    expect(latest()).toMatchObject({ uri: undefined, expiresAt: undefined, status: 'pairing' })
    uriReceived(airlock, URI2, 480_000)
    expect(latest()).toMatchObject({ uri: URI2, expiresAt: 480_000 })
    // The URI (a bearer value) never enters state or the log.
    expect(JSON.stringify(airlock.getState())).not.toContain(URI2)
    expect(airlock.log.export()).not.toContain(URI2)
    expect(count(airlock, 'walletConnect/pairingCancelled')).toBe(0)
    unmount()
    await waitFor(() => expect(count(airlock, 'walletConnect/pairingCancelled')).toBe(1))
    expect(airlock.getState().walletConnect.status).toBe('idle')
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(1)
  })

  test('parameters: wallet; choosing another wallet pairs again for it', async () => {
    const airlock = await wcAirlock()
    const { rerender } = uriHook(airlock, { wallet: { id: 'rainbow', name: 'Rainbow' } })
    rerender({ wallet: { id: 'zerion', name: 'Zerion' } })
    expect(airlock.actions.filter((a) => a.type === 'walletConnect/connectRequested')).toEqual([
      { type: 'walletConnect/connectRequested', wallet: { id: 'rainbow', name: 'Rainbow' } },
      { type: 'walletConnect/connectRequested', wallet: { id: 'zerion', name: 'Zerion' } },
    ])
    expect(airlock.getState().walletConnect.wallet).toEqual({ id: 'zerion', name: 'Zerion' })
  })

  test('error: a failed pairing is failed with its error; refresh pairs again', async () => {
    const airlock = await wcAirlock()
    const { latest } = uriHook(airlock)
    uriReceived(airlock, URI, 240_000)
    dispatch(airlock, { type: 'walletConnect/connectFailed', error: { message: 'The relay could not be reached' } })
    expect(latest()).toMatchObject({ uri: undefined, status: 'failed', error: { message: 'The relay could not be reached' } })
    act(() => latest().refresh())
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(2)
    expect(latest()).toMatchObject({ status: 'pairing', error: null })
  })

  test('behavior: a live session is not paired again; two hooks share one pairing, dropped when the last goes', async () => {
    const airlock = await wcAirlock()
    const a = uriHook(airlock)
    const b = uriHook(airlock)
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(1)
    a.unmount()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(count(airlock, 'walletConnect/pairingCancelled')).toBe(0)
    b.unmount()
    await waitFor(() => expect(count(airlock, 'walletConnect/pairingCancelled')).toBe(1))

    dispatch(airlock, { type: 'walletConnect/sessionSettled', peer: { name: 'Rainbow' }, accounts: [CAIP_ADDRESS], restored: true })
    const c = uriHook(airlock)
    expect(c.latest()).toMatchObject({ status: 'connected', uri: undefined })
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(1)
  })
})

/** The secure site never answers in these tests: the hooks are checked against the auth slice's facts. */
async function authAirlock(features: Record<string, unknown> = {}) {
  const airlock = testAirlock({ networks: [airlockDevnet], secureSiteUrl: 'http://127.0.0.1:9', features })
  await act(() => airlock.ready())
  return airlock
}

describe('useEmailLogin', () => {
  test('default: an invalid email is refused (nothing sent); a valid one asks for a code; the code step, a wrong code, then connected', async () => {
    const airlock = await authAirlock()
    const { latest } = renderHook(airlock, () => useEmailLogin(), undefined)
    expect(latest()).toMatchObject({ step: 'idle', isConnected: false, email: null, invalid: false, message: null, cooldownSeconds: 0, blocked: false })
    let sent = true
    act(() => void (sent = latest().sendCode('not-an-email')))
    expect(sent).toBe(false)
    expect(latest()).toMatchObject({ invalid: true, message: 'Invalid email' })
    expect(count(airlock, 'auth/emailLoginRequested')).toBe(0)

    act(() => void (sent = latest().sendCode(' ada@example.com ')))
    expect(sent).toBe(true)
    expect(count(airlock, 'auth/emailLoginRequested')).toBe(1)
    expect(latest()).toMatchObject({ step: 'sendingCode', invalid: false, message: null })
    await waitFor(() => expect(authSession(airlock.deps.providers).email).toBe('ada@example.com'))
    dispatch(airlock, { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' })
    expect(latest()).toMatchObject({ step: 'verifyOtp', email: 'ada@example.com' })

    expect(latest().verifyCode('12345')).toBe(false)
    expect(count(airlock, 'auth/otpSubmitted')).toBe(0)
    act(() => void latest().verifyCode('123 456'))
    expect(airlock.actions.filter((a) => a.type === 'auth/otpSubmitted')).toEqual([{ type: 'auth/otpSubmitted', otp: '123456' }])
    expect(latest().step).toBe('verifying')
    dispatch(airlock, { type: 'auth/loginFailed', error: { message: 'Invalid code' } })
    expect(latest()).toMatchObject({ step: 'verifyOtp', error: 'Invalid code' })

    act(() => void latest().verifyCode('654321'))
    dispatch(
      airlock,
      { type: 'auth/frameConnected', method: 'email' },
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: 'auth' },
      { type: 'auth/userLoaded', userName: null, accountType: 'eoa', smartAccountDeployed: false, social: null },
    )
    expect(latest()).toMatchObject({ step: 'idle', isConnected: true, error: null })
  })

  test('behavior: inside the cooldown a code is refused with the countdown; resendCode asks for the same email; cancel stops', async () => {
    const airlock = await authAirlock()
    const { latest } = renderHook(airlock, () => useEmailLogin(), undefined)
    authSession(airlock.deps.providers).email = 'ada@example.com'
    dispatch(airlock, { type: 'auth/cooldownStarted', until: Number.MAX_SAFE_INTEGER }, { type: 'auth/cooldownTicked', seconds: 12 })
    act(() => latest().resendCode())
    expect(airlock.actions.filter((a) => a.type === 'auth/emailLoginRequested')).toEqual([{ type: 'auth/emailLoginRequested', email: 'ada@example.com' }])
    expect(latest()).toMatchObject({ blocked: true, cooldownSeconds: 12, message: 'Please try again after 12 seconds', step: 'idle' })
    dispatch(airlock, { type: 'auth/cooldownTicked', seconds: 0 })
    expect(latest()).toMatchObject({ blocked: false, message: null })
    act(() => void latest().sendCode('ada@example.com'))
    expect(latest().step).toBe('sendingCode')
    act(() => latest().cancel())
    expect(latest().step).toBe('idle')
    expect(count(airlock, 'auth/loginCancelled')).toBe(1)
  })

  test('error: a failed code request is back at idle with the error as the message', async () => {
    const airlock = await authAirlock()
    const { latest } = renderHook(airlock, () => useEmailLogin(), undefined)
    act(() => void latest().sendCode('ada@example.com'))
    dispatch(airlock, { type: 'auth/loginFailed', error: { message: 'Invalid App Configuration' } })
    expect(latest()).toMatchObject({ step: 'idle', error: 'Invalid App Configuration', message: 'Invalid App Configuration' })
  })

  test('behavior: preload loads the secure frame once', async () => {
    const airlock = await authAirlock()
    const { latest } = renderHook(airlock, () => useEmailLogin(), undefined)
    act(() => latest().preload())
    expect(count(airlock, 'frame/loadRequested')).toBe(1)
  })
})

describe('useSocialLogin', () => {
  test('default: the providers in the app order with names; login opens the pop-up in the click, no view is pushed; failed, then connected', async () => {
    const airlock = await authAirlock({ socials: ['github', 'google', 'farcaster'] })
    const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() }
    const open = vi.fn(() => popup)
    vi.stubGlobal('open', open)
    const { latest } = renderHook(airlock, () => useSocialLogin(), undefined)
    expect(latest()).toMatchObject({ provider: null, status: 'idle', error: null, farcasterUrl: undefined })
    expect(latest().providers).toEqual([
      { id: 'github', name: 'GitHub' },
      { id: 'google', name: 'Google' },
      { id: 'farcaster', name: 'Farcaster' },
    ])
    act(() => latest().login('github'))
    expect(open).toHaveBeenCalledWith('about:blank', 'airlock-social', 'popup,width=500,height=680')
    expect(authSession(airlock.deps.providers).popup).toBe(popup)
    expect(airlock.actions.filter((a) => a.type === 'auth/socialLoginRequested')).toEqual([{ type: 'auth/socialLoginRequested', provider: 'github' }])
    expect(count(airlock, 'router/pushRequested')).toBe(0)
    expect(latest()).toMatchObject({ provider: 'github', status: 'connecting' })
    dispatch(airlock, { type: 'auth/loginFailed', error: { message: 'The login window was closed' } })
    expect(latest()).toMatchObject({ status: 'failed', error: 'The login window was closed' })

    act(() => latest().login('github'))
    expect(latest()).toMatchObject({ status: 'connecting', error: null })
    dispatch(
      airlock,
      { type: 'auth/frameConnected', method: 'social' },
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: 'auth' },
      { type: 'auth/userLoaded', userName: 'ada', accountType: 'eoa', smartAccountDeployed: false, social: 'github' },
    )
    expect(latest()).toMatchObject({ provider: 'github', status: 'connected' })
  })

  test('behavior: Farcaster opens no pop-up; its link comes from the secret box; cancel stops', async () => {
    const airlock = await authAirlock({ socials: ['farcaster'] })
    const open = vi.fn()
    vi.stubGlobal('open', open)
    const { latest } = renderHook(airlock, () => useSocialLogin(), undefined)
    act(() => latest().login('farcaster'))
    expect(open).not.toHaveBeenCalled()
    expect(count(airlock, 'auth/farcasterLoginRequested')).toBe(1)
    expect(latest()).toMatchObject({ provider: 'farcaster', status: 'connecting', farcasterUrl: undefined })
    const url = 'https://farcaster.example/channel?token=secret'
    dispatch(airlock, { type: 'auth/farcasterUrlReceived', urlRef: airlock.deps.secrets.put(url) })
    expect(latest().farcasterUrl).toBe(url)
    expect(airlock.log.export()).not.toContain(url)
    act(() => latest().cancel())
    expect(latest()).toMatchObject({ provider: null, status: 'idle', farcasterUrl: undefined })
  })

  test('error: a blocked pop-up fails the login with its message', async () => {
    const airlock = await authAirlock({ socials: ['google'] })
    vi.stubGlobal('open', vi.fn(() => null))
    const { latest } = renderHook(airlock, () => useSocialLogin(), undefined)
    act(() => latest().login('google'))
    await waitFor(() => expect(latest().status).toBe('failed'))
    expect(latest().error).toMatch(/could not open/)
  })
})
