// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, announce, byLabel, count, openModal, render, testAirlock, wallet } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const TERMS = 'https://site.example/terms'
const PRIVACY = 'https://site.example/privacy'

describe('Connect: terms, privacy and the legal checkbox (SPEC 1, issue 18)', () => {
  test('default: no URLs, no notice; the wallet guide leads to All Wallets', async () => {
    const airlock = testAirlock()
    announce(airlock, wallet())
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect(root.querySelector('[data-airlock="legal-notice"], [data-airlock="legal-checkbox"]')).toBeNull()
    const guide = $(root, '[data-airlock="wallet-guide"]')
    expect(guide.textContent).toBe('Haven’t got a wallet? Get started')
    act(() => guide.querySelector('button')!.click())
    expect(airlock.getState().router.view).toBe('AllWallets')
  })

  test('parameters: enableWalletGuide false (or All Wallets off) hides the guide', async () => {
    for (const options of [{ enableWalletGuide: false }, { features: { allWallets: false } }]) {
      const airlock = testAirlock(options)
      announce(airlock, wallet())
      render(airlock, <ConnectButton />)
      const root = await openModal(airlock)
      expect(root.querySelector('[data-airlock="wallet-guide"]')).toBeNull()
      document.body.innerHTML = ''
    }
  })

  test('behavior: the URLs show as links under the methods; only https ones (or http on localhost) become links', async () => {
    const airlock = testAirlock({ termsConditionsUrl: TERMS, privacyPolicyUrl: 'http://localhost:5173/privacy' })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const notice = $(root, '[data-airlock="legal-notice"]')
    expect(notice.textContent).toBe('By connecting your wallet, you agree to our Terms of Service and Privacy Policy')
    expect([...notice.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      [TERMS, '_blank', 'noopener noreferrer'],
      ['http://localhost:5173/privacy', '_blank', 'noopener noreferrer'],
    ])
    expect(airlock.getState().options).toMatchObject({ termsConditionsUrl: TERMS })
  })

  test('behavior: a URL that may not be opened is left out (a cleartext host is refused by the options check itself)', async () => {
    expect(() => testAirlock({ termsConditionsUrl: 'http://site.example/terms' })).toThrow(/termsConditionsUrl: Use https/)
    const airlock = testAirlock({ termsConditionsUrl: 'wss://site.example/terms', privacyPolicyUrl: PRIVACY })
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    const notice = $(root, '[data-airlock="legal-notice"]')
    expect(notice.textContent).toBe('By connecting your wallet, you agree to our Privacy Policy')
    expect(notice.querySelectorAll('a')).toHaveLength(1)
  })

  test('behavior: with the legal checkbox, every connect method is disabled until it is ticked, and it stays ticked when the modal reopens', async () => {
    const airlock = testAirlock({ termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY, features: { legalCheckbox: true } })
    announce(airlock, wallet())
    render(airlock, <ConnectButton />)
    let root = await openModal(airlock)
    const label = $(root, '[data-airlock="legal-checkbox"]')
    expect(label.textContent).toBe('I agree to our Terms of Service and Privacy Policy')
    const methods = $(root, '[data-airlock="connect-methods"]') as HTMLFieldSetElement
    expect(methods.disabled).toBe(true)
    // The checkbox comes first, so it is read (and tabbed to) before the buttons it unlocks.
    expect(label.compareDocumentPosition(methods) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(root.querySelector('[data-airlock="legal-notice"]')).toBeNull()

    // A disabled fieldset disables every button and input in it (HTML's own rule, which happy-dom
    // does not apply to clicks, so only the fieldset's state is checked here).
    const box = label.querySelector('input')!
    act(() => box.click())
    expect(box.checked).toBe(true)
    expect(methods.disabled).toBe(false)
    act(() => byLabel(root, 'MetaMask Installed').click())
    expect(count(airlock, 'connection/connectRequested')).toBe(1)

    act(() => airlock.dispatch({ type: 'modal/closeRequested' }))
    root = await openModal(airlock)
    expect(($(root, '[data-airlock="legal-checkbox"] input') as HTMLInputElement).checked).toBe(true)
    expect(($(root, '[data-airlock="connect-methods"]') as HTMLFieldSetElement).disabled).toBe(false)
  })

  test('parameters: the legal checkbox without any URL to show gates nothing', async () => {
    const airlock = testAirlock({ features: { legalCheckbox: true } })
    announce(airlock, wallet())
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    expect(root.querySelector('[data-airlock="legal-checkbox"]')).toBeNull()
    expect(($(root, '[data-airlock="connect-methods"]') as HTMLFieldSetElement).disabled).toBe(false)
  })
})
