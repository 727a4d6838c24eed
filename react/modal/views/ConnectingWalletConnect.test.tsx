// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Action } from '../../../core/actions/types.js'
import type { SecretRef } from '../../../core/store/secretBox.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { STORAGE_IN_MEMORY_MESSAGES } from './ConnectingWalletConnect.js'
import { $, byText, CAIP_ADDRESS, click, count, dispatch, openModal, render, shadow, testAirlock, waitFor } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const URI2 = `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${'d'.repeat(64)}`
const EVIL = '<img src=x onerror="window.pwned=1">Evil Wallet'

/** The modal on a pairing view, as the Connect and All Wallets views push it. */
async function openPairing(airlock: ReturnType<typeof testAirlock>, view: 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic', data?: Record<string, unknown>) {
  render(airlock, <ConnectButton />)
  act(() => airlock.dispatch({ type: 'modal/openRequested', view, ...(data ? { data } : {}) }))
  return waitFor(() => {
    const root = shadow()
    $(root, '[data-airlock="walletconnect"]')
    return root
  })
}

/** What the pair epic does: the URI goes into the secret box, the action names it. */
const refs = new Map<string, SecretRef>()
const uriReceived = (airlock: ReturnType<typeof testAirlock>, uri: string): Action => {
  const uriRef = airlock.deps.secrets.put(uri)
  refs.set(uri, uriRef)
  return { type: 'walletConnect/uriReceived', uriRef, expiresAt: 240_000 }
}

describe('ConnectingWalletConnect', () => {
  test('default: starts one pairing, waits, then shows the QR code with the URI and a copy link', async () => {
    const airlock = testAirlock()
    const root = await openPairing(airlock, 'ConnectingWalletConnect', { wallet: { id: 'rainbow', name: 'Rainbow' } })
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(1)
    expect(airlock.actions.find((a) => a.type === 'walletConnect/connectRequested')).toEqual({ type: 'walletConnect/connectRequested', wallet: { id: 'rainbow', name: 'Rainbow' } })
    expect($(root, '[data-airlock="walletconnect-qr"]').getAttribute('aria-busy')).toBe('true')
    expect(root.querySelector('svg[role="img"]')).toBeNull()
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    const qr = await waitFor(() => $(root, 'svg[role="img"]'))
    expect(qr.getAttribute('aria-label')).toBe('QR code to connect Rainbow. Scan it with your wallet app.')
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100)
    expect($(root, '[data-airlock="walletconnect-qr"]').getAttribute('data-uri')).toBe(URI)

    // An expired URI is replaced by the fresh one without anyone clicking.
    act(() => airlock.dispatch({ type: 'walletConnect/pairingExpired', uriRef: refs.get(URI)! }))
    act(() => airlock.dispatch(uriReceived(airlock, URI2)))
    await waitFor(() => expect($(root, '[data-airlock="walletconnect-qr"]').getAttribute('data-uri')).toBe(URI2))
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(1)

    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    click(byText(root, 'button', 'Copy link'))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URI2))
    await waitFor(() => expect(airlock.getState().notifications.current?.message).toBe('Link copied'))
    expect(root.querySelector('[data-airlock="walletconnect-refreshed"]')).toBeNull()

    // A link copied before the code refreshed no longer pairs: the view says to copy again, until done.
    act(() => airlock.dispatch({ type: 'walletConnect/pairingExpired', uriRef: refs.get(URI2)! }))
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    const hint = await waitFor(() => $(root, '[data-airlock="walletconnect-refreshed"]'))
    expect(hint.textContent).toBe('The code was refreshed. Copy the link again.')
    expect(hint.getAttribute('role')).toBe('status')
    click(byText(root, 'button', 'Copy link'))
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(URI))
    await waitFor(() => expect(root.querySelector('[data-airlock="walletconnect-refreshed"]')).toBeNull())
  })

  test('behavior: StrictMode mounts twice but asks for one pairing, also before the start-up code is in', async () => {
    // The late reducers (the WalletConnect slice among them) arrive after the first paint: here, later than the open.
    const airlock = testAirlock({ deps: { afterFirstPaint: () => new Promise((resolve) => setTimeout(resolve, 300)) } })
    render(airlock, <ConnectButton />, { strict: true })
    act(() => airlock.dispatch({ type: 'modal/openRequested', view: 'ConnectingWalletConnectBasic' }))
    await waitFor(() => $(shadow(), '[data-airlock="walletconnect"]'))
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(1)
  })

  test('behavior: a wallet name with markup renders as text; a javascript: link yields no button', async () => {
    const airlock = testAirlock()
    const wallet = { id: 'evil', name: EVIL, mobile_link: 'javascript:alert(1)', desktop_link: 'javascript:alert(1)', webapp_link: 'javascript:alert(1)' }
    const root = await openPairing(airlock, 'ConnectingWalletConnect', { wallet })
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    await waitFor(() => $(root, 'svg[role="img"]'))
    expect(root.querySelector('img')).toBeNull()
    expect(byText(root, 'p', 'Scan this QR code with').textContent).toContain(EVIL)
    expect(root.querySelectorAll('[data-link]')).toHaveLength(0)
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined()
  })

  test('behavior: allowed links become buttons that open with noopener', async () => {
    const airlock = testAirlock()
    const open = vi.fn()
    vi.stubGlobal('open', open)
    const wallet = { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow:', desktop_link: 'rainbow-desktop:', webapp_link: 'https://app.rainbow.example' }
    const root = await openPairing(airlock, 'ConnectingWalletConnect', { wallet })
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    const web = await waitFor(() => $(root, '[data-link="web"]'))
    expect(web.getAttribute('aria-label')).toBe('Open web app of Rainbow')
    expect($(root, '[data-link="desktop"]')).toBeTruthy()
    expect(root.querySelector('[data-link="mobile"]')).toBeNull()
    click(web)
    expect(open).toHaveBeenCalledWith(`https://app.rainbow.example/wc?uri=${encodeURIComponent(URI)}`, '_blank', 'noopener,noreferrer')
  })

  test('behavior: on a phone the wallet app link is the main action, an app scheme opens in place', async () => {
    const phone = { location: { origin: 'https://shop.example', href: 'https://shop.example/', pathname: '/' }, navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' } }
    const airlock = testAirlock({ deps: { window: phone } })
    const open = vi.fn()
    vi.stubGlobal('open', open)
    const wallet = { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow:', desktop_link: 'rainbow-desktop:', webapp_link: 'http://127.0.0.1:5173/wallet' }
    const root = await openPairing(airlock, 'ConnectingWalletConnect', { wallet })
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    const mobile = await waitFor(() => $(root, '[data-link="mobile"]'))
    expect(mobile.textContent).toBe('Open Rainbow')
    expect(mobile.getAttribute('data-variant')).toBeNull()
    // It comes before the QR code; the desktop app is not offered on a phone, plain http only in dev.
    expect(mobile.compareDocumentPosition($(root, '[data-airlock="walletconnect-qr"]')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(root.querySelectorAll('[data-link]')).toHaveLength(1)
    click(mobile)
    expect(open).toHaveBeenCalledWith(`rainbow://wc?uri=${encodeURIComponent(URI)}`, '_self', 'noopener,noreferrer')
  })

  test('behavior: the basic view shows the QR code and copy link only, even with a wallet', async () => {
    const airlock = testAirlock()
    const root = await openPairing(airlock, 'ConnectingWalletConnectBasic', { wallet: { id: 'rainbow', name: 'Rainbow', webapp_link: 'https://app.rainbow.example' } })
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    await waitFor(() => $(root, 'svg[role="img"]'))
    expect(root.querySelectorAll('[data-link]')).toHaveLength(0)
    expect(byText(root, 'button', 'Copy link')).toBeTruthy()
    expect(byText(root, 'p', 'any WalletConnect wallet')).toBeTruthy()
  })

  test('behavior: a failure shows the error and Try again asks for a new pairing', async () => {
    const airlock = testAirlock()
    // The WalletConnect slice's reducer arrives after start (core/lateSliceKeys.ts).
    await airlock.ready()
    const root = await openPairing(airlock, 'ConnectingWalletConnect')
    act(() => airlock.dispatch({ type: 'walletConnect/connectFailed', error: { message: 'User rejected the request.', code: 5000 } }))
    // The view's own alert (the page-wide one says no project id is set).
    const alert = await waitFor(() => $(root, '[data-airlock="walletconnect-error"] [role="alert"]'))
    expect(alert.textContent).toBe('User rejected the request.')
    click(byText(root, 'button', 'Try again'))
    expect(count(airlock, 'walletConnect/connectRequested')).toBe(2)
    await waitFor(() => $(root, '[data-airlock="walletconnect"]'))
  })

  test('behavior: a dropped relay shows "Reconnecting…" in a live status region under the QR code, gone when it is back', async () => {
    const airlock = testAirlock()
    const root = await openPairing(airlock, 'ConnectingWalletConnect')
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    const status = await waitFor(() => $(root, '[data-airlock="relay-status"]'))
    // Mounted empty beforehand, so a screen reader announces the change.
    expect(status.getAttribute('role')).toBe('status')
    expect(status.textContent).toBe('')
    dispatch(airlock, { type: 'walletConnect/relayDisconnected' })
    expect($(root, '[data-airlock="relay-status"]').textContent).toBe('Reconnecting…')
    expect($(root, '[data-airlock="relay-status"]').getAttribute('data-state')).toBe('reconnecting')
    // The QR code stays: the pairing survives the drop.
    expect($(root, '[data-airlock="walletconnect-qr"]').getAttribute('data-uri')).toBe(URI)
    dispatch(airlock, { type: 'walletConnect/relayReconnected' })
    expect($(root, '[data-airlock="relay-status"]').textContent).toBe('')
  })

  test('behavior: with the SDK in memory (storage full or unusable) the QR view says a reload will need a new scan; a reset adds nothing', async () => {
    const airlock = testAirlock()
    await airlock.ready()
    const root = await openPairing(airlock, 'ConnectingWalletConnect')
    act(() => airlock.dispatch(uriReceived(airlock, URI)))
    await waitFor(() => $(root, 'svg[role="img"]'))
    dispatch(airlock, { type: 'walletConnect/storageRecovered', reason: 'reset' })
    expect(root.querySelector('[data-airlock="walletconnect-storage"]')).toBeNull()
    dispatch(airlock, { type: 'walletConnect/storageRecovered', reason: 'full' })
    const note = $(root, '[data-airlock="walletconnect-storage"]')
    expect(note.textContent).toBe(STORAGE_IN_MEMORY_MESSAGES.full)
    expect(note.getAttribute('role')).toBe('status')
    // A fresh pairing (Try again, a new QR code) still says it.
    dispatch(airlock, { type: 'walletConnect/connectFailed', error: { message: 'x' } })
    click(byText(root, 'button', 'Try again'))
    await waitFor(() => expect($(root, '[data-airlock="walletconnect-storage"]').textContent).toBe(STORAGE_IN_MEMORY_MESSAGES.full))
  })
})

describe('Account with a WalletConnect session', () => {
  test('behavior: names the paired wallet (as text) via WalletConnect, and shows "Reconnecting…" while the relay is down', async () => {
    const airlock = testAirlock()
    await airlock.ready()
    render(airlock, <ConnectButton />)
    dispatch(
      airlock,
      { type: 'connectors/announced', connector: { id: 'walletConnect', name: EVIL, type: 'WALLET_CONNECT', namespace: 'eip155', installed: false } },
      { type: 'walletConnect/sessionSettled', peer: { name: EVIL }, accounts: [CAIP_ADDRESS], restored: false },
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: 'walletConnect' },
    )
    const root = await openModal(airlock)
    const connectedWith = $(root, '[data-airlock="connected-with"]')
    expect(connectedWith.textContent).toBe(`Connected with ${EVIL} via WalletConnect`)
    expect(connectedWith.querySelector('img')).toBeNull()
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined()
    expect($(root, '[data-airlock="relay-status"]').textContent).toBe('')
    dispatch(airlock, { type: 'walletConnect/relayDisconnected' })
    expect($(root, '[data-airlock="relay-status"]').textContent).toBe('Reconnecting…')
    // Still down after the watchdog's wait: said plainly, still trying.
    dispatch(airlock, { type: 'walletConnect/relayUnreachable' })
    expect($(root, '[data-airlock="relay-status"]').textContent).toBe('Can’t reach WalletConnect. Check your connection; still trying…')
    expect($(root, '[data-airlock="relay-status"]').getAttribute('data-state')).toBe('unreachable')
    dispatch(airlock, { type: 'walletConnect/relayReconnected' })
    expect($(root, '[data-airlock="relay-status"]').textContent).toBe('')
  })

  test('behavior: a browser wallet has no relay status and no "via"', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    dispatch(
      airlock,
      { type: 'connectors/announced', connector: { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', namespace: 'eip155', installed: true } },
      { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: 'io.metamask' },
    )
    const root = await openModal(airlock)
    expect($(root, '[data-airlock="connected-with"]').textContent).toBe('Connected with MetaMask')
    expect(root.querySelector('[data-airlock="relay-status"]')).toBeNull()
  })
})
