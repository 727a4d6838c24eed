// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { airlockDevnet } from '../../../core/chains/networks.js'
import { authSession } from '../../../core/connectors/auth/authSession.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, byText, click, connect, count, dispatch, openModal, render, shadow, testAirlock, waitFor } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const HOSTILE = '<img src=x onerror="window.__pwned=1">'

/** The auth slice's reducer arrives after start (core/lateSliceKeys.ts): tests that dispatch its actions wait for it. */
async function ready(airlock: ReturnType<typeof setup>) {
  await airlock.ready()
  return airlock
}

function setup(features: Record<string, unknown> = {}) {
  // The secure site never answers in these tests: the views are checked, not the frame.
  const airlock = testAirlock({ networks: [airlockDevnet], secureSiteUrl: 'http://127.0.0.1:9', features })
  render(airlock, <ConnectButton />)
  return airlock
}

function type(input: HTMLInputElement, text: string): void {
  act(() => {
    // React listens for `input`; set the value the way a typing person (or a paste) does.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('embedded wallet views', () => {
  test('default: Connect shows email, then socials in the configured order, then wallets (SPEC 2)', async () => {
    const airlock = setup({ socials: ['github', 'google', 'farcaster'] })
    const root = await openModal(airlock)
    const form = await waitFor(() => $(root, '[data-airlock="email-login"]'))
    const socials = await waitFor(() => $(root, '[role="group"][aria-label="Social login"]'))
    const names = Array.from(socials.querySelectorAll('button')).map((b) => b.getAttribute('aria-label') ?? b.querySelector('.row-name')?.textContent)
    expect(names).toEqual(['Continue with GitHub', 'Continue with Google', 'Continue with Farcaster'])
    // Document order: the email form comes before the social list.
    expect(form.compareDocumentPosition(socials) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect($(root, 'label[for="airlock-email"]').textContent).toBe('Email')
  })

  test('behavior: reopened, the modal starts fresh: the text typed and the error shown before closing are gone', async () => {
    const airlock = setup()
    const root = await openModal(airlock)
    type(await waitFor(() => $<HTMLInputElement>(root, '#airlock-email')), 'not-an-email')
    click(byText(root, 'button', 'Continue with email'))
    expect($(root, '[data-airlock="email-login"] [role="alert"]').textContent).toBe('Invalid email')
    act(() => airlock.close())
    const again = await openModal(airlock)
    const input = await waitFor(() => $<HTMLInputElement>(again, '#airlock-email'))
    expect(input.value).toBe('')
    expect(again.querySelector('[data-airlock="email-login"] [role="alert"]')).toBeNull()
    expect(again.querySelectorAll('#airlock-email')).toHaveLength(1)
  })

  test('behavior: an invalid email is refused in place; a valid one asks for a code', async () => {
    const airlock = setup()
    const root = await openModal(airlock)
    const input = await waitFor(() => $<HTMLInputElement>(root, '#airlock-email'))
    type(input, 'not-an-email')
    click(byText(root, 'button', 'Continue with email'))
    expect($(root, '[data-airlock="email-login"] [role="alert"]').textContent).toBe('Invalid email')
    expect(count(airlock, 'auth/emailLoginRequested')).toBe(0)
    type(input, 'ada@example.com')
    click(byText(root, 'button', 'Continue with email'))
    expect(count(airlock, 'auth/emailLoginRequested')).toBe(1)
    await waitFor(() => expect(byText(root, 'button', 'Sending code…').getAttribute('aria-busy')).toBe('true'))
  })

  test('behavior: inside the cooldown the form shows "Please try again after N seconds" and counts down', async () => {
    const airlock = await ready(setup())
    const root = await openModal(airlock)
    const input = await waitFor(() => $<HTMLInputElement>(root, '#airlock-email'))
    dispatch(airlock, { type: 'auth/cooldownStarted', until: Number.MAX_SAFE_INTEGER }, { type: 'auth/cooldownTicked', seconds: 12 })
    type(input, 'ada@example.com')
    click(byText(root, 'button', 'Continue with email'))
    expect($(root, '[data-airlock="email-login"] [role="alert"]').textContent).toBe('Please try again after 12 seconds')
    dispatch(airlock, { type: 'auth/cooldownTicked', seconds: 11 })
    expect($(root, '[data-airlock="email-login"] [role="alert"]').textContent).toBe('Please try again after 11 seconds')
    dispatch(airlock, { type: 'auth/cooldownTicked', seconds: 0 })
    expect(root.querySelector('[data-airlock="email-login"] [role="alert"]')).toBeNull()
  })

  test('behavior: EmailVerifyOtp renders the email as text, keeps digits from a paste and submits six', async () => {
    const airlock = setup()
    authSession(airlock.deps.providers).email = `${HOSTILE}@example.com`
    dispatch(airlock, { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' })
    const root = await openModal(airlock, { view: 'EmailVerifyOtp' })
    const view = await waitFor(() => $(root, '[data-airlock="email-otp"]'))
    expect(view.textContent).toContain(`${HOSTILE}@example.com`)
    expect(view.querySelector('img')).toBeNull()
    const otp = $<HTMLInputElement>(view, '#airlock-otp')
    expect(otp.getAttribute('inputmode')).toBe('numeric')
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code')
    await waitFor(() => expect(shadow().activeElement).toBe(otp))
    type(otp, '12 34-5')
    expect(otp.value).toBe('12345')
    expect(count(airlock, 'auth/otpSubmitted')).toBe(0)
    type(otp, '123 456')
    expect(airlock.actions.filter((a) => a.type === 'auth/otpSubmitted')).toEqual([{ type: 'auth/otpSubmitted', otp: '123456' }])
    dispatch(airlock, { type: 'auth/loginFailed', error: { message: 'Invalid code' } })
    await waitFor(() => expect(byText(view, '[role="alert"]', 'Invalid code')).toBeTruthy())
    expect(otp.getAttribute('aria-invalid')).toBe('true')
    // A second wrong code with the same message empties the field and focuses it again too.
    type(otp, '111111')
    await waitFor(() => expect(otp.disabled).toBe(true))
    dispatch(airlock, { type: 'auth/loginFailed', error: { message: 'Invalid code' } })
    await waitFor(() => expect(otp.value).toBe(''))
    await waitFor(() => expect(shadow().activeElement).toBe(otp))
  })

  test('behavior: ApproveTransaction only holds the secure frame\'s place: it reveals the ready frame over its slot, has no Approve or Reject of its own, and hides the frame when it leaves', async () => {
    const airlock = setup()
    const rect = { top: 120, left: 40, width: 360, height: 440, right: 400, bottom: 560, x: 40, y: 120, toJSON: () => ({}) }
    const measured = HTMLElement.prototype.getBoundingClientRect
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      return (this.dataset.airlock === 'approve' ? rect : measured.call(this)) as DOMRect
    }
    try {
      const shows = () => airlock.actions.filter((a) => a.type === 'frame/visibilityRequested')
      dispatch(airlock, { type: 'modal/openRequested', view: 'Account' }, { type: 'auth/approvalRequested', approval: { id: 'r1', method: 'personal_sign' } }, { type: 'auth/approvalRequested', approval: { id: 'r2', method: 'eth_sendTransaction' } })
      dispatch(airlock, { type: 'router/pushRequested', view: 'ApproveTransaction' })
      const root = shadow()
      const slot = await waitFor(() => $(root, '[data-airlock="approve"]'))
      expect(slot.textContent).toContain('Sign a message')
      expect(slot.textContent).toContain('1 more waiting')
      // A frame that is not ready (loading, or reloading after its document changed) is not shown.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(shows()).toEqual([])
      dispatch(airlock, { type: 'frame/loadStarted', url: 'http://127.0.0.1:9' }, { type: 'frame/ready' })
      // The frame goes over the slot, once, in the modal's scheme.
      await waitFor(() => expect(shows()).toEqual([{ type: 'frame/visibilityRequested', visible: true, bounds: { top: 120, left: 40, width: 360, height: 440 }, colorScheme: 'light' }]))
      // Nothing on the page can answer: no Approve, no Reject, and no Back that would hide the request.
      const labels = Array.from(root.querySelectorAll('.card button')).map((b) => b.getAttribute('aria-label') ?? b.textContent)
      expect(labels.filter((l) => !l?.startsWith('Dismiss'))).toEqual(['Close'])
      // The card moves (a taller view, a resized window): the frame follows.
      rect.top = 90
      await waitFor(() => expect(shows().at(-1)).toMatchObject({ visible: true, bounds: { top: 90 } }))
      dispatch(airlock, { type: 'auth/requestSettled', id: 'r1' })
      await waitFor(() => expect(root.textContent).toContain('Send a transaction'))
      act(() => airlock.close())
      await waitFor(() => expect(shows().at(-1)).toEqual({ type: 'frame/visibilityRequested', visible: false }))
    } finally {
      HTMLElement.prototype.getBoundingClientRect = measured
    }
  })

  test('behavior: a disallowed method shows "Action not allowed" once the epic says so', async () => {
    const airlock = setup()
    dispatch(airlock, { type: 'auth/notAllowedShown' })
    const root = await openModal(airlock, { view: 'ApproveTransaction' })
    await waitFor(() => expect($(root, '[data-airlock="approve"] [role="alert"]').textContent).toBe('Action not allowed'))
  })

  test('behavior: ConnectingFarcaster shows a QR code of the link, and a login error with Try again', async () => {
    const airlock = setup()
    dispatch(airlock, { type: 'auth/farcasterLoginRequested' }, { type: 'auth/farcasterUrlReceived', urlRef: airlock.deps.secrets.put('https://farcaster.example/connect?x=1') })
    const root = await openModal(airlock, { view: 'ConnectingFarcaster' })
    await waitFor(() => $(root, 'svg[aria-label="Farcaster login QR code"]'))
    expect($<HTMLAnchorElement>(root, 'a').getAttribute('href')).toBe('https://farcaster.example/connect?x=1')
    dispatch(airlock, { type: 'auth/loginFailed', error: { message: HOSTILE } })
    await waitFor(() => expect($(root, '[data-airlock="connecting-farcaster"] [role="alert"]').textContent).toBe(HOSTILE))
    expect(root.querySelector('[data-airlock="connecting-farcaster"] img')).toBeNull()
    click(byText(root, 'button', 'Try again'))
    expect(count(airlock, 'auth/farcasterLoginRequested')).toBe(2)
  })
  test('behavior: Account of an email login shows the email as text and "Change email" opens UpdateEmail at its form', async () => {
    const airlock = setup()
    authSession(airlock.deps.providers).email = `${HOSTILE}@example.com`
    connect(airlock, undefined, 'auth')
    // A finished change from an earlier visit must not greet the next one.
    dispatch(airlock, { type: 'auth/updateEmailRequested', email: 'x@example.com' }, { type: 'auth/emailUpdated' })
    const root = await openModal(airlock)
    const info = await waitFor(() => $(root, '[data-airlock="account-login"]'))
    expect($(info, '[data-airlock="account-email"]').textContent).toBe(`${HOSTILE}@example.com`)
    expect(info.querySelector('img')).toBeNull()
    expect(JSON.stringify(airlock.getState())).not.toContain('example.com')
    click(byText(root, 'button', 'Change email'))
    expect(airlock.getState().router.view).toBe('UpdateEmail')
    await waitFor(() => $(shadow(), '#airlock-new-email'))
    expect(shadow().textContent).not.toContain('Email updated')
  })

  test('behavior: Account of a social login names the provider and user; a wallet connection shows neither', async () => {
    const airlock = await ready(setup())
    connect(airlock, undefined, 'auth')
    dispatch(airlock, { type: 'auth/userLoaded', userName: HOSTILE, accountType: 'eoa', smartAccountDeployed: false, social: 'github' })
    const root = await openModal(airlock)
    const info = await waitFor(() => $(root, '[data-airlock="account-login"]'))
    expect(info.textContent).toBe(`Signed in with GitHub as ${HOSTILE}`)
    expect(info.querySelector('img')).toBeNull()
    expect(root.textContent).not.toContain('Change email')

    const other = testAirlock({ networks: [airlockDevnet], secureSiteUrl: 'http://127.0.0.1:9' })
    document.body.innerHTML = ''
    render(other, <ConnectButton />)
    connect(other)
    const otherRoot = await openModal(other)
    await waitFor(() => $(otherRoot, '[data-airlock="address"]'))
    expect(otherRoot.querySelector('[data-airlock="account-login"]')).toBeNull()
  })
})
