// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { solanaDevnet } from '../../../core/chains/networks.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, ADDRESS, byText, click, connect, count, dispatch, openModal, render, testAirlock, waitFor } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const RULE = 'Letters, digits and hyphens, at least 4 characters.'
// A quick 404 for every service call: the remote config settles at once instead of retrying for 3 s.
const SERVICE = { projectId: 'airlock-dev', enableWalletConnect: false, enableWallets: false, deps: { fetch: () => Promise.resolve(new Response(null, { status: 404 })) } }

/** A connected EVM account with the data service, the modal open on RegisterAccountName. */
async function openRegister() {
  const airlock = testAirlock(SERVICE)
  await airlock.ready()
  connect(airlock)
  render(airlock, <ConnectButton />)
  const root = await openModal(airlock, { view: 'RegisterAccountName' })
  await waitFor(() => $(root, '[data-airlock="register-name"]'))
  return { airlock, root }
}

const input = (root: ParentNode) => $<HTMLInputElement>(root, '[data-airlock="name-input"]')
const statusOf = (root: ParentNode) => $(root, '[data-airlock="name-status"]')
const register = (root: ParentNode) => $<HTMLButtonElement>(root, '[data-airlock="name-register"]')
const searches = (airlock: ReturnType<typeof testAirlock>) => airlock.actions.flatMap((a) => (a.type === 'names/searchRequested' ? [a.query] : []))
const registrations = (airlock: ReturnType<typeof testAirlock>) => airlock.actions.filter((a) => a.type === 'names/registrationRequested')

function typeName(root: ParentNode, value: string): void {
  const element = input(root)
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Submits the form the way Enter in the field does, whatever the button's state. */
function submit(root: ParentNode): void {
  const form = $<HTMLFormElement>(root, '[data-airlock="register-name"]')
  act(() => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))
}

describe('RegisterAccountName', () => {
  test('default: the Account view offers "Choose a name"; the form starts empty with the rule and Register disabled', async () => {
    const airlock = testAirlock(SERVICE)
    await airlock.ready()
    connect(airlock)
    render(airlock, <ConnectButton />)
    const root = await openModal(airlock)
    click(await waitFor(() => $(root, '[data-airlock="choose-name"]')))
    await waitFor(() => $(root, '[data-view="RegisterAccountName"] [data-airlock="register-name"]'))
    expect($(root, 'h2').textContent).toBe('Choose Name')
    expect(input(root).value).toBe('')
    expect(input(root).getAttribute('aria-describedby')).toBe(statusOf(root).id)
    expect($(root, '[data-airlock="register-name"]').textContent).toContain('.airlock.id')
    expect(statusOf(root).textContent).toBe(RULE)
    expect(statusOf(root).className).toBe('muted')
    expect(register(root).disabled).toBe(true)
    expect(register(root).textContent).toBe('Register')
  })

  test('behavior: typing asks for a search of each value, trimmed and lower-cased', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'Al')
    typeName(root, ' ALICE ')
    expect(searches(airlock)).toEqual(['al', 'alice'])
    expect(input(root).value).toBe('alice')
    // Valid and not answered yet.
    expect(statusOf(root).textContent).toBe('Checking…')
    typeName(root, '')
    expect(searches(airlock)).toEqual(['al', 'alice', ''])
    expect(statusOf(root).textContent).toBe(RULE)
  })

  test('behavior: a short or invalid name shows the rule as an error and cannot be registered', async () => {
    const { airlock, root } = await openRegister()
    for (const name of ['abc', 'ali_ce', 'al.ce', 'alí-ce']) {
      typeName(root, name)
      expect(statusOf(root).textContent, name).toBe(RULE)
      expect(statusOf(root).className, name).toBe('error')
      expect(register(root).disabled, name).toBe(true)
      submit(root)
    }
    expect(registrations(airlock)).toHaveLength(0)
    // At least 4 letters, digits or hyphens is fine.
    typeName(root, 'a-1b')
    expect(statusOf(root).className).toBe('muted')
    expect(register(root).disabled).toBe(false)
  })

  test('behavior: "is available" from the search, with the suggestions still free; a suggestion fills the field', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'alice')
    dispatch(airlock, {
      type: 'names/searchLoaded',
      query: 'alice',
      taken: false,
      suggestions: [
        { name: 'alice.airlock.id', registered: false },
        { name: 'alice1.airlock.id', registered: false },
        { name: 'alice2.airlock.id', registered: true },
      ],
    })
    expect(statusOf(root).textContent).toBe('alice.airlock.id is available')
    expect(register(root).disabled).toBe(false)
    const suggestions = $(root, '[data-airlock="name-suggestions"]')
    expect(Array.from(suggestions.querySelectorAll('.row-name'), (n) => n.textContent)).toEqual(['alice1.airlock.id'])
    click(byText(suggestions, 'button', 'alice1.airlock.id'))
    expect(input(root).value).toBe('alice1')
    expect(searches(airlock).at(-1)).toBe('alice1')
    expect(statusOf(root).textContent).toBe('Checking…')
    expect(root.querySelector('[data-airlock="name-suggestions"]')).toBeNull()
  })

  test('behavior: "is taken" from the search disables Register; an answer for an older query is ignored', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'bob-the')
    typeName(root, 'bobby')
    dispatch(airlock, { type: 'names/searchLoaded', query: 'bob-the', taken: false, suggestions: [] })
    expect(statusOf(root).textContent).toBe('Checking…')
    dispatch(airlock, { type: 'names/searchLoaded', query: 'bobby', taken: true, suggestions: [] })
    expect(statusOf(root).textContent).toBe('bobby.airlock.id is taken')
    expect(register(root).disabled).toBe(true)
    submit(root)
    expect(registrations(airlock)).toHaveLength(0)
  })

  test('behavior: a failed search shows its message', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'carol')
    dispatch(airlock, { type: 'names/searchFailed', query: 'carol', error: { message: 'Error fetching name suggestions' } })
    expect(statusOf(root).textContent).toBe('Error fetching name suggestions')
  })

  test('behavior: Register asks for the registration once, and shows the wallet step, then the service step', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'alice')
    dispatch(airlock, { type: 'names/searchLoaded', query: 'alice', taken: false, suggestions: [] })
    act(() => {
      register(root).click()
      register(root).click()
    })
    submit(root)
    expect(registrations(airlock)).toEqual([{ type: 'names/registrationRequested', label: 'alice' }])
    expect(register(root).disabled).toBe(true)
    expect(register(root).textContent).toBe('Sign the message in your wallet')
    dispatch(airlock, { type: 'names/registrationSigned', name: 'alice.airlock.id' })
    expect(register(root).textContent).toBe('Registering')
    expect(register(root).disabled).toBe(true)
  })

  test('behavior: a failed registration shows its message and Register can be tried again', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'alice')
    click(register(root))
    dispatch(airlock, { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message: 'Error registering name alice.airlock.id' } })
    expect($(root, '[data-airlock="name-error"]').textContent).toBe('Error registering name alice.airlock.id')
    expect($(root, '[data-airlock="name-error"]').getAttribute('role')).toBe('alert')
    expect(register(root).disabled).toBe(false)
    click(register(root))
    expect(registrations(airlock)).toHaveLength(2)
    expect(root.querySelector('[data-airlock="name-error"]')).toBeNull()
  })

  test('behavior: RegisterAccountNameSuccess shows the name; back on the account it replaces the address', async () => {
    const { airlock, root } = await openRegister()
    typeName(root, 'alice')
    click(register(root))
    dispatch(
      airlock,
      { type: 'names/registrationSigned', name: 'alice.airlock.id' },
      { type: 'names/registered', name: 'alice.airlock.id', address: ADDRESS },
      { type: 'router/replaceRequested', view: 'RegisterAccountNameSuccess' },
    )
    const success = await waitFor(() => $(root, '[data-airlock="register-name-success"]'))
    expect($(root, 'h2').textContent).toBe('Name Registered')
    expect($(success, '[role="status"]').textContent).toBe('alice.airlock.id is yours')
    click(byText(success, 'button', 'Back to account'))
    expect(airlock.actions.filter((a) => a.type === 'router/resetRequested')).toEqual([{ type: 'router/resetRequested', view: 'Account' }])
    await waitFor(() => expect($(root, '[data-view="Account"] [data-airlock="address"]').textContent).toBe('alice.airlock.id'))
    // A named account is not offered another name.
    expect(root.querySelector('[data-airlock="choose-name"]')).toBeNull()
  })

  test('edge: not connected offers to connect; a non-EVM account is told names are for EVM accounts', async () => {
    const nobody = testAirlock(SERVICE)
    await nobody.ready()
    render(nobody, <ConnectButton />)
    const root = await openModal(nobody, { view: 'RegisterAccountName' })
    await waitFor(() => byText(root, 'p', 'No wallet is connected.'))
    expect(root.querySelector('[data-airlock="register-name"]')).toBeNull()
    document.body.innerHTML = ''

    const solana = testAirlock({ ...SERVICE, networks: [solanaDevnet] })
    await solana.ready()
    dispatch(solana, { type: 'connection/accountConnected', namespace: 'solana', caipAddress: `${solanaDevnet.caipNetworkId}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`, connectorId: 'phantom' })
    render(solana, <ConnectButton />)
    const modal = await openModal(solana, { view: 'RegisterAccountName' })
    await waitFor(() => byText(modal, 'p', 'Names are available for EVM accounts.'))
    expect(modal.querySelector('[data-airlock="register-name"]')).toBeNull()
    expect(count(solana, 'names/searchRequested')).toBe(0)
  })
})
