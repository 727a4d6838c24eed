import { useCallback, useMemo } from 'react'
import type { SocialProvider } from '../../core/options/features.js'
import { useAirlockInstance } from '../context.js'
import { beginSocialLogin, selectEmbeddedConnected, SOCIAL_NAMES } from '../modal/parts/embeddedAuth.js'
import { shallowEqual, useAirlockSelector } from './useAirlockSelector.js'

export type SocialLoginStatus = 'idle' | 'connecting' | 'connected' | 'failed'

export interface UseSocialLoginReturnType {
  /** The providers this app has on (`features.socials`), in its order, with their display names. */
  providers: readonly { readonly id: SocialProvider; readonly name: string }[]
  /** The provider of the login in progress, failed, or connected; null when none. */
  provider: SocialProvider | null
  /** `connecting` from `login` until the embedded wallet connects (`connected`) or the login fails (`failed`, with `error`). */
  status: SocialLoginStatus
  error: string | null
  /** Farcaster's sign-in link, to show as a QR code (or open on a phone); undefined for the other providers. */
  farcasterUrl: string | undefined
  /**
   * Starts a login. Call it inside the click: it opens the provider's pop-up at once, as browsers
   * allow only then (Farcaster opens none: show `farcasterUrl`).
   */
  login(provider: SocialProvider): void
  /** Stops the login in progress and closes its pop-up. */
  cancel(): void
}

/**
 * Social login through the embedded secure frame (SPEC 3, 5), as the modal's social buttons start
 * it, for buttons of your own.
 * @example
 * const { providers, login, status, error } = useSocialLogin()
 * return providers.map((p) => <button key={p.id} onClick={() => login(p.id)}>Continue with {p.name}</button>)
 */
export function useSocialLogin(): UseSocialLoginReturnType {
  const airlock = useAirlockInstance()
  const socials = useAirlockSelector((s) => s.options.features.socials, shallowEqual)
  const { provider, error, step, urlRef, connected } = useAirlockSelector(
    (s) => ({
      provider: s.auth.social,
      error: s.auth.error?.message ?? null,
      step: s.auth.step,
      urlRef: s.auth.farcasterUrlRef,
      connected: selectEmbeddedConnected(s),
    }),
    shallowEqual,
  )
  const providers = useMemo(() => (socials || []).map((id) => ({ id, name: SOCIAL_NAMES[id] })), [socials])
  const login = useCallback((chosen: SocialProvider) => beginSocialLogin(airlock, chosen), [airlock])
  const cancel = useCallback(() => airlock.dispatch({ type: 'auth/loginCancelled' }), [airlock])
  const status: SocialLoginStatus = provider === null ? 'idle' : error ? 'failed' : connected && step === 'idle' ? 'connected' : 'connecting'
  // A bearer value: kept out of state and the log, read here by its reference.
  const farcasterUrl = provider === 'farcaster' ? airlock.deps.secrets.get(urlRef) : undefined
  return useMemo(() => ({ providers, provider, status, error, farcasterUrl, login, cancel }), [providers, provider, status, error, farcasterUrl, login, cancel])
}
