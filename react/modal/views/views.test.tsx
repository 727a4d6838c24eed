// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { base, bitcoin, bitcoinSignet, bitcoinTestnet, ethereum, polygon, solanaDevnet, solanaTestnet } from '../../../core/chains/networks.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, ADDRESS, announce, byLabel, byText, CAIP_ADDRESS, click, connect, count, dispatch, ICON, openModal, render, testAirlock, waitFor, wallet } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

const rabby = wallet({ id: 'io.rabby', name: 'Rabby Wallet', rdns: 'io.rabby', icon: 'https://evil.example/icon.png' })
const notInstalled = wallet({ id: 'com.trust', name: 'Trust Wallet', rdns: 'com.trust', installed: false, type: 'INJECTED' })

function rowNames(root: ParentNode, list = 'Wallets'): string[] {
  return Array.from($(root, `ul[aria-label="${list}"]`).querySelectorAll('li .row-name')).map((node) => node.textContent ?? '')
}

describe('Connect', () => {
  test('default: lists announced wallets, icons only as data URI <img>', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    announce(airlock, wallet(), rabby)
    const root = await openModal(airlock)
    expect(rowNames(root)).toEqual(['MetaMask', 'Rabby Wallet'])
    const metamask = byLabel(root, 'MetaMask Installed')
    expect(metamask.querySelector('img')?.getAttribute('src')).toBe(ICON)
    // Decorative: the row's own name already says it (read once, and axe's label-in-name rule holds).
    expect(metamask.querySelector('img')?.getAttribute('alt')).toBe('')
    // A non-data icon never becomes an <img>: the initial letter, as text.
    const rabbyRow = byLabel(root, 'Rabby Wallet Installed')
    expect(rabbyRow.querySelector('img')).toBeNull()
    expect(rabbyRow.querySelector('.wallet-icon')?.textContent).toBe('R')
    expect(root.querySelectorAll('img')).toHaveLength(1)
  })

  test('behavior: recent wallets first (at most 2), then installed, then not installed', async () => {
    const airlock = testAirlock()
    const phantom = wallet({ id: 'app.phantom', name: 'Phantom', rdns: 'app.phantom' })
    announce(airlock, notInstalled, wallet(), rabby, phantom)
    // Three connections: the recent list keeps the two newest.
    for (const id of ['io.metamask', 'app.phantom', 'io.rabby']) {
      const connector = airlock.getState().connectors.list.find((c) => c.id === id)!
      dispatch(
        airlock,
        { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: CAIP_ADDRESS, connectorId: id, wallet: { id, name: connector.name } },
        { type: 'connection/disconnected', namespace: 'eip155' },
      )
    }
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect(rowNames(root)).toEqual(['Rabby Wallet', 'Phantom', 'MetaMask', 'Trust Wallet'])
    expect(byLabel(root, 'Rabby Wallet Recent')).toBeTruthy()
    expect(byLabel(root, 'Phantom Recent')).toBeTruthy()
    expect(byLabel(root, 'Trust Wallet')).toBeTruthy()
  })

  test('behavior: no wallets shows a short help text', async () => {
    const airlock = testAirlock()
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect($(root, '[data-airlock="no-wallets"]').textContent).toContain('No wallet found')
    expect(root.querySelector('ul[aria-label="Wallets"]')).toBeNull()
  })

  test('behavior: outside names render as text, never markup', async () => {
    const airlock = testAirlock()
    announce(airlock, wallet({ id: 'x', rdns: 'x', name: '<img src=x onerror=alert(1)>' }))
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect(rowNames(root)).toEqual(['<img src=x onerror=alert(1)>'])
    expect(root.querySelector('img[src="x"]')).toBeNull()
  })

  test('behavior: clicking a wallet pushes ConnectingExternal and dispatches exactly one connectRequested (double click)', async () => {
    const airlock = testAirlock()
    announce(airlock, wallet())
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const row = byLabel(root, 'MetaMask Installed')
    act(() => {
      row.click()
      row.click()
    })
    expect(count(airlock, 'connection/connectRequested')).toBe(1)
    expect(airlock.actions.find((a) => a.type === 'connection/connectRequested')).toEqual({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' })
    expect(airlock.getState().router).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'io.metamask' }, history: ['Connect', 'ConnectingExternal'] })
    await waitFor(() => expect(root.querySelector('[data-view="ConnectingExternal"] .lead')?.textContent).toBe('Continue in MetaMask'))
    expect($(root, 'h2').textContent).toBe('MetaMask')
  })

  test('behavior: All Wallets lists every wallet, installed first, and the search filters by name', async () => {
    const airlock = testAirlock()
    announce(airlock, notInstalled, wallet(), rabby)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(byText(root, 'button', 'All Wallets'))
    await waitFor(() => $(root, 'input[type="search"]'))
    expect(rowNames(root, 'All wallets')).toEqual(['MetaMask', 'Rabby Wallet', 'Trust Wallet'])
    const search = byLabel<HTMLInputElement>(root, 'Search wallets')
    act(() => {
      // React listens for `input`; set the value the way a typing person does.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, '  RAB ')
      search.dispatchEvent(new Event('input', { bubbles: true }))
    })
    // Debounced (300 ms on the store's scheduler): still unfiltered right away.
    expect(rowNames(root, 'All wallets')).toHaveLength(3)
    await waitFor(() => expect(rowNames(root, 'All wallets')).toEqual(['Rabby Wallet']))
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'nothing-like-this')
      search.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await waitFor(() => $(root, '[data-airlock="no-results"]'))
    expect(root.querySelector('ul[aria-label="All wallets"]')).toBeNull()
  })
})

describe('ConnectingExternal', () => {
  test('behavior: shows the error with Retry; Retry asks again once and is disabled while connecting', async () => {
    const airlock = testAirlock()
    announce(airlock, wallet())
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(byLabel(root, 'MetaMask Installed'))
    const retry = await waitFor(() => byText<HTMLButtonElement>(root, 'button', 'Retry'))
    expect(retry.disabled).toBe(true)
    expect($(root, '[data-view="ConnectingExternal"] [role="status"]').textContent).toContain('Waiting for MetaMask')
    dispatch(airlock, { type: 'connection/connectFailed', namespace: 'eip155', connectorId: 'io.metamask', error: { message: 'User rejected the request.', code: 4001 } })
    expect($(root, '[data-view] [role="alert"]').textContent).toBe('User rejected the request.')
    expect(retry.disabled).toBe(false)
    act(() => {
      retry.click()
      retry.click()
    })
    expect(count(airlock, 'connection/connectRequested')).toBe(2)
    expect(retry.disabled).toBe(true)
    expect(root.querySelector('[data-view] [role="alert"]')).toBeNull()
    expect(airlock.getState().router.history).toEqual(['Connect', 'ConnectingExternal'])
  })

  test('behavior: the account arriving closes the modal and the button shows the account', async () => {
    const airlock = testAirlock()
    announce(airlock, wallet())
    const { container } = render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(byLabel(root, 'MetaMask Installed'))
    expect(byText(container, 'button', 'Connecting…')).toBeTruthy()
    connect(airlock)
    expect(airlock.getState().modal.open).toBe(false)
    expect(byText(container, 'button', '0x71C7…d8976F')).toBeTruthy()
  })
})

describe('Account', () => {
  test('behavior: the identity\'s avatar image when it is https (or http on this machine), else the address\'s gradient; the network row wears its mark', async () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    await airlock.ready()
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const identity = (avatar: string) => dispatch(airlock, { type: 'portfolio/fetched', resource: 'identity', key: ADDRESS.toLowerCase(), data: { name: null, avatar }, at: 1 })
    identity('https://api.airlock.test/avatar.png')
    expect($(root, 'img[data-airlock="avatar"]').getAttribute('src')).toBe('https://api.airlock.test/avatar.png')
    for (const unsafe of ['http://evil.example/a.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>']) {
      identity(unsafe)
      expect(root.querySelector('img[data-airlock="avatar"]'), unsafe).toBeNull()
      expect($(root, 'span[data-airlock="avatar"]').getAttribute('style')).toContain('linear-gradient')
    }
    identity('http://127.0.0.1:8787/avatar.png')
    expect($(root, 'img[data-airlock="avatar"]').getAttribute('src')).toBe('http://127.0.0.1:8787/avatar.png')
    expect($(root, '[data-airlock="network"] svg.mark')?.getAttribute('data-mark')).toBe('ethereum')
    expect(byLabel(root, 'Network: Ethereum. Switch network')).toBeTruthy()
  })

  test('behavior: avatar colour, address 4+6, balance (loading, then value), wallet name', async () => {
    const airlock = testAirlock()
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    announce(airlock, wallet())
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect($(root, 'h2').textContent).toBe('Account')
    expect($(root, '[data-airlock="address"]').textContent).toBe('0x71C7…d8976F')
    expect($(root, '[data-airlock="address"]').getAttribute('title')).toBe(ADDRESS)
    // SPEC 9: colours from the first 6 hex digits (71c765), as a gradient to the same digits turned round.
    expect($(root, '[data-airlock="avatar"]').getAttribute('style')).toMatch(/linear-gradient\(135deg, ?(#71c765|rgb\(113, 199, 101\)), ?(#c76571|rgb\(199, 101, 113\))\)/i)
    expect(byText(root, 'p', 'Connected with').textContent).toBe('Connected with MetaMask')
    dispatch(airlock, { type: 'balance/fetchRequested', caipAddress: CAIP_ADDRESS })
    expect($(root, '[data-airlock="balance"]').textContent).toBe('Loading balance…')
    expect($(root, '[data-airlock="balance"]').getAttribute('aria-busy')).toBe('true')
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '1234567890000000000', decimals: 18, symbol: 'ETH', at: 1 })
    expect($(root, '[data-airlock="balance"]').textContent).toBe('1.234 ETH')
    // Digit grouping (en-US here), the 3 decimals still cut, never rounded.
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '12345999999999999999999', decimals: 18, symbol: 'ETH', at: 2 })
    expect($(root, '[data-airlock="balance"]').textContent).toBe('12,345.999 ETH')
  })

  test('behavior: copy puts the address on the clipboard and shows "Address copied"', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const airlock = testAirlock()
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(byLabel(root, 'Copy address'))
    await waitFor(() => expect($(root, '[data-airlock="toast"]').textContent).toContain('Address copied'))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    expect($(root, '[data-airlock="toast"]').getAttribute('data-variant')).toBe('success')
  })

  test('behavior: a failing clipboard shows an error toast', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } })
    const airlock = testAirlock()
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(byLabel(root, 'Copy address'))
    await waitFor(() => expect($(root, '[data-airlock="toast"]').getAttribute('data-variant')).toBe('error'))
  })

  test('behavior: the network row opens Networks; disconnect asks to disconnect and closes', async () => {
    const airlock = testAirlock()
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(byLabel(root, 'Network: Ethereum. Switch network'))
    await waitFor(() => $(root, '[data-view="Networks"]'))
    click(byLabel(root, 'Back'))
    await waitFor(() => $(root, '[data-view="Account"]'))
    // Back from Networks returns to Account with the modal still open (only back on the last view closes).
    expect(airlock.getState().modal.open).toBe(true)
    click(byText(root, 'button', 'Disconnect'))
    expect(airlock.actions.filter((a) => a.type === 'connection/disconnectRequested')).toEqual([{ type: 'connection/disconnectRequested', namespace: 'eip155' }])
    expect(airlock.getState().modal.open).toBe(false)
  })
})

describe('Receive', () => {
  test('default: the Account view offers Receive; it shows the address as a QR code and in full, copies it, and names the networks it receives on', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const airlock = testAirlock({ networks: [ethereum, base, solanaDevnet] })
    await airlock.ready()
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const features = $(root, '[data-airlock="wallet-features"]')
    // SPEC 2 default order: onramp, swaps, receive, send.
    expect(Array.from(features.querySelectorAll('button'), (b) => b.getAttribute('data-feature'))).toEqual(['onramp', 'swaps', 'receive', 'send'])
    click(byText(features, 'button', 'Receive'))
    await waitFor(() => $(root, '[data-airlock="receive"]'))
    expect($(root, 'h2').textContent).toBe('Receive')
    expect(byLabel(root, `QR code of your address ${ADDRESS}`).tagName.toLowerCase()).toBe('svg')
    expect($(root, '[data-airlock="receive-address"]').textContent).toBe(ADDRESS)
    // An EVM address receives on every EVM network listed, not on the Solana one.
    expect(Array.from($(root, '[data-airlock="receive-networks"]').querySelectorAll('li'), (li) => li.textContent)).toEqual(['Ethereum', 'Base'])
    click(byText(root, 'button', 'Copy address'))
    await waitFor(() => expect($(root, '[data-airlock="toast"]').textContent).toContain('Address copied'))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    click(byLabel(root, 'Back'))
    await waitFor(() => $(root, '[data-view="Account"]'))
  })

  test('behavior: features.receive, send and swaps off hide the row; Receive with no account offers to connect', async () => {
    const off = testAirlock({ features: { receive: false, send: false, swaps: false, onramp: false } })
    connect(off)
    render(off, <ConnectButton />)
    const root = await openModal(off)
    expect(root.querySelector('[data-airlock="wallet-features"]')).toBeNull()
    document.body.innerHTML = ''

    const nobody = testAirlock()
    render(nobody, <ConnectButton />)
    const modal = await openModal(nobody)
    dispatch(nobody, { type: 'router/pushRequested', view: 'Receive' })
    await waitFor(() => byText(modal, 'p', 'No wallet is connected.'))
    click(byText(modal, 'button', 'Connect a wallet'))
    await waitFor(() => $(modal, '[data-view="Connect"]'))
  })

  test('selectReceiveNetworks: Solana on every cluster, Bitcoin only on networks of its address format', async () => {
    const { selectReceiveNetworks } = await import('./Receive.js')
    const state = testAirlock({ networks: [ethereum, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet, bitcoinSignet] }).getState()
    const names = (caip: string | null) => selectReceiveNetworks(state, caip).map((n) => n.name)
    expect(names(`${solanaDevnet.caipNetworkId}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`)).toEqual(['Solana Devnet', 'Solana Testnet'])
    expect(names(`${bitcoinTestnet.caipNetworkId}:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx`)).toEqual(['Bitcoin Testnet', 'Bitcoin Signet'])
    expect(names(`${bitcoin.caipNetworkId}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`)).toEqual(['Bitcoin'])
    expect(names(null)).toEqual([])
  })
})

describe('Account on an unsupported network', () => {
  test('behavior: "Unsupported network" instead of the old network, no old balance; the row opens UnsupportedChain (fault 5e)', async () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    connect(airlock)
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '1234567890000000000', decimals: 18, symbol: 'ETH', at: 1 })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect($(root, '[data-airlock="balance"]').textContent).toBe('1.234 ETH')
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' }, { type: 'router/resetRequested', view: 'Account' })
    await waitFor(() => expect($(root, '[data-airlock="network"]').textContent).toBe('!Unsupported networkSwitch'))
    expect(root.textContent).not.toContain('Ethereum')
    expect($(root, '[data-airlock="balance"]').textContent).toBe('Balance unavailable')
    click(byLabel(root, 'Unsupported network. Switch network'))
    await waitFor(() => $(root, '[data-view="UnsupportedChain"]'))
  })
})

describe('Networks', () => {
  test('behavior: active marked aria-current; a click dispatches one switch, shows it pending, and goes back once it lands', async () => {
    const airlock = testAirlock({ networks: [ethereum, base, polygon] })
    connect(airlock)
    render(airlock, <ConnectButton />)
    act(() => airlock.open())
    dispatch(airlock, { type: 'router/pushRequested', view: 'Networks' })
    const root = await waitFor(() => {
      const r = document.querySelector('airlock-modal')!.shadowRoot!
      $(r, '[data-view="Networks"] ul')
      return r
    })
    const rows = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-view="Networks"] .row'))
    expect(rows.map((r) => r.querySelector('.row-name')?.textContent)).toEqual(['Ethereum', 'Base', 'Polygon'])
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual(['true', null, null])
    click(rows[0]!)
    expect(count(airlock, 'network/switchRequested')).toBe(0)
    act(() => {
      rows[1]!.click()
      rows[1]!.click()
    })
    expect(airlock.actions.filter((a) => a.type === 'network/switchRequested')).toEqual([{ type: 'network/switchRequested', caipNetworkId: 'eip155:8453' }])
    expect(rows[1]!.getAttribute('aria-busy')).toBe('true')
    expect(rows[1]!.textContent).toContain('Switching…')
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:8453' })
    expect(airlock.getState().router.view).toBe('Account')
  })

  test('behavior: a failed switch clears the pending mark and stays', async () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock, { view: 'Networks' })
    click(byText(root, '.row', 'Base'))
    expect(byText(root, '.row', 'Base').getAttribute('aria-busy')).toBe('true')
    dispatch(airlock, { type: 'network/switchFailed', caipNetworkId: 'eip155:8453', error: { message: 'rejected' } })
    expect(byText(root, '.row', 'Base').hasAttribute('aria-busy')).toBe(false)
    expect(airlock.getState().modal.open).toBe(true)
    expect(byText(root, '.row', 'Ethereum').getAttribute('aria-current')).toBe('true')
  })
})

describe('UnsupportedChain', () => {
  test('behavior: opens when the wallet moves to an unknown chain; lists networks to switch to and a disconnect button', async () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    connect(airlock)
    render(airlock, <ConnectButton />)
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' })
    const root = await waitFor(() => {
      const r = document.querySelector('airlock-modal')!.shadowRoot!
      $(r, '[data-view="UnsupportedChain"] ul')
      return r
    })
    expect($(root, 'h2').textContent).toBe('Switch Network')
    expect($(root, '[data-view="UnsupportedChain"]').textContent).toContain('doesn’t support')
    expect(root.querySelectorAll('[aria-current]')).toHaveLength(0)
    click(byText(root, '.row', 'Base'))
    expect(count(airlock, 'network/switchRequested')).toBe(1)
    click(byText(root, '[data-view="UnsupportedChain"] button', 'Disconnect'))
    expect(count(airlock, 'connection/disconnectRequested')).toBe(1)
  })
})
