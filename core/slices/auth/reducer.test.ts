import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { authReducer, initialAuthState, type AuthState } from './reducer.js'

const fold = (...actions: Action[]): AuthState => actions.reduce(authReducer, initialAuthState)
const approval = (id: string) => ({ id, method: 'personal_sign' })

describe('authReducer', () => {
  test('default: the email login moves sendingCode → verifyOtp → verifying → loadingUser → idle', () => {
    expect(fold({ type: 'auth/emailLoginRequested', email: 'a@b.co' }).step).toBe('sendingCode')
    expect(fold({ type: 'auth/emailLoginRequested', email: 'a@b.co' }, { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' }).step).toBe('verifyOtp')
    expect(fold({ type: 'auth/emailCodeSent', next: 'VERIFY_DEVICE' }).step).toBe('verifyDevice')
    expect(fold({ type: 'auth/emailCodeSent', next: 'CONNECT' }).step).toBe('loadingUser')
    const done = fold(
      { type: 'auth/emailLoginRequested', email: 'a@b.co' },
      { type: 'auth/cooldownStarted', until: 30_000 },
      { type: 'auth/cooldownTicked', seconds: 30 },
      { type: 'auth/emailCodeSent', next: 'VERIFY_OTP' },
      { type: 'auth/otpSubmitted', otp: '123456' },
      { type: 'auth/frameConnected', method: 'email' },
      { type: 'auth/userLoaded', userName: 'ada', accountType: 'eoa', smartAccountDeployed: false, social: null },
    )
    // SPEC 4: success clears the last-email-login time.
    expect(done).toMatchObject({ step: 'idle', userName: 'ada', accountType: 'eoa', cooldownUntil: null, cooldownSeconds: 0, error: null })
  })

  test('behavior: a code request inside the cooldown is blocked, and unblocked when the countdown ends', () => {
    const cooling = fold({ type: 'auth/cooldownStarted', until: 30_000 }, { type: 'auth/cooldownTicked', seconds: 12 }, { type: 'auth/emailLoginRequested', email: 'a@b.co' })
    expect(cooling).toMatchObject({ step: 'idle', blocked: true, cooldownSeconds: 12 })
    const over = authReducer(cooling, { type: 'auth/cooldownTicked', seconds: 0 })
    expect(over).toMatchObject({ blocked: false, cooldownSeconds: 0, cooldownUntil: null })
    expect(authReducer(over, { type: 'auth/emailLoginRequested', email: 'a@b.co' }).step).toBe('sendingCode')
  })

  test('behavior: the cooldown still blocks with 1 s left and lets a code through only at 0 s', () => {
    // The boundary: a `> 1` slip in either the request or the tick would let a second code out 1 s early.
    const lastSecond = fold({ type: 'auth/cooldownStarted', until: 30_000 }, { type: 'auth/cooldownTicked', seconds: 1 })
    expect(lastSecond).toMatchObject({ cooldownSeconds: 1, cooldownUntil: 30_000 })
    const blocked = authReducer(lastSecond, { type: 'auth/emailLoginRequested', email: 'a@b.co' })
    expect(blocked).toMatchObject({ step: 'idle', blocked: true })
    // The tick to 1 s does not lift a block already shown.
    expect(authReducer(blocked, { type: 'auth/cooldownTicked', seconds: 1 })).toMatchObject({ blocked: true, cooldownUntil: 30_000 })
    const over = authReducer(lastSecond, { type: 'auth/cooldownTicked', seconds: 0 })
    expect(authReducer(over, { type: 'auth/emailLoginRequested', email: 'a@b.co' })).toMatchObject({ step: 'sendingCode', blocked: false })
  })

  test('behavior: opening UpdateEmail again starts at the form, not at the last "Email updated"', () => {
    const done = fold({ type: 'auth/updateEmailRequested', email: 'n@b.co' }, { type: 'auth/updateEmailCodeSent', next: 'VERIFY_PRIMARY_OTP' }, { type: 'auth/emailUpdated' })
    expect(done.updateEmail).toBe('done')
    expect(authReducer(done, { type: 'router/pushRequested', view: 'UpdateEmail' })).toMatchObject({ updateEmail: 'idle', updateEmailError: null })
    expect(authReducer(done, { type: 'router/pushRequested', view: 'Networks' })).toBe(done)
  })

  test('behavior: a wrong code keeps the code view with the error; other failures go back to idle', () => {
    const wrong = fold({ type: 'auth/emailCodeSent', next: 'VERIFY_OTP' }, { type: 'auth/otpSubmitted', otp: '000000' }, { type: 'auth/loginFailed', error: { message: 'Invalid code' } })
    expect(wrong).toMatchObject({ step: 'verifyOtp', error: { message: 'Invalid code' } })
    expect(fold({ type: 'auth/emailLoginRequested', email: 'a@b.co' }, { type: 'auth/loginFailed', error: { message: 'x' } }).step).toBe('idle')
  })

  test('behavior: approvals queue and leave when settled, in any order; an unknown id changes nothing', () => {
    const queued = fold({ type: 'auth/approvalRequested', approval: approval('r1') }, { type: 'auth/approvalRequested', approval: approval('r2') })
    expect(queued.approvals.map((a) => a.id)).toEqual(['r1', 'r2'])
    const second = authReducer(queued, { type: 'auth/requestSettled', id: 'r2', error: { message: 'insufficient funds' } })
    expect(second.approvals.map((a) => a.id)).toEqual(['r1'])
    expect(authReducer(second, { type: 'auth/requestSettled', id: 'nope' })).toBe(second)
    expect(authReducer(second, { type: 'auth/requestSettled', id: 'r1' }).approvals).toEqual([])
  })

  test('behavior: "Action not allowed" shows only after notAllowedShown and closing the modal clears it', () => {
    const pending = fold({ type: 'auth/requestNotAllowed', method: 'eth_foo' })
    expect(pending.notAllowed).toBe(false)
    const shown = authReducer(pending, { type: 'auth/notAllowedShown' })
    expect(shown.notAllowed).toBe(true)
    expect(authReducer(shown, { type: 'modal/closeRequested' }).notAllowed).toBe(false)
  })

  test('behavior: signing out forgets the user but keeps the cooldown (it must survive)', () => {
    const state = fold(
      { type: 'auth/userLoaded', userName: 'ada', accountType: 'smartAccount', smartAccountDeployed: true, social: 'github' },
      { type: 'auth/cooldownStarted', until: 99 },
      { type: 'auth/cooldownTicked', seconds: 7 },
      { type: 'auth/signedOut' },
    )
    expect(state).toMatchObject({ userName: null, social: null, accountType: null, cooldownUntil: 99, cooldownSeconds: 7 })
  })

  test('behavior: update email goes primary code → secondary code → done', () => {
    const steps = [
      { type: 'auth/updateEmailRequested', email: 'n@b.co' },
      { type: 'auth/updateEmailCodeSent', next: 'VERIFY_PRIMARY_OTP' },
      { type: 'auth/updateEmailOtpSubmitted', otp: '111111' },
      { type: 'auth/updateEmailCodeSent', next: 'VERIFY_SECONDARY_OTP' },
      { type: 'auth/updateEmailOtpSubmitted', otp: '222222' },
      { type: 'auth/emailUpdated' },
    ] satisfies Action[]
    const seen = steps.map((_, i) => fold(...steps.slice(0, i + 1)).updateEmail)
    expect(seen).toEqual(['sending', 'primaryOtp', 'verifyingPrimary', 'secondaryOtp', 'verifyingSecondary', 'done'])
    const wrong = fold(...steps.slice(0, 4), { type: 'auth/updateEmailOtpSubmitted', otp: '000000' }, { type: 'auth/updateEmailFailed', error: { message: 'Invalid code' } })
    expect(wrong).toMatchObject({ updateEmail: 'secondaryOtp', updateEmailError: { message: 'Invalid code' } })
  })

  test('behavior: unrelated actions keep the same state object', () => {
    expect(authReducer(initialAuthState, { type: 'modal/shakeEnded' })).toBe(initialAuthState)
    expect(authReducer(initialAuthState, { type: 'modal/closeRequested' })).toBe(initialAuthState)
  })
})

describe('authReducer: the exact next state, the rest of the state untouched', () => {
  // A state with every field away from its default, so a reset or a kept field shows.
  const busy: AuthState = {
    ...initialAuthState,
    step: 'verifyDevice',
    cooldownUntil: 5_000,
    cooldownSeconds: 3,
    blocked: true,
    error: { message: 'earlier' },
    social: 'google',
    farcasterUrlRef: 'secret:fc',
    userName: 'ada',
    accountType: 'smartAccount',
    smartAccountDeployed: true,
    smartAccountNetworks: [8453],
    updateEmail: 'primaryOtp',
    updateEmailError: { message: 'old' },
    approvals: [approval('r1')],
    notAllowed: true,
  }

  test('behavior: the approved device asks for the code again, keeping everything else', () => {
    expect(authReducer(busy, { type: 'auth/deviceApproved' })).toEqual({ ...busy, step: 'sendingCode' })
  })

  test('behavior: the frame connected loads the user and clears the error, nothing else', () => {
    expect(authReducer(busy, { type: 'auth/frameConnected', method: 'email' })).toEqual({ ...busy, step: 'loadingUser', error: null })
  })

  test('behavior: the user loaded ends the login: idle, no error, no cooldown, no block, no farcaster URL', () => {
    const loaded = authReducer(busy, { type: 'auth/userLoaded', userName: 'bob', accountType: 'eoa', smartAccountDeployed: false, social: 'github' })
    expect(loaded).toEqual({
      ...busy,
      step: 'idle',
      error: null,
      cooldownUntil: null,
      cooldownSeconds: 0,
      blocked: false,
      farcasterUrlRef: null,
      userName: 'bob',
      accountType: 'eoa',
      smartAccountDeployed: false,
      social: 'github',
    })
  })

  test('behavior: cancelling the login goes back to the start and lifts the block', () => {
    expect(authReducer(busy, { type: 'auth/loginCancelled' })).toEqual({ ...busy, step: 'idle', error: null, blocked: false, social: null, farcasterUrlRef: null })
  })

  test('behavior: a social login leaves the email step for idle and clears the error', () => {
    expect(authReducer(busy, { type: 'auth/socialLoginRequested', provider: 'github' })).toEqual({ ...busy, social: 'github', error: null, step: 'idle' })
  })

  test('behavior: a farcaster login forgets the old channel URL and leaves the email step for idle', () => {
    expect(authReducer(busy, { type: 'auth/farcasterLoginRequested' })).toEqual({ ...busy, social: 'farcaster', farcasterUrlRef: null, error: null, step: 'idle' })
    expect(authReducer(busy, { type: 'auth/farcasterUrlReceived', urlRef: 'secret:new' })).toEqual({ ...busy, farcasterUrlRef: 'secret:new' })
  })

  test('behavior: a session found keeps the same state; none forgets the user only', () => {
    expect(authReducer(busy, { type: 'auth/sessionChecked', connected: true })).toBe(busy)
    expect(authReducer(busy, { type: 'auth/sessionChecked', connected: false })).toEqual({ ...busy, userName: null, accountType: null, social: null, smartAccountDeployed: false })
  })

  test('behavior: opening UpdateEmail already at the form with no error keeps the same state; an error alone is cleared', () => {
    const form: AuthState = { ...busy, updateEmail: 'idle', updateEmailError: null }
    expect(authReducer(form, { type: 'router/pushRequested', view: 'UpdateEmail' })).toBe(form)
    const failed: AuthState = { ...busy, updateEmail: 'idle', updateEmailError: { message: 'x' } }
    expect(authReducer(failed, { type: 'router/pushRequested', view: 'UpdateEmail' })).toEqual({ ...failed, updateEmailError: null })
  })

  test('behavior: a failed update email keeps the code step it was verifying; a failed first request goes back to the form', () => {
    const error = { message: 'nope' }
    const fail = (updateEmail: AuthState['updateEmail']) => authReducer({ ...busy, updateEmail }, { type: 'auth/updateEmailFailed', error })
    expect(fail('verifyingPrimary')).toEqual({ ...busy, updateEmail: 'primaryOtp', updateEmailError: error })
    expect(fail('verifyingSecondary')).toEqual({ ...busy, updateEmail: 'secondaryOtp', updateEmailError: error })
    expect(fail('sending')).toEqual({ ...busy, updateEmail: 'idle', updateEmailError: error })
  })

  test('behavior: a new refused request takes down the "Action not allowed" on screen; none on screen keeps the same state', () => {
    expect(authReducer(busy, { type: 'auth/requestNotAllowed', method: 'eth_foo' })).toEqual({ ...busy, notAllowed: false })
    const quiet: AuthState = { ...busy, notAllowed: false }
    expect(authReducer(quiet, { type: 'auth/requestNotAllowed', method: 'eth_foo' })).toBe(quiet)
  })

  test('behavior: closing the modal clears the block, the error and "Action not allowed", each on its own', () => {
    const calm: AuthState = { ...busy, notAllowed: false, error: null, blocked: false }
    expect(authReducer(busy, { type: 'modal/closeRequested' })).toEqual(calm)
    expect(authReducer({ ...calm, blocked: true }, { type: 'modal/closeRequested' })).toEqual(calm)
    expect(authReducer({ ...calm, error: { message: 'x' } }, { type: 'modal/closeRequested' })).toEqual(calm)
    expect(authReducer({ ...calm, notAllowed: true }, { type: 'modal/closeRequested' })).toEqual(calm)
    expect(authReducer(calm, { type: 'modal/closeRequested' })).toBe(calm)
  })
})
