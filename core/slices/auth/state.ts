import type { AuthAccountType, AuthApproval, EmailLoginStep, UpdateEmailStep } from '../../actions/auth.js'
import type { ErrorInfo } from '../../actions/types.js'
import type { SocialProvider } from '../../options/features.js'
import type { SecretRef } from '../../store/secretBox.js'

/** The auth connector as state sees it: steps, cooldown and approvals. Never an email, code or token. */
export interface AuthState {
  readonly step: EmailLoginStep
  /** Scheduler time until which no new email code may be asked for (SPEC 5, survives reloads). */
  readonly cooldownUntil: number | null
  /** Whole seconds left, ticked by the cooldown epic. */
  readonly cooldownSeconds: number
  /** A code was asked for inside the cooldown: the view shows 'Please try again after N seconds'. */
  readonly blocked: boolean
  readonly error: ErrorInfo | null
  /** The social login in progress or connected. */
  readonly social: SocialProvider | null
  /** Where the Farcaster channel URL is kept (`deps.secrets`): the URL itself never enters state. */
  readonly farcasterUrlRef: SecretRef | null
  readonly userName: string | null
  readonly accountType: AuthAccountType | null
  readonly smartAccountDeployed: boolean
  readonly smartAccountNetworks: readonly number[]
  readonly updateEmail: UpdateEmailStep
  readonly updateEmailError: ErrorInfo | null
  /** Unsafe requests waiting for the person's answer inside the secure frame, oldest first. */
  readonly approvals: readonly AuthApproval[]
  /** SPEC 8 'Action not allowed' is on screen. */
  readonly notAllowed: boolean
}

/** Apart from the reducer, so the page's first JavaScript has the state and not the code that changes it (it loads late). */
export const initialAuthState: AuthState = {
  step: 'idle',
  cooldownUntil: null,
  cooldownSeconds: 0,
  blocked: false,
  error: null,
  social: null,
  farcasterUrlRef: null,
  userName: null,
  accountType: null,
  smartAccountDeployed: false,
  smartAccountNetworks: [],
  updateEmail: 'idle',
  updateEmailError: null,
  approvals: [],
  notAllowed: false,
}
