import { BaseError } from '../errors/BaseError.js'
import type { Network, ChainNamespace } from '../chains/types.js'
import { ethereum } from '../chains/networks.js'
import { SDK_TYPE, SDK_VERSION } from '../constants/limits.js'
import { explicitRemoteFeatures, resolveFeatures, type Features, type RemoteFeatureKey } from './features.js'
import type { AirlockOptions } from './optionsSchema.js'
import { optionsValidator, type CheckedOptions } from './optionsValidator.js'
import type { Issue } from './validator.js'
import { lazySiweConfig } from '../siwx/lazySiweConfig.js'
import type { SiweConfig, SiwxConfig } from '../siwx/types.js'

export type { AirlockOptions } from './optionsSchema.js'

/** Default service hosts (SPEC 7: hosts are options, never hard-coded in logic). */
export const DEFAULT_HOSTS = {
  apiUrl: 'https://api.web3modal.org',
  blockchainApiUrl: 'https://rpc.walletconnect.org',
  analyticsUrl: 'https://pulse.walletconnect.org',
  secureSiteUrl: 'https://secure.walletconnect.org',
  relayUrl: 'wss://relay.walletconnect.org',
} as const

/** The serializable, fully-defaulted options that live in `getState().options`. */
/** `system`: follow the device's light or dark setting. */
export type ThemeMode = 'light' | 'dark' | 'system'

export interface ResolvedOptions {
  projectId: string | null
  networks: Network[]
  defaultNetwork: Network
  metadata: { name?: string; description?: string; url?: string; icons?: string[] }
  features: Features
  /** Remote-decidable features the host set itself: a remote config ignores these (with a warning). */
  localFeatureKeys: RemoteFeatureKey[]
  /** null or `system`: the device's setting. */
  themeMode: ThemeMode | null
  themeVariables: Record<string, string | number>
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  excludeWallets: string[]
  allowUnsupportedChain: boolean
  defaultAccountTypes: Record<ChainNamespace, string>
  debug: boolean
  enableWalletConnect: boolean
  enableWalletGuide: boolean
  enableWallets: boolean
  enableEIP6963: boolean
  enableNetworkSwitch: boolean
  enableAuthLogger: boolean
  enableEmbedded: boolean
  disableAppend: boolean
  apiUrl: string
  blockchainApiUrl: string
  analyticsUrl: string
  secureSiteUrl: string
  relayUrl: string
  /** On-ramp providers the site holds an account with (the aggregator needs the site's public key); absent when none, so older logs replay to the same options. */
  onrampProviders?: { meld?: { publicKey: string; url?: string } }
  /** Set only when given, as `onrampProviders` (a log from before them replays to the same options). */
  termsConditionsUrl?: string
  /** The views' language as the host gave it (core/i18n/locales.ts resolves it). */
  locale?: string
  privacyPolicyUrl?: string
  allowedOrigins: string[]
  /** ERC-20 tokens to show per network (CAIP-2) when there is no project id: read from the network's RPC. */
  tokens: Record<string, { address: string }[]>
  logSize: number
  sdkType: string
  sdkVersion: string
  /** Sign-in is configured (the config object itself is kept outside state). */
  siwxEnabled: boolean
}

export const SIWX_CONFLICT_MESSAGE = 'Cannot set both `siweConfig` and `siwx` options'

/**
 * Validates the host's options and applies SPEC 1 defaults.
 * @example const { options } = resolveOptions({ projectId: 'abc', networks: [mainnet] })
 */
export function resolveOptions(input: AirlockOptions = {}): {
  options: ResolvedOptions
  siwx: SiwxConfig | undefined
} {
  // Truthy both (a primitive or null input has neither, and fails the check below in development).
  if (input?.siweConfig && input.siwx) {
    throw new BaseError(SIWX_CONFLICT_MESSAGE)
  }
  let o = (input ?? {}) as CheckedOptions
  // Checked in development and tests: the host's bundler replaces `process.env.NODE_ENV`, so a
  // production build drops the checks and their 2 KB from the page (issue 12), as React and
  // TanStack Query do with theirs. The zod-free twin of `optionsSchema` (same issues and output).
  if (process.env.NODE_ENV !== 'production') {
    const issues: Issue[] = []
    const [status, valid] = optionsValidator(input ?? {}, [], issues)
    if (status !== 0) {
      const details = issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`).join('; ')
      throw new BaseError(`Invalid options: ${details}`, { details, cause: { issues } })
    }
    o = valid
  }
  // The sign-in configs hold functions and stay out of state; every other key the host gave is
  // kept as given unless a default or a rule below replaces it. That is how the options without a
  // default (`onrampProviders`, `termsConditionsUrl`, `privacyPolicyUrl`) are set only when given
  // (a log from before them replays to the same options), at no cost per option in the page's
  // first file. Unknown keys are refused by the check above in development.
  const { siwx: _siwx, siweConfig: _siweConfig, ...given } = o
  const networks = o.networks ?? [ethereum]
  const defaultNetwork = o.defaultNetwork ?? networks[0]!
  return {
    // The host's own object, not zod's copy: a class instance keeps its prototype and `this`.
    siwx: input.siwx ? (input.siwx as unknown as SiwxConfig) : input.siweConfig ? lazySiweConfig(input.siweConfig as unknown as SiweConfig) : undefined,
    options: {
      ...given,
      projectId: o.projectId ?? null,
      networks,
      defaultNetwork,
      metadata: o.metadata ?? {},
      features: resolveFeatures(o.features),
      localFeatureKeys: explicitRemoteFeatures(o.features),
      themeMode: o.themeMode ?? null,
      themeVariables: o.themeVariables ?? {},
      featuredWalletIds: o.featuredWalletIds ?? [],
      includeWalletIds: o.includeWalletIds ?? [],
      excludeWalletIds: o.excludeWalletIds ?? [],
      excludeWallets: o.excludeWallets ?? [],
      allowUnsupportedChain: o.allowUnsupportedChain ?? false,
      defaultAccountTypes: { eip155: 'smartAccount', solana: 'eoa', bip122: 'payment', polkadot: 'eoa', cosmos: 'eoa', ...o.defaultAccountTypes },
      debug: o.debug ?? true,
      enableWalletConnect: o.enableWalletConnect ?? true,
      enableWalletGuide: o.enableWalletGuide ?? true,
      enableWallets: o.enableWallets ?? true,
      enableEIP6963: o.enableEIP6963 ?? true,
      enableNetworkSwitch: o.enableNetworkSwitch ?? true,
      enableAuthLogger: o.enableAuthLogger ?? true,
      enableEmbedded: o.enableEmbedded ?? false,
      disableAppend: o.disableAppend ?? false,
      apiUrl: trimSlash(o.apiUrl ?? DEFAULT_HOSTS.apiUrl),
      blockchainApiUrl: trimSlash(o.blockchainApiUrl ?? DEFAULT_HOSTS.blockchainApiUrl),
      analyticsUrl: trimSlash(o.analyticsUrl ?? DEFAULT_HOSTS.analyticsUrl),
      secureSiteUrl: trimSlash(o.secureSiteUrl ?? DEFAULT_HOSTS.secureSiteUrl),
      relayUrl: trimSlash(o.relayUrl ?? DEFAULT_HOSTS.relayUrl),
      allowedOrigins: o.allowedOrigins ?? [],
      tokens: o.tokens ?? {},
      logSize: o.logSize ?? 1000,
      sdkType: o.sdkType ?? SDK_TYPE,
      sdkVersion: o.sdkVersion ?? SDK_VERSION,
      siwxEnabled: Boolean(o.siwx ?? o.siweConfig),
    },
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
