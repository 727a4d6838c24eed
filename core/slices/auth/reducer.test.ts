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
