export { initialAuthState, type AuthState } from './state.js'
import type { Action, ErrorInfo } from '../../actions/types.js'
import { initialAuthState, type AuthState } from './state.js'

/** Email, social and farcaster login, the code cooldown and signing approvals (SPEC 4, 5). */
export function authReducer(state: AuthState, action: Action): AuthState {
  switch (action.type) {
    case 'auth/emailLoginRequested':
      return state.cooldownSeconds > 0 ? { ...state, blocked: true } : { ...state, step: 'sendingCode', error: null, blocked: false, social: null }
    case 'auth/cooldownStarted':
      return { ...state, cooldownUntil: action.until }
    case 'auth/cooldownTicked':
      return { ...state, cooldownSeconds: action.seconds, ...(action.seconds > 0 ? {} : { blocked: false, cooldownUntil: null }) }
    case 'auth/emailCodeSent':
      return { ...state, step: action.next === 'VERIFY_OTP' ? 'verifyOtp' : action.next === 'VERIFY_DEVICE' ? 'verifyDevice' : 'loadingUser' }
    case 'auth/otpSubmitted':
      return { ...state, step: 'verifying', error: null }
    case 'auth/deviceApproved':
      return { ...state, step: 'sendingCode' }
    case 'auth/frameConnected':
      return { ...state, step: 'loadingUser', error: null }
    case 'auth/userLoaded':
      // SPEC 4: a successful login clears the last-email-login time.
      return {
        ...state,
        step: 'idle',
        error: null,
        cooldownUntil: null,
        cooldownSeconds: 0,
        blocked: false,
        farcasterUrlRef: null,
        userName: action.userName,
        accountType: action.accountType,
        smartAccountDeployed: action.smartAccountDeployed,
        social: action.social,
      }
    case 'auth/loginFailed':
      // A wrong code keeps the code view (with the error); anything else goes back to the start.
      return { ...state, step: state.step === 'verifying' ? 'verifyOtp' : 'idle', error: action.error }
    case 'auth/loginCancelled':
      return { ...state, step: 'idle', error: null, blocked: false, social: null, farcasterUrlRef: null }
    case 'auth/socialLoginRequested':
      return { ...state, social: action.provider, error: null, step: 'idle' }
    case 'auth/farcasterLoginRequested':
      return { ...state, social: 'farcaster', farcasterUrlRef: null, error: null, step: 'idle' }
    case 'auth/farcasterUrlReceived':
      return { ...state, farcasterUrlRef: action.urlRef }
    case 'auth/sessionChecked':
      return action.connected ? state : { ...state, userName: null, accountType: null, social: null, smartAccountDeployed: false }
    case 'auth/signedOut':
      return { ...initialAuthState, cooldownUntil: state.cooldownUntil, cooldownSeconds: state.cooldownSeconds, smartAccountNetworks: state.smartAccountNetworks }
    case 'router/pushRequested':
      // Each visit to UpdateEmail starts at the form, not at the last visit's "Email updated".
      return action.view === 'UpdateEmail' && (state.updateEmail !== 'idle' || state.updateEmailError) ? { ...state, updateEmail: 'idle', updateEmailError: null } : state
    case 'auth/updateEmailRequested':
      return { ...state, updateEmail: 'sending', updateEmailError: null }
    case 'auth/updateEmailCodeSent':
      return { ...state, updateEmail: action.next === 'VERIFY_PRIMARY_OTP' ? 'primaryOtp' : 'secondaryOtp', updateEmailError: null }
    case 'auth/updateEmailOtpSubmitted':
      return { ...state, updateEmail: state.updateEmail === 'secondaryOtp' ? 'verifyingSecondary' : 'verifyingPrimary', updateEmailError: null }
    case 'auth/emailUpdated':
      return { ...state, updateEmail: 'done' }
    case 'auth/updateEmailFailed':
      // A wrong code keeps its code step; a failed request for the first code goes back to the form.
      return {
        ...state,
        updateEmail: state.updateEmail === 'verifyingPrimary' ? 'primaryOtp' : state.updateEmail === 'verifyingSecondary' ? 'secondaryOtp' : 'idle',
        updateEmailError: action.error,
      }
    case 'auth/accountTypeChanged':
      return { ...state, accountType: action.accountType }
    case 'auth/smartAccountNetworksLoaded':
      return { ...state, smartAccountNetworks: action.chainIds }
    case 'auth/approvalRequested':
      return { ...state, approvals: [...state.approvals, action.approval] }
    case 'auth/requestSettled':
      return state.approvals.some((a) => a.id === action.id) ? { ...state, approvals: state.approvals.filter((a) => a.id !== action.id) } : state
    case 'auth/requestNotAllowed':
      return state.notAllowed ? { ...state, notAllowed: false } : state
    case 'auth/notAllowedShown':
      return { ...state, notAllowed: true }
    case 'modal/closeRequested':
      return state.notAllowed || state.error || state.blocked ? { ...state, notAllowed: false, error: null, blocked: false } : state
    default:
      return state
  }
}
