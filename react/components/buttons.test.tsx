// @vitest-environment happy-dom
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { formatAddress } from '../../core/chains/format.js'
import { base, ethereum } from '../../core/chains/networks.js'
import { byText, CAIP_ADDRESS, click, connect, dispatch, render, testAirlock } from '../testing/renderAirlock.js'
import { AccountButton } from './AccountButton.js'
import { ConnectButton } from './ConnectButton.js'
import { NetworkButton } from './NetworkButton.js'
import { shortAddress } from './shortAddress.js'

afterEach(() => {
  document.body.innerHTML = ''
})

/** The avatar of 0x71C7…: from #71c765 to the same digits turned round (however the DOM spells colours). */
const GRADIENT_71C765 = /linear-gradient\(135deg, ?(#71c765|rgb\(113, 199, 101\)), ?(#c76571|rgb\(199, 101, 113\))\)/i

describe('ConnectButton', () => {
  test('default: "Connect Wallet", opens the modal on Connect', () => {
    const airlock = testAirlock()
    const { container } = render(airlock, <ConnectButton />)
    const button = byText<HTMLButtonElement>(container, 'button', 'Connect Wallet')
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    click(button)
    expect(airlock.getState().modal.open).toBe(true)
    expect(airlock.getState().router.view).toBe('Connect')
  })

  test('parameters: label, size, theme variables', () => {
    const airlock = testAirlock({ themeVariables: { '--airlock-accent': '#47a1ff' } })
    const { container } = render(airlock, <ConnectButton label="Sign in" size="sm" />)
    const button = byText<HTMLButtonElement>(container, 'button', 'Sign in')
    expect(button.style.height).toBe('32px')
    expect(button.getAttribute('style')).toContain('--airlock-accent: #47a1ff')
  })

  test('behavior: "Connecting…" while connecting, then the account button', () => {
    const airlock = testAirlock()
    const { container } = render(airlock, <ConnectButton />)
    dispatch(airlock, { type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'io.metamask' })
    const busy = byText(container, 'button', 'Connecting…')
    expect(busy.getAttribute('aria-busy')).toBe('true')
    connect(airlock)
    expect(container.querySelector('[data-airlock="connect-button"]')).toBeNull()
    expect(container.querySelector('[data-airlock="account-button"]')?.textContent).toContain('0x71C7…d8976F')
  })
})

describe('AccountButton', () => {
  test('default: avatar colour, short address and balance; opens Account', async () => {
    const airlock = testAirlock()
    // Balances and toasts are late slices: their reducers arrive with the start-up code.
    await airlock.ready()
    connect(airlock)
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '2500000000000000000', decimals: 18, symbol: 'ETH', at: 1 })
    const { container } = render(airlock, <AccountButton />)
    const button = container.querySelector<HTMLButtonElement>('[data-airlock="account-button"]')!
    expect(button.textContent).toBe('2.500 ETH0x71C7…d8976F')
    // SPEC 9: the avatar's colours come from the address's first 6 hex digits (71c765), as a gradient.
    expect(button.querySelector('[aria-hidden="true"]')?.getAttribute('style')).toMatch(GRADIENT_71C765)
    click(button)
    expect(airlock.getState().router.view).toBe('Account')
  })

  test('behavior: the balance has digit grouping in the reader\'s locale, still truncated to 3 decimals', async () => {
    const airlock = testAirlock()
    await airlock.ready()
    connect(airlock)
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '10000999999999999999999', decimals: 18, symbol: 'ETH', at: 1 })
    const { container } = render(airlock, <AccountButton />)
    // The test runs in en-US (vitest on Node with LANG=C); another locale would group differently.
    expect(new Intl.NumberFormat().resolvedOptions().locale).toBe('en-US')
    expect(container.querySelector('[data-airlock="balance"]')?.textContent).toBe('10,000.999 ETH')
  })

  test('behavior: the identity\'s avatar image replaces the gradient once known', async () => {
    const airlock = testAirlock()
    await airlock.ready()
    connect(airlock)
    const { container } = render(airlock, <AccountButton />)
    const key = CAIP_ADDRESS.split(':')[2]!.toLowerCase()
    dispatch(airlock, { type: 'portfolio/fetched', resource: 'identity', key, data: { name: 'alice.airlock.id', avatar: 'https://api.airlock.test/avatar.png' }, at: 1 })
    const button = container.querySelector<HTMLButtonElement>('[data-airlock="account-button"]')!
    expect(button.querySelector('img')?.getAttribute('src')).toBe('https://api.airlock.test/avatar.png')
    expect(button.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(button.textContent).toBe('alice.airlock.id')
  })

  test('behavior: on a network the app does not support it shows no balance (not the one of the old network)', () => {
    const airlock = testAirlock()
    connect(airlock)
    dispatch(airlock, { type: 'balance/fetched', caipAddress: CAIP_ADDRESS, value: '2500000000000000000', decimals: 18, symbol: 'ETH', at: 1 })
    const { container } = render(airlock, <AccountButton />)
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' }, { type: 'modal/closeRequested' })
    const button = container.querySelector<HTMLButtonElement>('[data-airlock="account-button"]')!
    expect(button.querySelector('[data-airlock="balance"]')).toBeNull()
    expect(button.textContent).toBe('0x71C7…d8976F')
  })

  test('behavior: renders nothing while disconnected', () => {
    const { container } = render(testAirlock(), <AccountButton />)
    expect(container.querySelector('button')).toBeNull()
  })
})

describe('NetworkButton', () => {
  test('default: the active network name; opens Networks', () => {
    const airlock = testAirlock({ networks: [ethereum, base] })
    const { container } = render(airlock, <NetworkButton />)
    const button = container.querySelector<HTMLButtonElement>('[data-airlock="network-button"]')!
    expect(button.textContent).toBe('Ethereum')
    expect(button.getAttribute('aria-label')).toBe('Network: Ethereum')
    dispatch(airlock, { type: 'network/activeChanged', caipNetworkId: 'eip155:8453' })
    expect(button.textContent).toBe('Base')
    click(button)
    expect(airlock.getState().router.view).toBe('Networks')
  })

  test('behavior: on an unsupported chain it says so and opens UnsupportedChain', () => {
    const airlock = testAirlock()
    connect(airlock)
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999' }, { type: 'modal/closeRequested' })
    const { container } = render(airlock, <NetworkButton />)
    const button = container.querySelector<HTMLButtonElement>('[data-airlock="network-button"]')!
    expect(button.textContent).toBe('Switch network')
    click(button)
    expect(airlock.getState().router.view).toBe('UnsupportedChain')
  })
})

test('shortAddress: 4 characters after 0x and the last 6', () => {
  expect(shortAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C7…d8976F')
  expect(shortAddress('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('5eyk…qZKvdp')
  expect(shortAddress('0x1234')).toBe('0x1234')
})

test('shortAddress: property: the same as formatAddress with 4 (+ 0x) and 6, for any string', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string().map((s) => `0x${s}`)), (address) => {
      expect(shortAddress(address)).toBe(formatAddress(address, address.startsWith('0x') ? 6 : 4, 6))
    }),
  )
})
