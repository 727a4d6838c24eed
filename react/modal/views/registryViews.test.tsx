// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { DEFAULT_WALLETS, KNOWN_WALLETS, queryWallets, type RegistryWallet as FixtureWallet } from '../../../examples/devnet/walletRegistry.js'
import type { RegistryWallet } from '../../../core/registry/types.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { selectRegistryWallet } from '../parts/selectRegistryWallet.js'
import { columnsFor, DEFAULT_COLUMNS, OVERSCAN, ROW_HEIGHT, VIEWPORT_HEIGHT } from '../parts/VirtualList.js'
import { $, announce, byLabel, byText, click, count, dispatch, openModal, render, testAirlock, waitFor, wallet } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const API = 'https://api.registry.test'

/**
 * The registry API as the devnet gateway answers it (same `queryWallets`), in memory. `fault`
 * makes `/getWallets` answer that status instead.
 */
function registryFetch(wallets: readonly FixtureWallet[] = DEFAULT_WALLETS) {
  const state = { fault: null as number | null, hangImages: false, calls: [] as URL[] }
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input))
    state.calls.push(url)
    if (url.pathname === '/getWallets') {
      if (state.fault) return new Response(JSON.stringify({ message: 'bad' }), { status: state.fault })
      const q = url.searchParams
      const body = queryWallets(wallets, { page: q.get('page'), entries: q.get('entries'), include: q.get('include'), exclude: q.get('exclude'), chains: q.get('chains'), search: q.get('search') })
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }
    if (url.pathname.startsWith('/getWalletImage/') && state.hangImages) return new Promise<Response>(() => {})
    if (url.pathname.startsWith('/getWalletImage/')) return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } })
    return new Response('{}', { status: 404 })
  }
  return Object.assign(state, { fetch })
}

function registryAirlock(options: Parameters<typeof testAirlock>[0] = {}, api = registryFetch()) {
  // WalletConnect stays off unless a test needs its entry: its own epics are not under test here.
  const airlock = testAirlock({ projectId: 'airlock-dev', apiUrl: API, enableWalletConnect: false, ...options, deps: { fetch: api.fetch as typeof fetch, ...options.deps } })
  return Object.assign(airlock, { api })
}

const names = (root: ParentNode, list: string) => Array.from($(root, `ul[aria-label="${list}"]`).querySelectorAll('li .row-name')).map((n) => n.textContent ?? '')

function type(root: ParentNode, text: string): void {
  const search = byLabel<HTMLInputElement>(root, 'Search wallets')
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, text)
    search.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function openAllWallets(airlock: ReturnType<typeof registryAirlock>): Promise<ShadowRoot> {
  render(airlock, <ConnectButton />)
  const root = await openModal(airlock)
  click(byText(root, 'button', 'All Wallets'))
  await waitFor(() => $(root, 'input[type="search"]'))
  return root
}

describe('Connect with the registry', () => {
  test('default: WalletConnect first, then installed, featured and recommended, each once; All Wallets shows the count', async () => {
    const airlock = registryAirlock({ enableWalletConnect: true })
    announce(airlock, wallet())
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    await waitFor(() => expect(names(root, 'Wallets')).toHaveLength(9))
    // MetaMask is installed: listed once, as installed; featured are the next four (SPEC 9), recommended fill to 8 rows.
    expect(names(root, 'Wallets')).toEqual(['WalletConnect', 'MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow', 'Rabby Wallet', 'Phantom', 'OKX Wallet', 'Zerion'])
    expect(byText(root, 'button', 'All Wallets').querySelector('.tag')?.textContent).toBe(String(airlock.getState().registry.count))
    expect(airlock.getState().registry.count).toBeGreaterThan(5_000)
    // Images only from the configured apiUrl, lazily.
    const images = Array.from(root.querySelectorAll<HTMLImageElement>('ul[aria-label="Wallets"] img[loading="lazy"]'))
    expect(images.length).toBe(7)
    for (const img of images) expect(img.getAttribute('src')).toMatch(new RegExp(`^${API}/getWalletImage/[0-9a-f]{64}\\?projectId=airlock-dev&`))
    click(byLabel(root, 'WalletConnect QR code'))
    expect(airlock.getState().router).toMatchObject({ view: 'ConnectingWalletConnect', data: null })
  })

  test('behavior: featuredWalletIds come first in their order; allWallets: false hides the entry; no start-up request', async () => {
    const [metamask, trust, , , , safeIndex] = [0, 1, 2, 3, 4, 10].map((i) => KNOWN_WALLETS[i]!)
    const airlock = registryAirlock({ featuredWalletIds: [safeIndex!.id, trust!.id], features: { allWallets: false }, enableWalletConnect: false })
    render(airlock, <ConnectButton />)
    expect(airlock.api.calls.filter((u) => u.pathname === '/getWallets')).toHaveLength(0)
    const root = await openModal(airlock)
    await waitFor(() => expect(names(root, 'Wallets')).toHaveLength(6))
    // Two featured, then the 4 recommended (the registry's first wallets that are not featured).
    expect(names(root, 'Wallets')).toEqual(['Safe', 'Trust Wallet', metamask!.name, 'Coinbase Wallet', 'Rainbow', 'Rabby Wallet'])
    expect(() => byText(root, 'button', 'All Wallets')).toThrow()
    const include = airlock.api.calls.find((u) => u.searchParams.has('include'))!
    expect(include.searchParams.get('include')).toBe(`${safeIndex!.id},${trust!.id}`)
    expect(include.searchParams.get('chains')).toBe('eip155:1')
  })

  test('behavior: featured rows wait for their images, 2 s at most (SPEC 9), with a skeleton meanwhile', async () => {
    const api = registryFetch()
    api.hangImages = true
    const airlock = registryAirlock({}, api)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    await waitFor(() => $(root, '[data-airlock="wallets-loading"]'))
    expect(root.querySelectorAll('ul[aria-label="Wallets"] li')).toHaveLength(0)
    const started = Date.now()
    await waitFor(() => expect(names(root, 'Wallets')).toHaveLength(8), 4_000)
    expect(Date.now() - started).toBeGreaterThan(1_000)
    expect(root.querySelector('[data-airlock="wallets-loading"]')).toBeNull()
    expect(airlock.actions.find((a) => a.type === 'registry/imagesPreloaded')).toMatchObject({ timedOut: true })
  })

  test('error: the registry down leaves the installed wallets usable, and AllWallets offers a retry', async () => {
    const api = registryFetch()
    api.fault = 400
    const airlock = registryAirlock({}, api)
    announce(airlock, wallet())
    const root = await openAllWallets(airlock)
    await waitFor(() => expect($(root, '[data-airlock="wallets-error"]').textContent).toContain('Failed to load wallets'))
    expect(names(root, 'All wallets')).toEqual(['MetaMask'])
    api.fault = null
    click(byText(root, '[data-airlock="wallets-error"] button', 'Retry'))
    await waitFor(() => expect(names(root, 'All wallets').length).toBeGreaterThan(5))
    expect(root.querySelector('[data-airlock="wallets-error"]')).toBeNull()
  })
})

describe('AllWallets with the registry', () => {
  test('default: installed first, then the registry without the installed duplicate', async () => {
    const airlock = registryAirlock()
    announce(airlock, wallet({ id: 'dev.airlock.wallet', name: 'Airlock Dev Wallet', rdns: 'dev.airlock.wallet' }))
    const root = await openAllWallets(airlock)
    await waitFor(() => expect(names(root, 'All wallets').length).toBeGreaterThan(5))
    const shown = names(root, 'All wallets')
    expect(shown[0]).toBe('Airlock Dev Wallet')
    expect(shown.slice(1, 4)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet'])
    expect(airlock.getState().registry.wallets.some((w) => w.rdns === 'dev.airlock.wallet')).toBe(true)
    expect(Array.from(root.querySelectorAll('li .row-name')).filter((n) => n.textContent === 'Airlock Dev Wallet')).toHaveLength(1)
  })

  test('behavior: wallet names containing markup render as text; their bad links are dropped', async () => {
    const airlock = registryAirlock()
    const root = await openAllWallets(airlock)
    type(root, 'evil')
    await waitFor(() => expect(names(root, 'All wallets')).toEqual(['<img src=x onerror=alert(1)>Evil Wallet']))
    expect(root.querySelector('img[src="x"]')).toBeNull()
    expect(root.querySelector('script, svg[onload]')).toBeNull()
    const evil = airlock.getState().registry.search.wallets[0]!
    expect([evil.mobile_link, evil.webapp_link]).toEqual([null, null])
    type(root, 'script wallet')
    await waitFor(() => expect(names(root, 'All wallets')).toEqual(['<script>alert("xss")</script> Script Wallet']))
  })

  test('behavior: typing dispatches every keystroke, the registry is asked once (debounced), an empty box resets', async () => {
    const airlock = registryAirlock()
    const root = await openAllWallets(airlock)
    await waitFor(() => expect(airlock.getState().registry.status).toBe('loaded'))
    for (const text of ['r', 'ra', 'rai', 'rain']) type(root, text)
    expect(count(airlock, 'registry/searchRequested')).toBe(4)
    await waitFor(() => expect(names(root, 'All wallets')).toContain('Rainbow'))
    const searches = airlock.api.calls.filter((u) => u.searchParams.has('search'))
    expect(searches.map((u) => [u.searchParams.get('search'), u.searchParams.get('entries')])).toEqual([['rain', '100']])
    expect(names(root, 'All wallets').every((n) => n.toLowerCase().includes('rain'))).toBe(true)
    type(root, 'zzzz-no-such-wallet')
    await waitFor(() => expect($(root, '[data-airlock="no-results"]').textContent).toContain('No wallet found'))
    type(root, '')
    expect(airlock.getState().registry.search.status).toBe('idle')
    expect(names(root, 'All wallets')[0]).toBe('MetaMask')
  })

  test('behavior: 5,000 wallets render a bounded number of tiles; keyboard moves focus across and down the grid and scrolls', async () => {
    const airlock = registryAirlock()
    const root = await openAllWallets(airlock)
    await waitFor(() => expect(airlock.getState().registry.status).toBe('loaded'))
    const wallets: RegistryWallet[] = DEFAULT_WALLETS.slice(0, 5_000).map(({ badge_type: _b, ...w }) => ({ ...w, image_id: w.image_id }))
    dispatch(airlock, { type: 'registry/pageLoaded', page: 125, count: 5_000, wallets })
    // No layout in happy-dom: the card's 4 columns.
    expect($(root, '[data-airlock="virtual-list"]').getAttribute('data-columns')).toBe(String(DEFAULT_COLUMNS))
    const bound = (Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + 2 * OVERSCAN + 1) * DEFAULT_COLUMNS
    const rows = () => $(root, 'ul[aria-label="All wallets"]').querySelectorAll('li')
    expect(airlock.getState().registry.wallets.length).toBe(5_000)
    expect(rows().length).toBeLessThanOrEqual(bound)
    expect(rows()[0]!.getAttribute('aria-setsize')).toBe('5000')
    // Tab reaches one row (roving focus); the arrows move it.
    const buttons = () => Array.from(rows()).map((li) => li.querySelector('button')!)
    expect(buttons().filter((b) => b.tabIndex === 0)).toHaveLength(1)
    buttons()[0]!.focus()
    const list = $(root, '[data-airlock="virtual-list"]')
    const key = (name: string) => act(() => list.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })))
    const focused = () => root.activeElement?.closest('li')?.getAttribute('aria-posinset')
    key('ArrowRight')
    expect(focused()).toBe('2')
    key('ArrowDown')
    expect(focused()).toBe(String(2 + DEFAULT_COLUMNS))
    key('ArrowLeft')
    key('ArrowUp')
    expect(focused()).toBe('1')
    key('PageDown')
    expect(focused()).toBe(String(1 + Math.floor(VIEWPORT_HEIGHT / ROW_HEIGHT) * DEFAULT_COLUMNS))
    expect(root.activeElement?.classList.contains('tile')).toBe(true)
    act(() => list.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })))
    expect(root.activeElement?.closest('li')?.getAttribute('aria-posinset')).toBe('5000')
    expect(root.activeElement?.textContent).toBe(wallets[4_999]!.name)
    expect(rows().length).toBeLessThanOrEqual(bound)
    act(() => list.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true })))
    expect(root.activeElement?.closest('li')?.getAttribute('aria-posinset')).toBe('1')
  })

  test('behavior: the end of the list asks for the next page once; a row that is not installed opens WalletConnect with the wallet', async () => {
    const airlock = registryAirlock()
    const root = await openAllWallets(airlock)
    await waitFor(() => expect(airlock.getState().registry.status).toBe('loaded'))
    const list = $(root, '[data-airlock="virtual-list"]')
    act(() => {
      // The bottom of the first page's 40 wallets (10 grid rows).
      list.scrollTop = (40 / DEFAULT_COLUMNS) * ROW_HEIGHT - VIEWPORT_HEIGHT
      list.dispatchEvent(new Event('scroll'))
    })
    await waitFor(() => expect(airlock.getState().registry.page).toBe(2))
    expect(airlock.api.calls.filter((u) => u.pathname === '/getWallets').map((u) => u.searchParams.get('page'))).toEqual(['1', '2'])
    expect(count(airlock, 'registry/nextPageRequested')).toBe(1)
    act(() => {
      list.scrollTop = 0
      list.dispatchEvent(new Event('scroll'))
    })
    click(byLabel(root, 'Trust Wallet'))
    const trust = airlock.getState().registry.wallets[1]!
    expect(airlock.getState().router).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: trust } })
    expect(JSON.parse(JSON.stringify(airlock.getState().router.data))).toEqual({ wallet: trust })
    expect(airlock.getState().registry.selected).toEqual(trust)
  })

  test('behavior: a registry wallet that is installed connects as a browser wallet', () => {
    const airlock = registryAirlock()
    announce(airlock, wallet())
    const metamask = { ...KNOWN_WALLETS[0]!, rdns: 'io.metamask' } as RegistryWallet
    act(() => selectRegistryWallet(airlock, metamask))
    expect(airlock.getState().router.view).toBe('ConnectingExternal')
    expect(count(airlock, 'connection/connectRequested')).toBe(1)
  })

  test('behavior: rows that appear while the list scrolls wait for it to rest before loading images', async () => {
    const airlock = registryAirlock()
    const root = await openAllWallets(airlock)
    await waitFor(() => expect(names(root, 'All wallets').length).toBeGreaterThan(5))
    const list = $(root, '[data-airlock="virtual-list"]')
    // Wallet 32 is on grid row 8: out of the rendered rows at the top, mounted by the scroll.
    expect(names(root, 'All wallets')).not.toContain(airlock.getState().registry.wallets[32]!.name)
    act(() => {
      list.scrollTop = (32 / DEFAULT_COLUMNS) * ROW_HEIGHT
      list.dispatchEvent(new Event('scroll'))
    })
    const row = byText(root, 'li', airlock.getState().registry.wallets[32]!.name)
    expect(row.querySelector('img')).toBeNull()
    await waitFor(() => expect(row.querySelector('img')?.getAttribute('src')).toContain(`${API}/getWalletImage/`))
  })

  test('behavior: a failed image shows the first letter instead', async () => {
    const airlock = registryAirlock()
    const root = await openAllWallets(airlock)
    await waitFor(() => expect(names(root, 'All wallets').length).toBeGreaterThan(5))
    const img = $(root, 'li img')
    const name = img.closest('li')!.querySelector('.row-name')!.textContent!
    act(() => img.dispatchEvent(new Event('error')))
    const li = byText(root, 'li', name)
    expect(li.querySelector('img')).toBeNull()
    expect(li.querySelector('.wallet-icon')?.textContent).toBe(name[0]!.toUpperCase())
  })
})

test('columnsFor: 4 columns in the 360 px card (with or without a classic scrollbar), more when wider, 4 before layout', () => {
  expect(columnsFor(326)).toBe(4)
  expect(columnsFor(311)).toBe(4)
  expect(columnsFor(358)).toBe(4)
  expect(columnsFor(480)).toBe(6)
  expect(columnsFor(40)).toBe(1)
  expect(columnsFor(0)).toBe(DEFAULT_COLUMNS)
})
