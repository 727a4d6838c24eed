// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { ConnectButton } from '../../components/ConnectButton.js'
import { NetworkButton } from '../../components/NetworkButton.js'
import { $, byLabel, connect, dispatch, openModal, render, testAirlock } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('enableNetworkSwitch: false (SPEC 1, issue 18)', () => {
  test('behavior: the Account view names the network without offering to switch; the network button is disabled', async () => {
    const airlock = testAirlock({ enableNetworkSwitch: false })
    connect(airlock)
    render(
      airlock,
      <>
        <ConnectButton />
        <NetworkButton />
      </>,
    )
    const button = document.querySelector<HTMLButtonElement>('[data-airlock="network-button"]')!
    expect(button.disabled).toBe(true)
    const root = await openModal(airlock)
    const row = $(root, '[data-airlock="network"]')
    expect(row.tagName).toBe('DIV')
    expect(row.getAttribute('aria-label')).toBe('Network: Ethereum')
    expect(row.textContent).toBe('Ethereum')
    expect(root.querySelector('[aria-label="Network: Ethereum. Switch network"]')).toBeNull()
  })

  test('behavior: a wallet on a network the app does not list still gets the way back (UnsupportedChain)', async () => {
    const airlock = testAirlock({ enableNetworkSwitch: false })
    connect(airlock)
    dispatch(airlock, { type: 'network/chainChanged', namespace: 'eip155', caipNetworkId: 'eip155:999999' })
    render(airlock, <NetworkButton />)
    expect(document.querySelector<HTMLButtonElement>('[data-airlock="network-button"]')!.disabled).toBe(false)
    const root = await openModal(airlock)
    expect(byLabel(root, 'Unsupported network. Switch network').tagName).toBe('BUTTON')
  })

  test('default: switching is offered', async () => {
    const airlock = testAirlock()
    connect(airlock)
    render(airlock, <NetworkButton />)
    expect(document.querySelector<HTMLButtonElement>('[data-airlock="network-button"]')!.disabled).toBe(false)
    const root = await openModal(airlock)
    expect(byLabel(root, 'Network: Ethereum. Switch network').tagName).toBe('BUTTON')
  })
})
