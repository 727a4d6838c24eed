import { z } from 'zod'
import { SOCIAL_PROVIDERS, type Features, type RemoteFeatureKey, type SocialProvider } from './features.js'

/** The body of `GET /appkit/v1/config`: a list of features, each on or off with an optional list. */
export const remoteConfigSchema = z.object({
  features: z
    .array(
      z.object({
        id: z.string(),
        isEnabled: z.boolean(),
        config: z.array(z.string()).nullable().optional(),
      }),
    )
    .max(100),
})
export type RemoteConfig = z.infer<typeof remoteConfigSchema>

/** The body of `GET /projects/v1/origins`. */
export const allowedOriginsSchema = z.object({ allowedOrigins: z.array(z.string()).max(1000) })

type Entry = RemoteConfig['features'][number]

/**
 * Turns a remote config into feature values. A feature the remote config does
 * not mention, or mentions with a `null` config, keeps its local value;
 * otherwise the remote value wins, and a local value the host set explicitly
 * is reported in `ignoredLocal` (SPEC 1 "Local configuration ignored").
 * @example applyRemoteFeatures(config, ['email']) // { features: { email: false, ... }, ignoredLocal: ['email'] }
 */
export function applyRemoteFeatures(
  config: RemoteConfig,
  localKeys: readonly RemoteFeatureKey[],
): { features: Partial<Pick<Features, RemoteFeatureKey>>; ignoredLocal: RemoteFeatureKey[] } {
  const byId = new Map(config.features.map((entry) => [entry.id, entry]))
  const features: Partial<Pick<Features, RemoteFeatureKey>> = {}
  const decided: RemoteFeatureKey[] = []
  const social = byId.get('social_login')
  if (social && social.config !== null) {
    const list = social.config ?? []
    features.email = social.isEnabled && list.includes('email')
    const socials = list.filter((id): id is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(id))
    features.socials = social.isEnabled && socials.length > 0 ? socials : false
    decided.push('email', 'socials')
  }
  const list = (entry: Entry | undefined, key: 'swaps' | 'onramp') => {
    if (!entry || entry.config === null) return
    features[key] = entry.isEnabled && (entry.config ?? []).length > 0 ? (entry.config ?? []) : false
    decided.push(key)
  }
  list(byId.get('swap'), 'swaps')
  list(byId.get('onramp'), 'onramp')
  const flag = (entry: Entry | undefined, key: 'activity' | 'reownBranding') => {
    if (!entry) return
    features[key] = entry.isEnabled
    decided.push(key)
  }
  flag(byId.get('activity'), 'activity')
  flag(byId.get('reown_branding'), 'reownBranding')
  return { features, ignoredLocal: localKeys.filter((key) => decided.includes(key)) }
}
