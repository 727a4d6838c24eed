import type { SecretRef } from '../store/secretBox.js'
import type { SocialProvider } from '../options/features.js'
import type { ErrorInfo } from './types.js'

/** Social logins that go through a redirect popup (farcaster uses a QR code instead, SPEC 3/5). */
export type RedirectSocialProvider = Exclude<SocialProvider, 'farcaster'>
export type AuthAccountType = 'eoa' | 'smartAccount'

/** The step of the email login the views follow (SPEC 4 "Embedded frame and email login"). */
export type EmailLoginStep = 'idle' | 'sendingCode' | 'verifyOtp' | 'verifyDevice' | 'verifying' | 'loadingUser'
/** The update-email flow: a code to the current address, then one to the new address (SPEC 4). */
export type UpdateEmailStep = 'idle' | 'sending' | 'primaryOtp' | 'verifyingPrimary' | 'secondaryOtp' | 'verifyingSecondary' | 'done'

/**
 * A signing request waiting for the person's answer inside the secure frame. Only the method: the
 * frame shows the request itself (from its own copy), so its params never enter state or the log.
 */
export interface AuthApproval {
  readonly id: string
  readonly method: string
}

/**
 * The auth (email and social) connector. Emails and codes travel in fields named `email`,
 * `newEmail` and `otp`, which the event log redacts; state never keeps them, so replay stays exact.
 */
export type AuthAction =
  | { type: 'auth/emailLoginRequested'; email: string }
  /** SPEC 5 'Please try again after N seconds': a code was asked for inside the cooldown. */
  | { type: 'auth/emailLoginBlocked'; seconds: number }
  /** A code request went out (or a stored one is still recent): no new code before `until`. */
  | { type: 'auth/cooldownStarted'; until: number }
  | { type: 'auth/cooldownTicked'; seconds: number }
  | { type: 'auth/emailCodeSent'; next: 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT' }
  | { type: 'auth/otpSubmitted'; otp: string }
  | { type: 'auth/deviceApproved' }
  | { type: 'auth/frameConnected'; method: 'email' | 'social' | 'farcaster' | 'session' }
  | {
      type: 'auth/userLoaded'
      userName: string | null
      accountType: AuthAccountType
      smartAccountDeployed: boolean
      social: SocialProvider | null
    }
  | { type: 'auth/loginFailed'; error: ErrorInfo }
  | { type: 'auth/loginCancelled' }
  | { type: 'auth/socialLoginRequested'; provider: RedirectSocialProvider }
  | { type: 'auth/socialPopupOpened'; provider: RedirectSocialProvider }
  | { type: 'auth/farcasterLoginRequested' }
  /** The Farcaster channel URL arrived; it stays in `deps.secrets` (a bearer value), the action names it. */
  | { type: 'auth/farcasterUrlReceived'; urlRef: SecretRef }
  /**
   * The connection check at start (SPEC 4). The frame's "not connected" wipes the cached login;
   * a check that could not be made (`error`: the frame did not load or answer) keeps it for the next load.
   */
  | { type: 'auth/sessionChecked'; connected: boolean; error?: ErrorInfo }
  | { type: 'auth/signedOut' }
  | { type: 'auth/updateEmailRequested'; email: string }
  | { type: 'auth/updateEmailCodeSent'; next: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
  | { type: 'auth/updateEmailOtpSubmitted'; otp: string }
  | { type: 'auth/emailUpdated' }
  | { type: 'auth/updateEmailFailed'; error: ErrorInfo }
  | { type: 'auth/accountTypeRequested'; accountType: AuthAccountType }
  | { type: 'auth/accountTypeChanged'; accountType: AuthAccountType }
  | { type: 'auth/smartAccountNetworksLoaded'; chainIds: number[] }
  /**
   * An unsafe RPC request went to the secure frame, which asks the person (ApproveTransaction
   * reveals it). There is no page action for approve or reject: those are the frame's answers.
   */
  | { type: 'auth/approvalRequested'; approval: AuthApproval }
  /** The request ended: the frame answered (approved, rejected, failed), or it was aborted or timed out. */
  | { type: 'auth/requestSettled'; id: string; error?: ErrorInfo }
  /** SPEC 4: a disallowed method opens the modal; 'Action not allowed' shows after 300 ms. */
  | { type: 'auth/requestNotAllowed'; method: string }
  | { type: 'auth/notAllowedShown' }
