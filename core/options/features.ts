import type { FeaturesOutput } from './featuresInputSchema.js'

export const SOCIAL_PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]
export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof WALLET_FEATURES)[number]
export const SWAP_PROVIDERS = ['1inch'] as const
export const ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const

/** SPEC 1 defaults of the remote features, used when no remote config overrides them. */
export const DEFAULT_REMOTE_FEATURES = {
  email: true,
  socials: [...SOCIAL_PROVIDERS] as SocialProvider[],
  swaps: ['1inch'] as string[],
  onramp: ['coinbase', 'meld'] as string[],
  activity: true,
  reownBranding: true,
}

/** Feature keys a remote project configuration may decide. */
export const REMOTE_FEATURE_KEYS = ['email', 'socials', 'swaps', 'onramp', 'activity', 'reownBranding'] as const
export type RemoteFeatureKey = (typeof REMOTE_FEATURE_KEYS)[number]

/** The resolved features: every field set, lists resolved. */
export interface Features {
  email: boolean
  socials: SocialProvider[] | false
  swaps: string[] | false
  onramp: string[] | false
  activity: boolean
  reownBranding: boolean
  analytics: boolean
  receive: boolean
  send: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  emailShowWallets: boolean
  /** Undefined means automatic: email, social, wallet; wallet first when a browser wallet is installed. */
  connectMethodsOrder?: ConnectMethod[]
  walletFeaturesOrder: WalletFeature[]
}

/** Applies SPEC 1 defaults to the host's features. */
export function resolveFeatures(input: FeaturesOutput = {}): Features {
  const list = (value: boolean | string[] | undefined, defaults: string[]): string[] | false =>
    value === undefined || value === true ? defaults : value
  return {
    email: input.email ?? DEFAULT_REMOTE_FEATURES.email,
    socials: input.socials === undefined || input.socials === true ? DEFAULT_REMOTE_FEATURES.socials : input.socials,
    swaps: list(input.swaps, DEFAULT_REMOTE_FEATURES.swaps),
    onramp: list(input.onramp, DEFAULT_REMOTE_FEATURES.onramp),
    activity: input.activity ?? input.history ?? DEFAULT_REMOTE_FEATURES.activity,
    reownBranding: input.reownBranding ?? DEFAULT_REMOTE_FEATURES.reownBranding,
    analytics: input.analytics ?? true,
    receive: input.receive ?? true,
    send: input.send ?? true,
    allWallets: input.allWallets ?? true,
    legalCheckbox: input.legalCheckbox ?? false,
    smartSessions: input.smartSessions ?? false,
    collapseWallets: input.collapseWallets ?? false,
    pay: input.pay ?? false,
    emailShowWallets: input.emailShowWallets ?? true,
    ...(input.connectMethodsOrder ? { connectMethodsOrder: input.connectMethodsOrder } : {}),
    walletFeaturesOrder: input.walletFeaturesOrder ?? [...WALLET_FEATURES],
  }
}

/** The remote-decidable features the host set explicitly (for the "Local configuration ignored" warning). */
export function explicitRemoteFeatures(input: FeaturesOutput = {}): RemoteFeatureKey[] {
  return REMOTE_FEATURE_KEYS.filter((key) => input[key] !== undefined || (key === 'activity' && input.history !== undefined))
}

/** True when no value repeats (the orders list each method or feature once). */
export function unique(values: readonly string[]): boolean {
  return new Set(values).size === values.length
}
