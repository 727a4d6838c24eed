/** `airlock-kit/options`: the options' zod schema, defaults, feature lists and origin helpers. */
export { DEFAULT_HOSTS, SIWX_CONFLICT_MESSAGE, resolveOptions } from './resolveOptions.js'
export { optionsSchema } from './optionsSchema.js'
export type { AirlockOptions, ResolvedOptions } from './resolveOptions.js'
export { CONNECT_METHODS, DEFAULT_REMOTE_FEATURES, SOCIAL_PROVIDERS, WALLET_FEATURES } from './features.js'
export type { ConnectMethod, Features, SocialProvider, WalletFeature } from './features.js'
export { DEFAULT_ALLOWED_ORIGINS, isOriginAllowed, matchOrigin } from './origins.js'
