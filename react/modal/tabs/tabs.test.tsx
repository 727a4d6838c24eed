// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Action } from '../../../core/actions/types.js'
import { base, ethereum, solanaDevnet } from '../../../core/chains/networks.js'
import type { Network } from '../../../core/chains/types.js'
import type { ActivityTransaction, Nft, TokenBalance } from '../../../core/portfolio/types.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, ADDRESS, byLabel, byText, click, connect, count, dispatch, openModal, render, testAirlock, waitFor } from '../../testing/renderAirlock.js'
import { AccountTabs } from '../parts/AccountTabs.js'
import { ActivityTab } from './ActivityTab.js'
import { NftsTab } from './NftsTab.js'
import { TokensTab } from './TokensTab.js'

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

/** The key of the tokens and NFTs of the test account on Ethereum (CAIP-10). */
const KEY = `eip155:1:${ADDRESS}`
/** The key of its Activity list (`caip2|address`). */
const ACTIVITY_KEY = `eip155:1|${ADDRESS}`
const OTHER = '0x1111111111111111111111111111111111111111'

const usdc: TokenBalance = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: 12345.678, price: 1, quantity: { decimals: '6', numeric: '12345.678901' }, iconUrl: '' }
const ether: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000.5, price: 2000, quantity: { decimals: '18', numeric: '1.500249999' }, iconUrl: '' }
const junk: TokenBalance = { name: 'Unpriced', symbol: 'UNP', chainId: 'eip155:1', address: 'eip155:1:0x2222222222222222222222222222222222222222', value: 0, price: 0, quantity: { decimals: '18', numeric: '1000.999' }, iconUrl: '' }

function nft(id: string, overrides: Partial<Nft> = {}): Nft {
  return { id, name: `Punk #${id}`, tokenId: id, chainId: 'eip155:1', collection: { name: 'Punks', address: '0x3333333333333333333333333333333333333333' }, imageUrl: `https://api.example/nft/${id}.png`, ...overrides }
}

function tx(id: string, minedAt: string, overrides: Partial<ActivityTransaction> = {}): ActivityTransaction {
  return {
    id,
    hash: `0x${id.padStart(64, '0')}`,
    minedAt,
    chain: 'eip155:1',
    operationType: 'send',
    status: 'confirmed',
    sentFrom: ADDRESS,
    sentTo: OTHER,
    transfers: [{ direction: 'out', quantity: { numeric: '1.23456' }, fungible: { name: 'Ether', symbol: 'ETH', iconUrl: '' }, spam: false }],
    ...overrides,
  }
}

/** A connected test airlock with its late reducers in (the portfolio slice is one). */
async function connected(parameters: Parameters<typeof testAirlock>[0] = {}) {
  const airlock = testAirlock(parameters)
  await airlock.ready()
  connect(airlock)
  return airlock
}

function tokensFetched(data: readonly TokenBalance[], key = KEY): Action {
  return { type: 'portfolio/fetched', resource: 'tokens', key, data, at: 1 }
}

const rows = (root: ParentNode, selector: string) => Array.from(root.querySelectorAll<HTMLElement>(selector))
const status = (root: ParentNode) => rows(root, '[role="status"]').map((node) => node.textContent)

describe('AccountTabs', () => {
  test('default: a tablist of Tokens, NFTs and Activity, Tokens selected and the only one in the tab order', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <AccountTabs />)
    const tablist = $(container, '[role="tablist"]')
    expect(tablist.getAttribute('aria-label')).toBe('Account')
    const tabs = rows(tablist, '[role="tab"]')
    expect(tabs.map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false'])
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1])
    const panel = $(container, '[role="tabpanel"]')
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id)
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id)
    await waitFor(() => expect(status(panel)).toContain('Loading tokens'))
  })

  test('behavior: arrow keys, Home and End move the selection and the focus (wrapping around)', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <AccountTabs />)
    const tabs = () => rows(container, '[role="tab"]')
    const selected = () => tabs().findIndex((t) => t.getAttribute('aria-selected') === 'true')
    const press = (key: string) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
      act(() => void document.activeElement!.dispatchEvent(event))
      return event
    }
    act(() => tabs()[0]!.focus())
    const steps: [string, number][] = [['ArrowRight', 1], ['ArrowRight', 2], ['ArrowRight', 0], ['ArrowLeft', 2], ['ArrowLeft', 1], ['Home', 0], ['End', 2]]
    for (const [key, expected] of steps) {
      expect(press(key).defaultPrevented, key).toBe(true)
      expect(selected(), key).toBe(expected)
      expect(document.activeElement, key).toBe(tabs()[expected])
      expect(tabs().map((t) => t.tabIndex).filter((i) => i === 0)).toHaveLength(1)
      expect(tabs()[expected]!.tabIndex).toBe(0)
    }
    // Other keys are left alone.
    expect(press('a').defaultPrevented).toBe(false)
    expect(press('ArrowDown').defaultPrevented).toBe(false)
    expect(selected()).toBe(2)
  })

  test('behavior: each tab shows its own panel, loaded on demand', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <AccountTabs />)
    const panel = () => $(container, '[role="tabpanel"]')
    expect(panel().getAttribute('data-tab')).toBe('tokens')
    await waitFor(() => expect(status(panel())).toContain('Loading tokens'))

    click(byText(container, '[role="tab"]', 'NFTs'))
    expect(byText(container, '[role="tab"]', 'NFTs').getAttribute('aria-selected')).toBe('true')
    expect(panel().getAttribute('data-tab')).toBe('nfts')
    expect(panel().id).toBe('airlock-panel-nfts')
    await waitFor(() => expect(panel().textContent).toBe('NFTs need the data service: set a projectId.'))

    click(byText(container, '[role="tab"]', 'Activity'))
    expect(panel().getAttribute('data-tab')).toBe('activity')
    await waitFor(() => expect(count(airlock, 'activity/pageRequested')).toBe(1))
    expect(panel().querySelector('[data-airlock="tokens"], [data-airlock="nfts"]')).toBeNull()

    click(byText(container, '[role="tab"]', 'Tokens'))
    await waitFor(() => expect(status(panel())).toContain('Loading tokens'))
  })

  test('behavior: the Account view shows the tabs, and its total USD once priced tokens are in', async () => {
    const airlock = await connected()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const tabs = await waitFor(() => $(root, '[data-view="Account"] [data-airlock="account-tabs"]'))
    expect(rows(tabs, '[role="tab"]').map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    await waitFor(() => expect(status(tabs)).toContain('Loading tokens'))
    expect(root.querySelector('[data-airlock="total-usd"]')).toBeNull()
    // Unpriced tokens alone give no total.
    dispatch(airlock, tokensFetched([junk]))
    expect(root.querySelector('[data-airlock="total-usd"]')).toBeNull()
    dispatch(airlock, tokensFetched([usdc, ether, junk]))
    expect($(root, '[data-airlock="total-usd"]').textContent).toBe('Total $15,346.18')
    expect(rows(root, '[data-airlock="total-usd"]')).toHaveLength(1)
  })
})

describe('TokensTab', () => {
  test('default: asks for the active account’s tokens on mount and shows a skeleton meanwhile', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <TokensTab />)
    expect(airlock.actions.filter((a) => a.type === 'portfolio/fetchRequested')).toEqual([{ type: 'portfolio/fetchRequested', resource: 'tokens', key: KEY }])
    expect(status(container)).toEqual(['Loading tokens'])
    expect($(container, '[aria-busy="true"]')).toBeTruthy()
    expect(container.querySelector('[data-airlock="tokens"]')).toBeNull()
  })

  test('behavior: sorted by value, balances cut to 2 decimals, USD values, "–" when unpriced', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <TokensTab />)
    dispatch(airlock, tokensFetched([junk, ether, usdc]))
    const list = rows(container, '[data-airlock="tokens"] li')
    expect(list.map((li) => li.getAttribute('data-token'))).toEqual(['USDC', 'ETH', 'UNP'])
    // Cut to 2 decimals first, then grouped in the reader's locale (en-US here).
    expect(list.map((li) => li.querySelector('.row-name .muted')?.textContent)).toEqual(['12,345.67 USDC', '1.50 ETH', '1,000.99 UNP'])
    expect(list.map((li) => li.querySelector('.tag')?.textContent)).toEqual(['$12,345.68', '$3,000.50', '–'])
    expect(list[0]!.querySelector('.row-name')!.textContent).toContain('USD Coin')
    // No icon URL: the symbol's first letter.
    expect(list.map((li) => li.querySelector('.badge')?.textContent)).toEqual(['U', 'E', 'U'])
    expect(status(container)).toEqual([])
  })

  test('behavior: a failure shows "Token Balance Unavailable"; data already shown stays', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <TokensTab />)
    dispatch(airlock, { type: 'portfolio/fetchStarted', resource: 'tokens', key: KEY }, { type: 'portfolio/fetchFailed', resource: 'tokens', key: KEY, error: { message: 'Token Balance Unavailable' }, at: 1 })
    expect($(container, '[role="alert"]').textContent).toBe('Token Balance Unavailable')
    expect(status(container)).toEqual([])

    const second = await connected()
    const other = render(second, <TokensTab />)
    dispatch(second, tokensFetched([ether]), { type: 'portfolio/fetchFailed', resource: 'tokens', key: KEY, error: { message: 'down' }, at: 2 })
    expect(other.container.querySelector('[role="alert"]')).toBeNull()
    expect(rows(other.container, '[data-airlock="tokens"] li')).toHaveLength(1)
  })

  test('behavior: an empty list says so', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <TokensTab />)
    dispatch(airlock, tokensFetched([]))
    expect($(container, '[data-airlock="tokens-empty"]').textContent).toBe('No tokens on this network yet.')
    expect(container.querySelector('[data-airlock="tokens"]')).toBeNull()
  })

  test('behavior: another network asks again for its own key and shows its own list', async () => {
    const airlock = await connected({ networks: [ethereum, base] })
    const { container } = render(airlock, <TokensTab />)
    dispatch(airlock, tokensFetched([ether]))
    expect(rows(container, '[data-airlock="tokens"] li')).toHaveLength(1)
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' })
    const baseKey = `eip155:8453:${ADDRESS}`
    expect(airlock.actions.filter((a) => a.type === 'portfolio/fetchRequested').map((a) => a.type === 'portfolio/fetchRequested' && a.key)).toEqual([KEY, baseKey])
    expect(status(container)).toEqual(['Loading tokens'])
    expect(container.querySelector('[data-airlock="tokens"]')).toBeNull()
  })

  test('edge: no account, no request and a short note', async () => {
    const airlock = testAirlock()
    await airlock.ready()
    const { container } = render(airlock, <TokensTab />)
    expect(container.textContent).toBe('Balances are not available on this network.')
    expect(count(airlock, 'portfolio/fetchRequested')).toBe(0)
  })
})

describe('NftsTab', () => {
  // A quick 404 for every service call: the remote config settles at once instead of retrying for 3 s.
  const withService = { projectId: 'airlock-dev', enableWalletConnect: false, enableWallets: false, deps: { fetch: () => Promise.resolve(new Response(null, { status: 404 })) } }

  test('default: without a projectId it says the data service is needed', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <NftsTab />)
    expect(container.textContent).toBe('NFTs need the data service: set a projectId.')
    expect(container.querySelector('[aria-busy]')).toBeNull()
  })

  test('behavior: loading, then the NFTs two a row with name and collection', async () => {
    const airlock = await connected(withService)
    const { container } = render(airlock, <NftsTab />)
    expect(airlock.actions.filter((a) => a.type === 'portfolio/fetchRequested' && a.resource === 'nfts')).toEqual([{ type: 'portfolio/fetchRequested', resource: 'nfts', key: KEY }])
    expect(status(container)).toEqual(['Loading NFTs'])
    dispatch(airlock, { type: 'portfolio/fetched', resource: 'nfts', key: KEY, data: [nft('1'), nft('2', { name: 'Ape #2', collection: { name: 'Apes', address: '0x4' } })], at: 1 })
    const cards = rows(container, '[data-airlock="nfts"] li')
    expect(cards.map((c) => c.getAttribute('data-nft'))).toEqual(['1', '2'])
    expect(cards.map((c) => c.querySelector('.row-name')?.textContent)).toEqual(['Punk #1', 'Ape #2'])
    expect(cards.map((c) => c.querySelector('.muted')?.textContent)).toEqual(['Punks', 'Apes'])
    expect(cards.map((c) => c.querySelector('img')?.getAttribute('src'))).toEqual(['https://api.example/nft/1.png', 'https://api.example/nft/2.png'])
    expect(cards[0]!.querySelector('img')!.getAttribute('alt')).toBe('Punk #1')
  })

  test('behavior: empty and failed states', async () => {
    const airlock = await connected(withService)
    const { container } = render(airlock, <NftsTab />)
    dispatch(airlock, { type: 'portfolio/fetchFailed', resource: 'nfts', key: KEY, error: { message: 'NFTs unavailable' }, at: 1 })
    expect($(container, '[role="alert"]').textContent).toBe('NFTs could not be loaded. Try again in a moment.')
    dispatch(airlock, { type: 'portfolio/fetched', resource: 'nfts', key: KEY, data: [], at: 2 })
    expect($(container, '[data-airlock="nfts-empty"]').textContent).toBe('No NFTs on this network yet.')
    expect(container.querySelector('[role="alert"]')).toBeNull()
  })

  test('edge: an image that fails to load, or none at all, shows the placeholder named after the NFT', async () => {
    const airlock = await connected(withService)
    const { container } = render(airlock, <NftsTab />)
    dispatch(airlock, { type: 'portfolio/fetched', resource: 'nfts', key: KEY, data: [nft('1'), nft('2', { imageUrl: '' })], at: 1 })
    const [first, second] = rows(container, '[data-airlock="nfts"] li')
    expect(second!.querySelector('img')).toBeNull()
    expect(byLabel(second!, 'Punk #2').getAttribute('role')).toBe('img')
    const img = first!.querySelector('img')!
    expect(first!.querySelector('[role="img"]')).toBeNull()
    act(() => void img.dispatchEvent(new Event('error')))
    expect(first!.querySelector('img')).toBeNull()
    expect(byLabel(first!, 'Punk #1').getAttribute('role')).toBe('img')
  })

  test('behavior: an image the preload reported as failed or late (SPEC 9, 2 s) shows the placeholder at once', async () => {
    const airlock = await connected(withService)
    const { container } = render(airlock, <NftsTab />)
    dispatch(airlock, { type: 'portfolio/fetched', resource: 'nfts', key: KEY, data: [nft('1'), nft('2')], at: 1 })
    dispatch(airlock, { type: 'portfolio/nftImagesPreloaded', key: KEY, failed: ['https://api.example/nft/2.png'] })
    const [first, second] = rows(container, '[data-airlock="nfts"] li')
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('https://api.example/nft/1.png')
    expect(second!.querySelector('img')).toBeNull()
    expect(byLabel(second!, 'Punk #2').getAttribute('role')).toBe('img')
  })

  test('edge: a network of another family with no account there: not available', async () => {
    const airlock = testAirlock({ ...withService, networks: [solanaDevnet] })
    await airlock.ready()
    const { container } = render(airlock, <NftsTab />)
    expect(container.textContent).toBe('NFTs are not available on this network.')
  })
})

describe('ActivityTab', () => {
  function pageLoaded(transactions: ActivityTransaction[], next: string | null = null, cursor: string | null = null): Action {
    return { type: 'activity/pageLoaded', key: ACTIVITY_KEY, cursor, transactions, next }
  }

  test('default: asks for the first page of the account on the active network, with a skeleton while it loads', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    expect(airlock.actions.filter((a) => a.type === 'activity/pageRequested')).toEqual([{ type: 'activity/pageRequested', key: ACTIVITY_KEY }])
    dispatch(airlock, { type: 'activity/pageStarted', key: ACTIVITY_KEY, cursor: null })
    expect(status(container)).toEqual(['Loading activity'])
    dispatch(airlock, pageLoaded([]))
    expect($(container, '[data-airlock="activity-empty"]').textContent).toBe('No activity yet.')
  })

  test('behavior: grouped under month headings, newest first; sent, received and minted rows', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(
      airlock,
      pageLoaded([
        tx('1', '2025-01-20T10:00:00Z'),
        tx('2', '2025-03-05T10:00:00Z', { sentFrom: OTHER, sentTo: ADDRESS, transfers: [{ direction: 'in', quantity: { numeric: '12345.67899' }, fungible: { name: 'Ether', symbol: 'ETH', iconUrl: '' }, spam: false }] }),
        tx('3', '2024-03-05T10:00:00Z', { operationType: 'mint', sentFrom: OTHER, transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft: { name: 'Punk #7', spam: false, previewUrl: '' }, spam: false }] }),
        tx('4', '2025-03-20T10:00:00Z', { status: 'failed' }),
      ]),
    )
    expect(rows(container, 'section h3').map((h) => h.textContent)).toEqual(['March 2025', 'January 2025', 'March 2024'])
    expect(rows(container, 'section').map((s) => s.getAttribute('aria-label'))).toEqual(['March 2025', 'January 2025', 'March 2024'])
    // The row's first line: everything before the <br>.
    const firstLine = (node: HTMLElement) => Array.from(node.childNodes).slice(0, Array.from(node.childNodes).findIndex((c) => c.nodeName === 'BR')).map((c) => c.textContent).join('')
    const names = rows(container, 'li.row .row-name').map(firstLine)
    // Quantities cut to 3 decimals, then grouped (en-US here).
    expect(names).toEqual(['Sent 1.234 ETH', 'Received 12,345.678 ETH', 'Sent 1.234 ETH', 'Minted Punk #7'])
    const list = rows(container, 'li.row')
    expect(list.map((li) => li.getAttribute('data-status'))).toEqual(['failed', 'confirmed', 'confirmed', 'confirmed'])
    expect(list[0]!.textContent).toContain('to 0x1111…111111 · failed')
    expect(list[1]!.textContent).toContain('from 0x1111…111111 · ')
  })

  test('behavior: transactions sent from the modal show on top under "Pending", only for this network', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(airlock, pageLoaded([tx('1', '2025-01-20T10:00:00Z')]))
    const sending = tx('abc', new Date().toISOString(), { status: 'pending', pending: true, transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible: { name: 'Ether', symbol: 'ETH', iconUrl: '' }, spam: false }] })
    dispatch(airlock, { type: 'activity/transactionSent', transaction: sending }, { type: 'activity/transactionSent', transaction: tx('elsewhere', new Date().toISOString(), { chain: 'eip155:8453', pending: true }) })
    expect(rows(container, 'section h3').map((h) => h.textContent)).toEqual(['Pending', 'January 2025'])
    const pending = $(container, 'section[aria-label="Pending"]')
    expect(rows(pending, 'li')).toHaveLength(1)
    expect(rows(pending, 'li')[0]!.getAttribute('data-status')).toBe('pending')
    expect(rows(pending, 'li .row-name')[0]!.textContent).toContain('Sending 1.500 ETH')
    expect(rows(pending, 'li')[0]!.textContent).toContain('pending')
    // The history lists it: it leaves Pending.
    dispatch(airlock, pageLoaded([{ ...sending, pending: undefined, status: 'confirmed' } as ActivityTransaction, tx('1', '2025-01-20T10:00:00Z')]))
    expect(container.querySelector('section[aria-label="Pending"]')).toBeNull()
  })

  test('behavior: a pending transaction alone is shown instead of the empty state', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(airlock, pageLoaded([]), { type: 'activity/transactionSent', transaction: tx('p', new Date().toISOString(), { pending: true }) })
    expect(container.querySelector('[data-airlock="activity-empty"]')).toBeNull()
    expect(rows(container, 'section h3').map((h) => h.textContent)).toEqual(['Pending'])
  })

  test('behavior: a failed page shows its message as an alert', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(airlock, pageLoaded([tx('1', '2025-01-20T10:00:00Z')], 'c2'), { type: 'activity/pageFailed', key: ACTIVITY_KEY, error: { message: 'Failed to fetch transactions' } })
    expect($(container, '[data-airlock="activity-error"]').textContent).toBe('Failed to fetch transactions')
    expect($(container, '[data-airlock="activity-error"]').getAttribute('role')).toBe('alert')
    expect(container.querySelector('li.row')).toBeNull()
    expect(container.querySelector('button')).toBeNull()
  })

  test('behavior: "Load more" asks for the next page, disabled while it loads, gone at the end', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(airlock, pageLoaded([tx('1', '2025-01-20T10:00:00Z')], 'c2'))
    const more = byText<HTMLButtonElement>(container, 'button', 'Load more')
    expect(more.disabled).toBe(false)
    click(more)
    expect(airlock.actions.filter((a) => a.type === 'activity/pageRequested').at(-1)).toEqual({ type: 'activity/pageRequested', key: ACTIVITY_KEY, more: true })
    dispatch(airlock, { type: 'activity/pageStarted', key: ACTIVITY_KEY, cursor: 'c2' })
    expect(more.disabled).toBe(true)
    expect(more.textContent).toBe('Loading…')
    // Still the first page on screen while the next one loads.
    expect(rows(container, 'li.row')).toHaveLength(1)
    dispatch(airlock, pageLoaded([tx('2', '2024-12-20T10:00:00Z')], null, 'c2'))
    expect(rows(container, 'li.row')).toHaveLength(2)
    expect(container.querySelector('button')).toBeNull()
  })

  test('behavior: the end of the list coming into view asks for the next page', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observers)[number]
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [], disconnected: false }
          observers.push(this.entry)
        }
        observe(target: Element) {
          this.entry.targets.push(target)
        }
        disconnect() {
          this.entry.disconnected = true
        }
      },
    )
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(airlock, pageLoaded([tx('1', '2025-01-20T10:00:00Z')], 'c2'))
    const live = observers.filter((o) => !o.disconnected)
    expect(live).toHaveLength(1)
    expect(live[0]!.targets).toHaveLength(1)
    expect(container.contains(live[0]!.targets[0]!)).toBe(true)
    act(() => live[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))
    expect(airlock.actions.filter((a) => a.type === 'activity/pageRequested').at(-1)).toEqual({ type: 'activity/pageRequested', key: ACTIVITY_KEY, more: true })
    // The last page: the observer is let go.
    dispatch(airlock, pageLoaded([], null, 'c2'))
    expect(observers.filter((o) => !o.disconnected)).toHaveLength(0)
  })

  test('behavior: each row links to the explorer of the network', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    const one = tx('1', '2025-01-20T10:00:00Z')
    dispatch(airlock, pageLoaded([one]))
    const link = byLabel<HTMLAnchorElement>(container, `View transaction ${one.hash} in the explorer`)
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${one.hash}`)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  test('edge: an explorer URL that is not safe to open gets no link (javascript:, plain http off localhost)', async () => {
    const withExplorer = (url: string): Network => ({ ...ethereum, blockExplorers: { default: { name: 'Explorer', url } } })
    // The options check refuses such a URL in development; a production build skips it, so the tab must not trust it.
    vi.stubEnv('NODE_ENV', 'production')
    for (const url of ['javascript:alert(1)', 'http://explorer.example', 'https://user:pass@explorer.example']) {
      const airlock = await connected({ networks: [withExplorer(url)] })
      expect(airlock.getState().options.networks[0]!.blockExplorers?.default.url).toBe(url)
      const { container, unmount } = render(airlock, <ActivityTab />)
      dispatch(airlock, pageLoaded([tx('1', '2025-01-20T10:00:00Z')]))
      expect(rows(container, 'li.row'), url).toHaveLength(1)
      expect(container.querySelector('a'), url).toBeNull()
      unmount()
    }
    // http on localhost (a dev explorer) is allowed, as the Send view allows it.
    const local = await connected({ networks: [withExplorer('http://127.0.0.1:4000/')] })
    const { container } = render(local, <ActivityTab />)
    dispatch(local, pageLoaded([tx('1', '2025-01-20T10:00:00Z')]))
    expect($(container, 'a').getAttribute('href')).toBe(`http://127.0.0.1:4000/tx/${tx('1', '').hash}`)
  })

  test('edge: not on an EVM network, a note and no request', async () => {
    const airlock = testAirlock({ networks: [solanaDevnet] })
    await airlock.ready()
    dispatch(airlock, { type: 'connection/accountConnected', namespace: 'solana', caipAddress: `${solanaDevnet.caipNetworkId}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`, connectorId: 'phantom' })
    const { container } = render(airlock, <ActivityTab />)
    expect(container.textContent).toBe('Activity is available on EVM networks.')
    expect(count(airlock, 'activity/pageRequested')).toBe(0)
  })

  test('edge: the list of another account is never shown for this one', async () => {
    const airlock = await connected()
    const { container } = render(airlock, <ActivityTab />)
    dispatch(airlock, pageLoaded([tx('1', '2025-01-20T10:00:00Z')]))
    expect(rows(container, 'li.row')).toHaveLength(1)
    dispatch(airlock, { type: 'activity/pageRequested', key: `eip155:1|${OTHER}` })
    expect(container.querySelector('li.row')).toBeNull()
    expect(status(container)).toEqual(['Loading activity'])
  })
})

