import { z } from 'zod'
import type { RedirectSocialProvider } from '../../actions/auth.js'
import { SOCIAL_LOGIN_MARKER_MS } from '../../constants/timing.js'

const REDIRECT_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const satisfies readonly RedirectSocialProvider[]

/**
 * "This browser started a social login" (issue L-9): the OAuth `state` of the provider URL the
 * frame gave us, the provider, and when the marker lapses (the scheduler's clock). A social result
 * in the page URL completes a login only with a marker for its state, so a link carrying someone
 * else's result cannot log this visitor into that account.
 */
export const socialLoginMarkerSchema = z
  .object({
    state: z.string().min(1).max(512).regex(/^[\x21-\x7e]+$/, 'Invalid state'),
    provider: z.enum(REDIRECT_PROVIDERS),
    expiresAt: z.number().finite().nonnegative(),
  })
  .strict()

export type SocialLoginMarker = z.output<typeof socialLoginMarkerSchema>

/**
 * The OAuth `state` parameter of a URI (its query, else its fragment), or null.
 * @example oauthStateOf('https://secure.example/oauth?provider=github&state=abc') // 'abc'
 */
export function oauthStateOf(uri: string): string | null {
  try {
    const url = new URL(uri)
    return url.searchParams.get('state') || new URLSearchParams(url.hash.slice(1)).get('state') || null
  } catch {
    return null
  }
}

/**
 * The marker to keep when the provider URL `redirectUri` opens at `now`; null when that URL has
 * no usable `state` (then no result in the page URL can complete a login).
 * @example startedSocialLogin(uri, 'github', deps.scheduler.now())
 */
export function startedSocialLogin(redirectUri: string, provider: RedirectSocialProvider, now: number): SocialLoginMarker | null {
  const parsed = socialLoginMarkerSchema.safeParse({ state: oauthStateOf(redirectUri), provider, expiresAt: now + SOCIAL_LOGIN_MARKER_MS })
  return parsed.success ? parsed.data : null
}

/**
 * Checks a result URI against the stored marker (unvalidated, as read): `match` is the marker when
 * it is well formed, unexpired at `now` and for the result's `state`; `remove` says the marker is
 * done with (used now, or expired). A marker for another state stays: someone else's link never
 * cancels a login in progress.
 * @example checkSocialLogin(await storage.getItem('walletSocialLoginStarted'), resultUri, deps.scheduler.now())
 */
export function checkSocialLogin(stored: unknown, resultUri: string, now: number): { match: SocialLoginMarker | null; remove: boolean } {
  const parsed = socialLoginMarkerSchema.safeParse(stored)
  if (!parsed.success) return { match: null, remove: false }
  if (parsed.data.expiresAt <= now) return { match: null, remove: true }
  return oauthStateOf(resultUri) === parsed.data.state ? { match: parsed.data, remove: true } : { match: null, remove: false }
}
