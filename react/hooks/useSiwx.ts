import { useMemo } from 'react'
import type { ErrorInfo, SiwxSessionInfo } from '../../core/actions/types.js'
import type { SiwxStatus } from '../../core/state.js'
import { useAirlockInstance } from '../context.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export interface UseSiwxReturnType {
  /** `signedIn` once the account has a session (checked after connect, or just signed). */
  status: SiwxStatus
  isSignedIn: boolean
  /** Sign-in is required: cancelling disconnects. */
  required: boolean
  /** Who and until when; the signatures stay in the siwx config. */
  sessions: readonly SiwxSessionInfo[]
  error: ErrorInfo | null
  /** Asks the wallet to sign the sign-in message. */
  signIn(): void
  cancel(): void
  signOut(): void
}

/**
 * Sign in with the wallet (SIWX) for the connected account.
 * @example const { isSignedIn, signOut } = useSiwx()
 */
export function useSiwx(): UseSiwxReturnType {
  const airlock = useAirlockInstance()
  const { status, required, sessions, error } = useAirlockSelector(
    (state) => ({ status: state.siwx.status, required: state.siwx.required, sessions: state.siwx.sessions, error: state.siwx.error }),
    shallowEqual,
  )
  return useMemo(
    () => ({
      status,
      isSignedIn: status === 'signedIn' && sessions.length > 0,
      required,
      sessions,
      error,
      signIn: () => airlock.dispatch({ type: 'siwx/signRequested' }),
      cancel: () => airlock.dispatch({ type: 'siwx/cancelRequested' }),
      signOut: () => airlock.dispatch({ type: 'siwx/signOutRequested' }),
    }),
    [airlock, status, required, sessions, error],
  )
}
